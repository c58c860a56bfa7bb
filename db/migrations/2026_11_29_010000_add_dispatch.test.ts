import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { engineOf } from '../../src/server/db/client';
import { createOrder, createProduct, createShop } from '../../src/server/testing/factories';
import { createTestEnv } from '../../src/server/testing/test-app';
import { down, up } from './2026_11_29_010000_add_dispatch';
// Undone newest first, as the migrator does: the later migration's indexes name this one's columns.
import * as cashReceived from './2026_11_29_050000_add_cash_received';
import * as monthIndexes from './2026_12_20_010000_add_orders_month_indexes';

it('keeps every order, its lines, history and kept totals through the rebuild; fills the compared phones; down and up again', async () => {
  const env = createTestEnv();
  const shop = await createShop(env, { currency: 'PKR' });
  const product = await createProduct(env, shop, { price: 1000, stock: 50 });
  const returned = await createOrder(env, product, { status: 'returned', shipping: { phone: '+92 (300) 111-2233' } });
  await createOrder(env, product, { status: 'delivered', shipping: { phone: '0300 1112233' } });
  const totals = () => env.db.selectFrom('shop_order_totals').selectAll().orderBy('status').execute();
  const before = { orders: await env.db.selectFrom('orders').select(['id', 'status', 'total']).orderBy('id').execute(), totals: await totals() };

  await monthIndexes.down(env.db);
  await cashReceived.down(env.db);
  await down(env.db);
  // Down: the returned order reads as cancelled (its goods came back too); the kept totals follow it.
  expect((await env.db.selectFrom('orders').select('status').where('id', '=', returned.id).executeTakeFirstOrThrow()).status).toBe('cancelled');
  await up(env.db);
  await cashReceived.up(env.db);
  await monthIndexes.up(env.db);
  await sql`update orders set status = 'returned' where id = ${returned.id}`.execute(env.db);

  expect(await env.db.selectFrom('orders').select(['id', 'status', 'total']).orderBy('id').execute()).toEqual(before.orders);
  expect(await totals()).toEqual(before.totals);
  expect((await env.db.selectFrom('orders').select('buyer_phone_key').distinct().execute()).map((r) => r.buyer_phone_key)).toEqual(['3001112233']);
  expect(await env.db.selectFrom('order_items').select('order_id').where('order_id', '=', returned.id).execute()).toHaveLength(1);
  // The rebuilt tables keep their foreign keys and the check: an unknown status is still refused.
  await expect(sql`update orders set status = 'lost' where id = ${returned.id}`.execute(env.db)).rejects.toThrow();
  if (engineOf(env.db) === 'sqlite') {
    expect((await sql`pragma foreign_key_check`.execute(env.db)).rows).toEqual([]);
    expect((await sql<{ fk: number }>`pragma foreign_keys`.execute(env.db)).rows[0]).toEqual({ foreign_keys: 1 });
  }
  // And the app still orders and keeps its totals after the rebuild.
  await createOrder(env, product, { status: 'shipped' });
  expect((await totals()).find((t) => t.status === 'shipped')?.order_count).toBe(1);
  await env.db.destroy();
});
