import { expect, type Page, request } from '@playwright/test';
import { pngImage } from '../../src/server/testing/factories';
import { toast } from './fixtures';

/** A real PNG of one colour, for upload steps. */
export async function pngFile(name: string, color: string) {
  return { name, mimeType: 'image/png', buffer: await pngImage(color, 120, 120) };
}

/** Creates the shop through /shop/create as a person would. */
export async function createShopViaUi(page: Page, name: string, options: { currency?: string; whatsapp?: string } = {}) {
  await page.goto('/shop/create');
  await page.getByLabel('Shop Name').fill(name);
  await page.getByLabel('WhatsApp Number').fill(options.whatsapp ?? '+92 300 1234567');
  await page.getByLabel('Currency').selectOption(options.currency ?? 'USD');
  await page.getByRole('button', { name: 'Create Shop' }).click();
  await expect(toast(page, 'Shop created successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/shop\/dashboard$/);
}

/** Places an order as a guest in its own request context, as the buyer's checkout does. */
export async function placeGuestOrder(
  baseURL: string,
  productId: number,
  options: { quantity?: number; color?: string | null; size?: string | null } = {},
) {
  const guest = await request.newContext({ baseURL });
  const response = await guest.post('/api/trpc/orders.checkout', {
    data: {
      items: [{ productId, quantity: options.quantity ?? 1, color: options.color ?? null, size: options.size ?? null }],
      shipping: {
        fullName: 'Guest Buyer',
        email: 'guest@e2e.test',
        phone: '+92 301 7654321',
        address: '12 Mall Road',
        city: 'Lahore',
        postalCode: '54000',
        notes: 'Please call first',
      },
    },
  });
  expect(response.ok(), await response.text()).toBeTruthy();
  const body = (await response.json()) as { result: { data: { orders: Array<{ orderNumber: string }> } } };
  await guest.dispose();
  return body.result.data.orders[0]!.orderNumber;
}
