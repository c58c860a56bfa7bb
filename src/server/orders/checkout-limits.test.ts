import { afterAll, describe, expect, it } from 'vitest';
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from '../../shared/cart';
import { formatMoney } from '../../shared/money';
import { MAX_PRICE_MINOR } from '../../shared/pricing';
import type { DB } from '../db/client';
import { createProduct, createShop, SHIPPING } from '../testing/factories';
import { countRows, createTestEnv, type TestEnv } from '../testing/test-app';

/**
 * One guest cannot buy out the stock, and money stays exact (product-decisions 4): caps hold after
 * identical lines are merged, units per product per order are capped (MAX_UNITS_PER_PRODUCT), and
 * prices, quantities and lines are bounded so that every amount is a safe integer.
 */
const line = (productId: number, quantity = 1, size: string | null = null) => ({ productId, quantity, color: null, size });

const envs: TestEnv[] = [];
function testEnv(overrides: Parameters<typeof createTestEnv>[0] = {}) {
  const env = createTestEnv(overrides);
  envs.push(env);
  return env;
}
afterAll(async () => {
  for (const env of envs) await env.db.destroy();
});

const stockOf = async (db: DB, id: number) =>
  (await db.selectFrom('products').select('stock_amount').where('id', '=', id).executeTakeFirstOrThrow()).stock_amount;

describe('checkout caps', () => {
  it('are checked after identical lines are merged', async () => {
    const env = testEnv();
    const shop = await createShop(env);
    const p = await createProduct(env, shop, { name: 'Bulk Mug', stock: 100_000 });
    const twentyLines = Array.from({ length: 20 }, () => line(p.id, MAX_LINE_QUANTITY));
    await expect(env.as(null).orders.checkout({ items: twentyLines, shipping: SHIPPING })).rejects.toThrow(
      `At most ${MAX_LINE_QUANTITY} units of one product per order`,
    );
    expect(await stockOf(env.db, p.id)).toBe(100_000);
    expect(await countRows(env.db, 'orders')).toBe(0);
  });

  it('limit the units of one product in one order, whatever its colors and sizes (MAX_UNITS_PER_PRODUCT)', async () => {
    const env = testEnv();
    expect(env.config.maxUnitsPerProduct).toBe(50);
    const shop = await createShop(env);
    const p = await createProduct(env, shop, { name: 'Popular Tee', stock: 100_000, sizes: ['M', 'L'] });
    const guest = env.as(null);
    const refusal = 'You can order at most 50 of "Popular Tee" in one order';
    await expect(guest.orders.checkout({ items: [line(p.id, 51, 'M')], shipping: SHIPPING })).rejects.toThrow(refusal);
    await expect(guest.orders.checkout({ items: [line(p.id, 30, 'M'), line(p.id, 30, 'L')], shipping: SHIPPING })).rejects.toThrow(refusal);
    expect(await stockOf(env.db, p.id)).toBe(100_000);
    expect(await countRows(env.db, 'orders')).toBe(0);
    await guest.orders.checkout({ items: [line(p.id, 25, 'M'), line(p.id, 25, 'L')], shipping: SHIPPING });
    expect(await stockOf(env.db, p.id)).toBe(100_000 - 50);

    const strict = testEnv({ maxUnitsPerProduct: 2 });
    const q = await createProduct(strict, await createShop(strict), { name: 'Rare Vase', stock: 10 });
    await expect(strict.as(null).orders.checkout({ items: [line(q.id, 3)], shipping: SHIPPING })).rejects.toThrow(
      'You can order at most 2 of "Rare Vase" in one order',
    );
  });

  it('allow as many different lines as the cart holds, and no more', async () => {
    const env = testEnv();
    const shop = await createShop(env);
    const p = await createProduct(env, shop, { stock: 1000 });
    const tooMany = Array.from({ length: MAX_CART_LINES + 1 }, () => line(p.id));
    await expect(env.as(null).orders.checkout({ items: tooMany, shipping: SHIPPING })).rejects.toThrow(
      `At most ${MAX_CART_LINES} different items per order`,
    );
  });
});

describe('money at the bounds', () => {
  it('refuses a price above the highest one, in the form and on the server', async () => {
    const env = testEnv();
    const shop = await createShop(env, { currency: 'USD' });
    await expect(createProduct(env, shop, { price: MAX_PRICE_MINOR + 1 })).rejects.toThrow(
      `Selling price must be at most ${formatMoney(MAX_PRICE_MINOR, 'USD')}`,
    );
    const owner = env.as(shop.ownerId);
    const form = { name: 'Dear', sellingPrice: '1', purchasePrice: '999999999999', stockAmount: '1', unit: 'pieces' as const };
    await expect(owner.products.create(form)).rejects.toThrow('Purchase price must be at most');
  });

  it('keeps the largest order exact: subtotal plus tax is the total, every amount a safe integer', async () => {
    const env = testEnv({ maxUnitsPerProduct: MAX_LINE_QUANTITY });
    const shop = await createShop(env, { currency: 'USD', taxRate: '100' });
    const products = [];
    for (let i = 0; i < MAX_CART_LINES; i += 1) {
      products.push(await createProduct(env, shop, { price: MAX_PRICE_MINOR, stock: MAX_LINE_QUANTITY }));
    }
    await env.as(null).orders.checkout({ items: products.map((p) => line(p.id, MAX_LINE_QUANTITY)), shipping: SHIPPING });
    const order = await env.db.selectFrom('orders').select(['subtotal', 'tax', 'total']).executeTakeFirstOrThrow();
    const expected = MAX_PRICE_MINOR * MAX_LINE_QUANTITY * MAX_CART_LINES;
    expect(order).toEqual({ subtotal: expected, tax: expected, total: 2 * expected });
    expect(order.subtotal + order.tax).toBe(order.total);
    for (const amount of Object.values(order)) expect(Number.isSafeInteger(amount)).toBe(true);
  });

  it("refuses a currency change that would push a product's price past the highest one", async () => {
    const env = testEnv();
    const shop = await createShop(env, { currency: 'JPY' });
    const p = await createProduct(env, shop, { price: MAX_PRICE_MINOR });
    const owner = env.as(shop.ownerId);
    const settings = (await owner.shops.mine())!;
    await expect(owner.shops.update({ ...settings, currency: 'KWD' })).rejects.toThrow('too large in KWD');
    const row = await env.db.selectFrom('products').select(['currency', 'selling_price']).where('id', '=', p.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ currency: 'JPY', selling_price: MAX_PRICE_MINOR });
    expect((await owner.shops.mine())!.currency).toBe('JPY');
  });
});
