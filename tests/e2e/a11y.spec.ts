import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { bannerPng, seedShop, type SeededShop, signInAsAdmin } from './admin-fixtures';
import { signedInAs, signInViaApi } from './fixtures';

/**
 * An axe-core scan of every route of the spec, signed out and signed in as each role, strict on
 * serious and critical violations (WCAG 2.1 A and AA rules).
 */

async function settle(page: Page) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  // Let skeletons give way to content (lazy screens, first queries), so the content is what is scanned.
  await expect(page.getByRole('status').filter({ hasText: /Loading/ })).toHaveCount(0, { timeout: 15_000 });
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 10_000 });
  // A server-rendered page's toggles (categories, hearts, Follow) stay disabled until it is hydrated;
  // scanned before that, /browse's category strip held nothing focusable (a fresh-clone run, under load).
  await expect(page.locator('button[aria-pressed][disabled]')).toHaveCount(0, { timeout: 15_000 });
}

async function seriousViolations(page: Page): Promise<string[]> {
  // A dialog fades in (160 ms): colours read mid-animation are not the ones people see. An animation
  // cancelled meanwhile (its element re-rendered) rejects `finished` with an AbortError: over all the same.
  // The fonts too: text measured in a fallback font is not the text people see. (This replaced a fixed
  // 300 ms wait after each page settled.)
  await page.evaluate(async () => {
    await document.fonts.ready;
    await Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined)));
  });
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  // A11Y_ALL=1 also lists moderate and minor findings (not failures), to report them to the screen owners.
  if (process.env.A11Y_ALL) {
    for (const v of results.violations.filter((x) => x.impact !== 'serious' && x.impact !== 'critical')) {
      console.log(`[a11y ${v.impact}] ${new URL(page.url()).pathname} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`);
    }
  }
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help}\n    ${v.nodes.map((n) => `${n.target.join(' ')}  ${n.failureSummary?.split('\n').slice(1, 2).join('') ?? ''}`).join('\n    ')}`);
}

async function scanRoutes(page: Page, routes: string[]) {
  for (const route of routes) {
    await test.step(route, async () => {
      await page.goto(route);
      await settle(page);
      const found = await seriousViolations(page);
      expect.soft(found, `${route} (${page.url()})\n  ${found.join('\n  ')}`).toEqual([]);
    });
  }
}

async function putInCart(page: Page, shop: SeededShop) {
  const product = shop.products[0]!;
  await page.evaluate(
    ([item]) => localStorage.setItem('cart', JSON.stringify([item])),
    [
      {
        product_id: product.id,
        color: null,
        size: null,
        quantity: 1,
        price: 1999,
        currency: 'USD',
        product_name: product.name,
        image_url: null,
        shop_id: shop.shopId,
        slug: product.slug,
      },
    ] as const,
  );
}

let shop: SeededShop;
let guestOrderNumber = '';

const SHIPPING = { fullName: 'Axe Guest', email: 'axe-guest@e2e.test', phone: '+15550001234', address: '1 Contrast Road', city: 'Lumen', postalCode: '12345' };

async function placeOrder(page: Page, productId: number): Promise<string> {
  const response = await page.request.post('/api/trpc/orders.checkout', {
    data: { items: [{ productId, quantity: 1, color: null, size: null }], shipping: SHIPPING },
  });
  expect(response.ok(), await response.text()).toBeTruthy();
  const text = await response.text();
  return /ORD-\d{8}-\d{4}-\d{6}/.exec(text)?.[0] ?? '';
}

test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  // A discounted, low-stock product, so those badges are scanned.
  shop = await seedShop({ products: [{ name: 'Axe Checked Lamp', discount: { type: 'percent', value: 20 }, stock: 5 }, { name: 'Axe Checked Rug' }] });
  // A banner, so the /browse carousel is scanned too.
  await signInAsAdmin(page);
  const upload = await page.request.post('/api/uploads', { multipart: { file: { name: 'b.png', mimeType: 'image/png', buffer: await bannerPng() } } });
  const { url } = (await upload.json()) as { url: string };
  await page.request.post('/api/trpc/sliders.add', { data: { title: 'Accessible banner', imageUrl: url, redirectUrl: '/shops' } });
  // A guest order, for the shop's orders screen and guest tracking.
  await context.clearCookies();
  guestOrderNumber = await placeOrder(page, shop.products[1]!.id);
  await context.close();
});

const PUBLIC_ROUTES = () => ['/browse', '/shops', `/shop/${shop.slug}`, `/product/${shop.products[0]!.slug}`, '/guest/orders', '/no-such-page'];

test('signed out: every public route', async ({ page }) => {
  test.setTimeout(120_000);
  await scanRoutes(page, ['/auth', ...PUBLIC_ROUTES(), '/cart']);
  await putInCart(page, shop);
  await scanRoutes(page, ['/cart', '/checkout']);
  await test.step('guest tracking results', async () => {
    await page.goto('/guest/orders');
    await settle(page);
    await page.getByLabel('Order Number').fill(guestOrderNumber);
    await page.getByRole('button', { name: 'Search Orders' }).click();
    await expect(page.getByText(guestOrderNumber).first()).toBeVisible();
    expect.soft(await seriousViolations(page), 'guest tracking results').toEqual([]);
  });
});

test('signed in as a buyer', async ({ page }) => {
  test.setTimeout(120_000);
  await signedInAs(page, 'buyer', 'Axe Buyer');
  await placeOrder(page, shop.products[1]!.id);
  // The public routes whose content changes for a buyer (the header on all of them; the review forms on
  // the shop and product pages): /shops, /guest/orders, the not-found page and the empty cart differ
  // from the signed-out scans above only by the header, which these scans cover.
  await scanRoutes(page, ['/browse', `/shop/${shop.slug}`, `/product/${shop.products[0]!.slug}`, '/buyer/orders', '/settings']);
  await putInCart(page, shop);
  await scanRoutes(page, ['/cart', '/checkout']);
});

test('a new account choosing a role', async ({ page }) => {
  await signedInAs(page, null);
  await scanRoutes(page, ['/role-selection']);
});

test('signed in as a shopkeeper', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signInViaApi(page, shop.owner.email, shop.owner.password);
  await scanRoutes(page, [
    '/shop/dashboard',
    '/shop/products',
    '/shop/products/create',
    `/shop/products/edit/${shop.products[0]!.id}`,
    '/shop/orders',
    '/shop/cash',
    '/shop/manage',
    '/shop/settings',
    '/settings',
    `/shop/${shop.slug}`,
  ]);
  // A shopkeeper without a shop yet.
  const context = await browser.newContext();
  const fresh = await context.newPage();
  await signedInAs(fresh, 'shopkeeper');
  await scanRoutes(fresh, ['/shop/create']);
  await context.close();
});

test('signed in as an admin, with the forms and dialogs open', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAsAdmin(page);
  await scanRoutes(page, ['/admin/dashboard', '/admin/users', '/admin/shops', '/admin/products', '/admin/sliders', '/admin/orders', '/admin/reports', '/admin/activity', '/browse']);
  await page.goto('/admin/sliders');
  await settle(page);
  await page.getByRole('button', { name: 'Add Slider' }).click();
  await expect(page.getByRole('form', { name: 'Add Slider' })).toBeVisible();
  expect.soft(await seriousViolations(page), 'Add Slider form').toEqual([]);
  await page.getByRole('article').first().getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('alertdialog')).toBeVisible();
  expect.soft(await seriousViolations(page), 'confirm dialog').toEqual([]);
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
});

test('keyboard: the skip link and controls show a visible focus ring @phone', async ({ page }) => {
  await page.goto('/browse');
  await settle(page);
  const seen: string[] = [];
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press('Tab');
    const focus = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      const style = getComputedStyle(el);
      const ring = (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2) || style.boxShadow !== 'none';
      return { name: `${el.tagName.toLowerCase()} ${(el.textContent ?? el.getAttribute('aria-label') ?? '').trim().slice(0, 30)}`, ring };
    });
    if (!focus) continue;
    seen.push(focus.name);
    expect.soft(focus.ring, `focus ring on ${focus.name}`).toBe(true);
  }
  expect(seen[0]).toContain('Skip to content');
});

// The phone width's screens, in three tests so that the two workers share them (one test of some 20
// screens ran 140 s, the longest of the suite, at its end).
test('phone width: public screens @phone', async ({ page }) => {
  test.setTimeout(120_000);
  await scanRoutes(page, ['/auth', ...PUBLIC_ROUTES(), '/cart']);
});

test('phone width: admin screens @phone', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAsAdmin(page);
  await scanRoutes(page, ['/admin/dashboard', '/admin/users', '/admin/shops', '/admin/products', '/admin/sliders', '/admin/orders', '/admin/reports', '/admin/activity', '/admin/settings']);
});

test('phone width: shopkeeper screens @phone', async ({ page }) => {
  test.setTimeout(120_000);
  await signInViaApi(page, shop.owner.email, shop.owner.password);
  await scanRoutes(page, ['/shop/dashboard', '/shop/products', '/shop/orders', '/shop/cash', '/shop/manage', '/shop/settings']);
});
