import { type Browser, expect, type Page, test } from '@playwright/test';
import { packingSlipsHref } from '../../src/client/features/orders/packing-slips-link';
import { createOrder } from '../../src/server/testing/factories';
import { seedShop, signInAsAdmin } from './admin-fixtures';
import { e2eEnv } from './e2e-db';
import { toast } from './fixtures';

// The marketplace's own name and colour (issue 47). A rename changes every page of the one server the
// suite shares, so this file is its own project that runs after the others (playwright.config.ts), and
// puts the defaults back at the end.

const DEFAULTS = { name: 'Marketplace', shortName: '', tagline: '', brandColour: '#0d7a6f', supportWhatsapp: '15550001111', contactEmail: '', countryCode: '92' };
const SHOTS = process.env.E2E_SCREENSHOTS;

test.describe.configure({ mode: 'serial' });

test.afterAll(async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAsAdmin(page);
  const origin = `http://127.0.0.1:${process.env.E2E_PORT ?? 3100}`;
  const response = await page.request.post('/api/trpc/settings.save', { data: DEFAULTS, headers: { origin } });
  expect(response.status()).toBe(200);
  await context.close();
});

/** What a guest sees of the marketplace on a fresh visit to /browse (and in Urdu). */
async function guestSees(browser: Browser, viewport: { width: number; height: number }, name: string, rgb: string, shot: string) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await page.goto('/browse');
  await expect(page).toHaveTitle(`Discover products | ${name}`);
  await expect(page.getByRole('banner').getByRole('link', { name })).toBeVisible();
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', /^#/);
  // The brand colour drives the primary buttons (Sign In in the top bar) and the top bar's mark.
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toHaveCSS('background-color', rgb);
  const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as { name: string; short_name: string; theme_color: string };
  expect(manifest).toMatchObject({ name, short_name: 'Bazaar' });
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/browse-renamed-${shot}.png` });
  await page.goto('/ur/browse');
  await expect(page.getByRole('banner').getByRole('link', { name })).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/ur-browse-renamed-${shot}.png` });
  await context.close();
}

async function save(page: Page) {
  await page.getByRole('button', { name: 'Save', exact: true }).click();
}

for (const [label, viewport] of [
  ['1280', { width: 1280, height: 900 }],
  ['375', { width: 375, height: 812 }],
] as const) {
  test(`at ${label} px the admin renames the marketplace and picks its colour; a guest then sees them`, async ({ browser }) => {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await signInAsAdmin(page);
    await page.goto('/admin/dashboard');
    await page.getByRole('link', { name: /Settings/ }).click();
    await expect(page).toHaveURL(/\/admin\/settings$/);
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();

    // Bad input: a clear message by the field, nothing saved.
    const name = page.getByLabel('Marketplace name');
    await name.fill('    ');
    await save(page);
    await expect(page.getByText('Please enter the marketplace name')).toBeVisible();
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await name.fill('Lahore Bazaar');
    const colour = page.getByRole('textbox', { name: 'Brand colour', exact: true });
    await colour.fill('#ffff00');
    await save(page);
    await expect(page.getByText('White text on this colour has a contrast of 1.07:1; it needs at least 4.5:1. Please choose a darker colour')).toBeVisible();

    await page.getByLabel('Short name').fill('Bazaar');
    await colour.fill(label === '1280' ? '#1d4ed8' : '#7c2d12');
    await expect(page.getByText(/White text on it: \d+(\.\d+)?:1/)).toBeVisible();
    await save(page);
    await expect(toast(page, 'Settings saved')).toBeVisible();
    // This page says the new name at once.
    await expect(page.getByRole('banner').getByRole('link', { name: 'Lahore Bazaar' })).toBeVisible();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/admin-settings-${label}.png`, fullPage: true });
    // A packing slip names the marketplace the order was placed on (the admin may open any shop's).
    const shop = await seedShop();
    const env = e2eEnv();
    const { owner_id: ownerId } = await env.db.selectFrom('shops').select('owner_id').where('id', '=', shop.shopId).executeTakeFirstOrThrow();
    const order = await createOrder(env, { ...shop.products[0]!, shopId: shop.shopId, ownerId, images: [] });
    await page.goto(packingSlipsHref([order.id]));
    await expect(page.getByTestId('slip-marketplace')).toHaveText('Ordered on Lahore Bazaar');
    await page.goto('/ur/admin/settings');
    await expect(page.getByLabel('مارکیٹ پلیس کا نام')).toHaveValue('Lahore Bazaar');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/ur-admin-settings-${label}.png`, fullPage: true });
    await context.close();

    await guestSees(browser, viewport, 'Lahore Bazaar', label === '1280' ? 'rgb(29, 78, 216)' : 'rgb(124, 45, 18)', label);
  });
}
