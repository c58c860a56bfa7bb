import { sql } from 'kysely';
import { expect, it } from 'vitest';
import type { DB } from '../db/client';
import { createOrder, createProduct, createShop, createUser, SHIPPING } from '../testing/factories';
import { createTestEnv } from '../testing/test-app';

// The counts the dashboards read are kept by the database as orders, shops, products and accounts are
// written (migration 2026_11_24_040000): after any mix of writes they equal a count from scratch.

async function maintained(db: DB) {
  const totals = await sql`select shop_id, currency, status, order_count, order_total from shop_order_totals order by 1, 2, 3`.execute(db);
  const days = await sql`select shop_id, day, currency, status, order_count, order_total from shop_order_days order by 1, 2, 3, 4`.execute(db);
  const rows = await sql`select table_name, row_count from row_counts order by 1`.execute(db);
  return { totals: totals.rows, days: days.rows, rows: rows.rows };
}

async function fromScratch(db: DB) {
  const totals = await sql`select shop_id, currency, status, count(*) as order_count, sum(total) as order_total
    from orders where shop_id is not null group by 1, 2, 3 order by 1, 2, 3`.execute(db);
  const days = await sql`select shop_id, substr(created_at, 1, 10) as day, currency, status, count(*) as order_count, sum(total) as order_total
    from orders where shop_id is not null group by 1, 2, 3, 4 order by 1, 2, 3, 4`.execute(db);
  const rows = await sql`select 'products' as table_name, count(*) as row_count from products
    union all select 'profiles', count(*) from profiles union all select 'shops', count(*) from shops order by 1`.execute(db);
  return { totals: totals.rows, days: days.rows, rows: rows.rows };
}

it('keeps order totals and row counts equal to a count from scratch through checkouts, status changes, cancellations and deletes', async () => {
  const env = createTestEnv();
  const admin = await createUser(env, { roles: ['admin'] });
  const alpha = await createShop(env, { name: 'Alpha', currency: 'EUR', taxRate: '10' });
  const beta = await createShop(env, { name: 'Beta', currency: 'USD' });
  const a1 = await createProduct(env, alpha, { price: 1_250, stock: 100 });
  const b1 = await createProduct(env, beta, { price: 999, stock: 100 });
  const buyer = await createUser(env, { roles: ['buyer'] });
  const day = (n: number) => new Date(env.clock.now.getTime() - n * 86_400_000);

  // Orders on several days, moved along the workflow or cancelled (by the shop at each step).
  await createOrder(env, a1, { at: day(3), status: 'delivered' });
  await createOrder(env, [{ product: a1, quantity: 3 }], { at: day(3), status: 'cancelled', buyer });
  await createOrder(env, b1, { at: day(2), status: 'shipped' });
  await createOrder(env, b1, { at: day(1), status: 'confirmed' });
  await createOrder(env, [{ product: b1, quantity: 2 }], { at: day(0) });
  expect(await maintained(env.db)).toEqual(await fromScratch(env.db));

  // A checkout across both shops, and one refused for stock: the refused one counts nothing.
  const line = (productId: number, quantity: number) => ({ productId, quantity, color: null, size: null });
  const { orders } = await env.as(buyer).orders.checkout({ items: [line(a1.id, 1), line(b1.id, 4)], shipping: SHIPPING });
  await expect(env.as(null).orders.checkout({ items: [line(a1.id, 1), line(b1.id, 999)], shipping: SHIPPING })).rejects.toThrow();
  // The buyer cancels a pending order; the shop moves the other one on.
  await env.as(buyer).orders.cancel({ orderId: orders.find((o) => o.shopName === 'Alpha')!.id });
  await env.as(beta.ownerId).shopOrders.changeStatus({ orderId: orders.find((o) => o.shopName === 'Beta')!.id, status: 'confirmed' });
  expect(await maintained(env.db)).toEqual(await fromScratch(env.db));

  // The shop changes its currency: old orders keep theirs, new ones take the new one.
  await env.db.updateTable('shops').set({ currency: 'GBP' }).where('id', '=', alpha.id).execute();
  await env.db.updateTable('products').set({ currency: 'GBP' }).where('shop_id', '=', alpha.id).execute();
  await createOrder(env, a1, { status: 'shipped' });
  expect(await maintained(env.db)).toEqual(await fromScratch(env.db));

  // An admin deletes a shop: its products go, its orders stay for their buyers without a shop.
  await env.as(admin).admin.deleteShop({ id: beta.id });
  const after = await maintained(env.db);
  expect(after).toEqual(await fromScratch(env.db));
  expect(after.totals.some((row) => (row as { shop_id: number }).shop_id === beta.id)).toBe(false);
  expect(after.rows).toEqual([
    { table_name: 'products', row_count: 1 },
    { table_name: 'profiles', row_count: 4 },
    { table_name: 'shops', row_count: 1 },
  ]);
  await env.db.destroy();
});
