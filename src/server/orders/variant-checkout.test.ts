import { describe, expect, it } from 'vitest';
import type { DB } from '../db/client';
import { AppEvents } from '../events';
import { createProduct, createShop, createUser, SHIPPING } from '../testing/factories';
import { countRows, createTestEnv } from '../testing/test-app';
import { secondHandle } from '../testing/test-engine';
import { placeCheckout } from './orders.service';

// Checkout and cancel of products with stock per variant (issue 19), on either engine.
const RED = '#ff0000';
const BLUE = '#0000ff';
const line = (productId: number, color: string | null, size: string | null, quantity = 1) => ({ productId, color, size, quantity });

const variantStock = async (db: DB, productId: number, color: string, size: string) =>
  (await db.selectFrom('product_variants').select('stock').where('product_id', '=', productId).where('color', '=', color).where('size', '=', size).executeTakeFirstOrThrow()).stock;
const total = async (db: DB, id: number) => (await db.selectFrom('products').select('stock_amount').where('id', '=', id).executeTakeFirstOrThrow()).stock_amount;

async function shirtShop(variants: Record<string, { stock: number; price?: number; sku?: string }>, options: { discount?: { type: 'percent'; value: number } } = {}) {
  const env = createTestEnv();
  const shop = await createShop(env, { currency: 'PKR' });
  const product = await createProduct(env, shop, { name: 'Shirt', price: 150_000, colors: [RED, BLUE], sizes: ['S', 'M', 'L'], variants, ...options });
  return { env, shop, product };
}

