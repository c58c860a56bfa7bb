import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { createOrder, createProduct, createShop } from '../../src/server/testing/factories';
import { createTestEnv } from '../../src/server/testing/test-app';
import { down, up } from './2026_11_24_040000_add_maintained_counts';

const snapshot = async (db: ReturnType<typeof createTestEnv>['db']) => ({
  totals: (await sql`select * from shop_order_totals order by shop_id, currency, status`.execute(db)).rows,
  days: (await sql`select * from shop_order_days order by shop_id, day, currency, status`.execute(db)).rows,
  counts: (await sql`select * from row_counts order by table_name`.execute(db)).rows,
});

it('backfills the totals of the orders already there, and goes down and up again', async () => {
  const env = createTestEnv();
  const shop = await createShop(env);
  const product = await createProduct(env, shop, { price: 500 });
  await createOrder(env, product, { status: 'delivered', at: new Date('2026-05-30T23:59:00.000Z') });
  await createOrder(env, [{ product, quantity: 2 }], { status: 'cancelled' });
  await createOrder(env, product);
  const kept = await snapshot(env.db);
  expect(kept.totals).toHaveLength(3);

  await down(env.db);
  const tables = await sql<{ name: string }>`select name from sqlite_master where name in ('shop_order_totals', 'shop_order_days', 'row_counts') or name like 'orders_totals_%' or name like '%_count_%'`.execute(env.db);
  expect(tables.rows).toEqual([]);
  // Written while the totals do not exist: the backfill counts it.
  await createOrder(env, product, { status: 'confirmed' });
  await up(env.db);
  const rebuilt = await snapshot(env.db);
  // One unit, as the pending order: the same total.
  const oneUnit = (kept.totals as Array<{ status: string; order_total: number }>).find((row) => row.status === 'pending')!.order_total;
  expect(rebuilt.totals).toHaveLength(4);
  expect(rebuilt.totals).toEqual(
    expect.arrayContaining([...kept.totals, { shop_id: shop.id, currency: shop.currency, status: 'confirmed', order_count: 1, order_total: oneUnit }]),
  );
  expect(rebuilt.days).toContainEqual({ shop_id: shop.id, day: '2026-05-30', currency: shop.currency, status: 'delivered', order_count: 1, order_total: oneUnit });
  expect(rebuilt.counts).toEqual(kept.counts);
  await env.db.destroy();
});
