import { type Browser, expect, type Page, test } from '@playwright/test';
import { pngImage } from '../../src/server/testing/factories';
import { seedShop, signInAsAdmin, uniqueName } from './admin-fixtures';
import { signInViaApi, toast } from './fixtures';

// The marketplace's logo and each shop's policies (issue 47). A logo changes every page of the one
// server the suite shares, so this file runs in the marketplace-wide project, after the others
// (playwright.config.ts MARKETPLACE_WIDE); it removes the logo at the end. Each test sets its viewport.

const SHOTS = process.env.E2E_SCREENSHOTS;
const VIEWPORTS = [
  ['1280', { width: 1280, height: 900 }],
  ['375', { width: 375, height: 812 }],
] as const;

test.describe.configure({ mode: 'serial' });

test.afterAll(async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAsAdmin(page);
  const origin = `http://127.0.0.1:${process.env.E2E_PORT ?? 3100}`;
  expect((await page.request.post('/api/trpc/settings.removeLogo', { data: {}, headers: { origin } })).status()).toBe(200);
  await context.close();
});

/** The manifest's icon addresses, as a browser installing the app reads them. */
async function manifestIcons(page: Page): Promise<string[]> {
  const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as { icons: Array<{ src: string }> };
  return manifest.icons.map((icon) => icon.src);
}

/** A guest's fresh visit: the logo in the top bar, in English and Urdu. */
async function guestSeesLogo(browser: Browser, viewport: { width: number; height: number }, label: string) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await page.goto('/browse');
  const logo = page.getByRole('banner').getByTestId('site-logo');
  await expect(logo).toBeVisible();
  await expect(logo).toHaveJSProperty('naturalWidth', 192);
  await expect(page.locator('head link[rel="icon"]')).toHaveAttribute('href', /-favicon-32\.png$/);
  expect((await manifestIcons(page))[0]).toMatch(/-icon-192\.png$/);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/brand-topbar-logo-${label}.png` });
  await page.goto('/ur/browse');
  await expect(page.getByRole('banner').getByTestId('site-logo')).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/brand-ur-topbar-logo-${label}.png` });
  await context.close();
}

test('the admin uploads a logo (a bad file is refused by the field); a guest sees it in the top bar and the manifest icons change', async ({ browser }) => {
  // One flow at two widths, each with a guest's visit in two languages.
  test.slow();
  for (const [label, viewport] of VIEWPORTS) {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await signInAsAdmin(page);
    await page.goto('/admin/settings');
    const section = page.getByRole('region', { name: 'Logo' });
    await expect(section).toBeVisible();
    const before = await manifestIcons(page);
    const input = section.locator('input[type="file"]');

    // An SVG is refused by the field, and nothing changes.
    await input.setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>') });
    await expect(section.getByRole('alert')).toHaveText('An SVG logo cannot be used (it can carry scripts). Please upload a PNG, JPEG or WebP image');
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(await manifestIcons(page)).toEqual(before);

    // A small generated PNG, wider than tall: cropped square on the server.
    await input.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await pngImage(label === '1280' ? '#1d4ed8' : '#7c2d12', 180, 120) });
    await expect(toast(page, 'Logo saved')).toBeVisible();
    const preview = section.getByTestId('logo-preview');
    await expect(preview).toBeVisible();
    await expect(preview).toHaveJSProperty('naturalWidth', 120);
    await expect(preview).toHaveJSProperty('naturalHeight', 120);
    // This page's top bar shows it at once.
    await expect(page.getByRole('banner').getByTestId('site-logo')).toBeVisible();
    const after = await manifestIcons(page);
    expect(after).not.toEqual(before);
    expect(after).toHaveLength(3);
    if (SHOTS) await section.screenshot({ path: `${SHOTS}/brand-admin-logo-${label}.png` });
    await page.goto('/ur/admin/settings');
    await expect(page.getByRole('region', { name: 'لوگو' }).getByTestId('logo-preview')).toBeVisible();
    if (SHOTS) await page.getByRole('region', { name: 'لوگو' }).screenshot({ path: `${SHOTS}/brand-ur-admin-logo-${label}.png` });
    await context.close();

    await guestSeesLogo(browser, viewport, label);
  }
});

test('a shop\'s returns text, written in its settings, shows beside Add to Cart and in its group at checkout', async ({ browser }) => {
  // The owner's settings, then a guest at two widths in two languages.
  test.slow();
  const shop = await seedShop({ shopName: uniqueName('Policy Shop'), currency: 'PKR', products: [{ name: uniqueName('Lawn Suit'), price: 250_000 }] });
  const returns = '7-day exchange if unused; the buyer pays the return delivery';
  const delivery = '2-4 working days in Karachi';
  {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signInViaApi(page, shop.owner.email, shop.owner.password);
    await page.goto('/shop/settings');
    const form = page.getByRole('form', { name: 'Policies' });
    const returnsField = form.getByLabel('Returns and exchanges');
    // Over its length: the message by the field, nothing sent.
    await returnsField.fill('x'.repeat(501));
    await form.getByRole('button', { name: 'Save Policies' }).click();
    await expect(form.getByText('Returns and exchanges must be at most 500 characters')).toBeVisible();
    await returnsField.fill(returns);
    await form.getByLabel('Delivery time').fill(delivery);
    await form.getByRole('button', { name: 'Save Policies' }).click();
    await expect(toast(page, 'Policies saved')).toBeVisible();
    await context.close();
  }
  const product = shop.products[0]!;
  for (const [label, viewport] of VIEWPORTS) {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await page.goto(`/product/${product.slug}`);
    const policies = page.getByTestId('shop-policies');
    await expect(policies).toContainText(returns);
    await expect(policies).toContainText(delivery);
    // Beside Add to Cart: right below it.
    const button = await page.getByRole('button', { name: 'Add to Cart' }).boundingBox();
    const box = await policies.boundingBox();
    expect(box!.y - (button!.y + button!.height)).toBeLessThan(40);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/brand-product-policies-${label}.png`, fullPage: label === '375' });
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(toast(page, /added to cart/i)).toBeVisible();
    await page.goto('/checkout');
    const group = page.getByRole('region', { name: shop.name });
    await expect(group.getByTestId('shop-policies')).toContainText(returns);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/brand-checkout-policies-${label}.png`, fullPage: true });
    await page.goto(`/ur/product/${product.slug}`);
    await expect(page.getByTestId('shop-policies')).toContainText('واپسی اور تبادلہ');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/brand-ur-product-policies-${label}.png`, fullPage: label === '375' });
    await page.goto('/ur/checkout');
    await expect(page.getByRole('region', { name: shop.name }).getByTestId('shop-policies')).toContainText(returns);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/brand-ur-checkout-policies-${label}.png`, fullPage: true });
    await context.close();
  }
});