describe('checkout of stock per variant', () => {
  it('takes the stock from the chosen variant, priced by its own price with the discount, and snapshots label and SKU', async () => {
    const { env, product } = await shirtShop({ [`${RED}|M`]: { stock: 2, price: 200_000, sku: 'SH-RM' }, [`${BLUE}|M`]: { stock: 5 } }, { discount: { type: 'percent', value: 10 } });
    const result = await env.as(null).orders.checkout({ items: [line(product.id, RED, 'M', 2), line(product.id, BLUE, 'M')], shipping: SHIPPING });
    expect(await variantStock(env.db, product.id, RED, 'M')).toBe(0);
    expect(await variantStock(env.db, product.id, BLUE, 'M')).toBe(4);
    expect(await total(env.db, product.id)).toBe(4);
    const items = await env.db.selectFrom('order_items').select(['color', 'size', 'variant_label', 'sku', 'unit_price', 'line_total']).orderBy('id').execute();
    expect(items).toEqual([
      { color: RED, size: 'M', variant_label: 'Red / M', sku: 'SH-RM', unit_price: 180_000, line_total: 360_000 },
      { color: BLUE, size: 'M', variant_label: 'Blue / M', sku: null, unit_price: 135_000, line_total: 135_000 },
    ]);
    expect(result.orders[0]?.total).toBeGreaterThanOrEqual(495_000);
    // The WhatsApp message names the combination and its SKU.
    expect(decodeURIComponent(result.orders[0]!.whatsappUrl ?? '')).toContain('- Shirt (Red / M, SKU SH-RM) x 2');
  });

  it('the shop subtotal that decides free delivery counts the variant prices', async () => {
    const { env, shop, product } = await shirtShop({ [`${RED}|M`]: { stock: 5, price: 300_000 }, [`${BLUE}|M`]: { stock: 5 } });
    await env.as(shop.ownerId).shops.setDelivery({ fee: '200', freeFrom: '2500', cities: [] });
    // 1,500 (the product's price) would pay 200; 3,000 (Red / M's) is free.
    const red = await env.as(null).orders.checkout({ items: [line(product.id, RED, 'M')], shipping: SHIPPING });
    expect(red.orders[0]).toMatchObject({ deliveryFee: 0, total: 300_000 });
    const blue = await env.as(null).orders.checkout({ items: [line(product.id, BLUE, 'M')], shipping: { ...SHIPPING, email: 'b@b.test' } });
    expect(blue.orders[0]).toMatchObject({ deliveryFee: 20_000, total: 170_000 });
  });

  it('refuses more than the variant holds with its name and writes nothing, though other variants have plenty', async () => {
    const { env, product } = await shirtShop({ [`${RED}|M`]: { stock: 2 }, [`${BLUE}|M`]: { stock: 40 } });
    const other = await createProduct(env, { id: product.shopId, ownerId: product.ownerId, currency: 'PKR' }, { stock: 5 });
    await expect(
      env.as(null).orders.checkout({ items: [line(other.id, null, null), line(product.id, RED, 'M', 3)], shipping: SHIPPING }),
    ).rejects.toThrow('Only 2 left of Shirt (Red / M)');
    await expect(env.as(null).orders.checkout({ items: [line(product.id, RED, 'S')], shipping: SHIPPING })).rejects.toThrow('Shirt (Red / S) is out of stock');
    expect(await countRows(env.db, 'orders')).toBe(0);
    expect(await total(env.db, other.id)).toBe(5);
    expect(await variantStock(env.db, product.id, RED, 'M')).toBe(2);
    expect(await total(env.db, product.id)).toBe(42);
  });

  it('refuses a line naming a combination the product does not have', async () => {
    const { env, product } = await shirtShop({ [`${RED}|M`]: { stock: 2 } });
    await expect(env.as(null).orders.checkout({ items: [line(product.id, '#00ff00', 'M')], shipping: SHIPPING })).rejects.toThrow('Please choose a color for "Shirt"');
    await expect(env.as(null).orders.checkout({ items: [line(product.id, RED, null)], shipping: SHIPPING })).rejects.toThrow('Please choose a size for "Shirt"');
    expect(await countRows(env.db, 'orders')).toBe(0);
  });

  it('a cancelled order gives the stock back to the same variant', async () => {
    const { env, product } = await shirtShop({ [`${RED}|M`]: { stock: 2 }, [`${BLUE}|M`]: { stock: 5 } });
    const buyer = await createUser(env, { roles: ['buyer'] });
    const { orders } = await env.as(buyer).orders.checkout({ items: [line(product.id, BLUE, 'M', 3)], shipping: SHIPPING });
    expect(await variantStock(env.db, product.id, BLUE, 'M')).toBe(2);
    await env.as(buyer).orders.cancel({ orderId: orders[0]!.id });
    expect(await variantStock(env.db, product.id, BLUE, 'M')).toBe(5);
    expect(await variantStock(env.db, product.id, RED, 'M')).toBe(2);
    expect(await total(env.db, product.id)).toBe(7);
  });

  it('a cancel after the product went back to shared gives the units to its shared stock', async () => {
    const { env, shop, product } = await shirtShop({ [`${RED}|M`]: { stock: 2 }, [`${BLUE}|M`]: { stock: 5 } });
    const { orders } = await env.as(null).orders.checkout({ items: [line(product.id, BLUE, 'M', 2)], shipping: SHIPPING });
    const owner = env.as(shop.ownerId);
    const form = await owner.products.byId({ id: product.id });
    await owner.products.update({
      id: product.id,
      product: { name: form.name, sellingPrice: '1500', unit: 'pieces', colors: form.colors, sizes: form.sizes, stockMode: 'shared', stockAmount: String(form.stock) },
    });
    expect(await total(env.db, product.id)).toBe(5);
    await owner.shopOrders.changeStatus({ orderId: orders[0]!.id, status: 'cancelled' });
    expect(await total(env.db, product.id)).toBe(7);
    expect(await countRows(env.db, 'product_variants')).toBe(0);
  });

  it('20 concurrent checkouts for the last 3 units of a variant sell exactly 3 (two connections)', async () => {
    const { env, product } = await shirtShop({ [`${RED}|M`]: { stock: 3 }, [`${BLUE}|M`]: { stock: 30 } });
    const other = await secondHandle(env);
    const events = new AppEvents();
    const attempt = (db: DB, i: number) =>
      placeCheckout(db, events, { items: [line(product.id, RED, 'M')], shipping: { ...SHIPPING, email: `b${i}@b.test` }, buyerId: null, now: env.clock.now });
    const results = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => attempt(i % 2 ? other : env.db, i)));
    await other.destroy();
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    for (const r of refused) expect(String(r.reason.message)).toMatch(/^(Shirt \(Red \/ M\) is out of stock|Only \d left of Shirt \(Red \/ M\))$/);
    expect(await variantStock(env.db, product.id, RED, 'M')).toBe(0);
    expect(await variantStock(env.db, product.id, BLUE, 'M')).toBe(30);
    expect(await total(env.db, product.id)).toBe(30);
    expect(await countRows(env.db, 'orders')).toBe(3);
    await env.db.destroy();
  });
});
