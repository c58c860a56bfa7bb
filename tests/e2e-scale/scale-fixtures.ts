import fs from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, test as base, expect, type Page } from '@playwright/test';
import { toast } from '../e2e/fixtures';

/** What global-setup.ts started, handed to the workers in E2E_SCALE_STACK. */
export interface ScaleStack {
  /** nginx, round robin over both instances: where a person's browser goes. */
  balancerUrl: string;
  /** Each instance's own address, to reach one of them on purpose. */
  instanceUrls: [string, string];
  /** S3_PUBLIC_URL: the bucket's public URL, another origin, where browsers load images from (a CDN's place). */
  imagesUrl: string;
  /** Where the setup project leaves the shopkeeper's session and shop for the other tests. */
  stateDir: string;
}

export { expect };

export const SCALE_ADMIN = { email: 'admin@scale.test', password: 'admin-password' };

export function stack(): ScaleStack {
  const json = process.env.E2E_SCALE_STACK;
  if (!json) throw new Error('E2E_SCALE_STACK is not set: run these tests with `npm run test:scale` (playwright.scale.config.ts starts the services).');
  return JSON.parse(json) as ScaleStack;
}

/** Every page and request of a test goes through the balancer unless it names an instance. */
export const test = base.extend({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern: none here.
  baseURL: async ({}, use) => use(stack().balancerUrl),
  context: async ({ context }, use) => {
    await answerWhatsappLocally(context);
    await use(context);
  },
});

/** The WhatsApp page a checkout opens is answered locally: the test never leaves the machine. */
function answerWhatsappLocally(context: BrowserContext) {
  return context.route('https://wa.me/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>WhatsApp</title>' }));
}

/** Another person's browser (its own cookies and cart), through the balancer unless `baseURL` says otherwise. */
export async function newPerson(browser: Browser, options: { baseURL?: string; storageState?: string } = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: options.baseURL ?? stack().balancerUrl, storageState: options.storageState });
  await answerWhatsappLocally(context);
  return { context, page: await context.newPage() };
}

/** The shop made by shop.setup.ts, and its owner's session (cookies are per host: valid on every port of 127.0.0.1). */
export interface ScaleShop {
  ownerEmail: string;
  shopName: string;
  shopSlug: string;
  productName: string;
  productSlug: string;
}

const shopFile = () => path.join(stack().stateDir, 'shop.json');
export const shopkeeperSession = () => path.join(stack().stateDir, 'shopkeeper-session.json');

export function saveShop(shop: ScaleShop): void {
  fs.writeFileSync(shopFile(), JSON.stringify(shop));
}

export function loadShop(): ScaleShop {
  return JSON.parse(fs.readFileSync(shopFile(), 'utf8')) as ScaleShop;
}

export interface ShippingDetails {
  fullName?: string;
  email?: string;
  phone?: string;
  address: string;
  city: string;
  postalCode: string;
}

/**
 * Adds the product (no options) from its page to the cart, checks out with `shipping` (fields left out
 * are expected to be pre-filled) and returns the order number the confirmation shows.
 */
export async function buyFromProductPage(page: Page, productPath: string, shipping: ShippingDetails): Promise<string> {
  await page.goto(productPath);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(toast(page, 'Added to cart')).toBeVisible();
  await page.goto('/cart');
  await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  const fields: Array<[string, string | undefined]> = [
    ['Full Name', shipping.fullName],
    ['Email', shipping.email],
    ['Phone', shipping.phone],
    ['Address', shipping.address],
    ['City', shipping.city],
    ['Postal Code', shipping.postalCode],
  ];
  // City suggests Pakistan's cities (a datalist): a combobox to assistive technology, the others textboxes.
  for (const [label, value] of fields) {
    if (value !== undefined) await page.getByRole(label === 'City' ? 'combobox' : 'textbox', { name: label, exact: true }).fill(value);
  }
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(toast(page, 'Order placed successfully! Check WhatsApp for confirmation.')).toBeVisible();
  const dialog = page.getByRole('dialog', { name: 'Order placed' });
  const number = dialog.getByText(/^ORD-\d{8}-\d{4}-\d{6}$/);
  await expect(number).toHaveCount(1);
  const orderNumber = (await number.textContent())!;
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  return orderNumber;
}
