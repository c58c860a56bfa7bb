import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { createOrder, createProduct, createShop } from '../../src/server/testing/factories';
import { createTestEnv } from '../../src/server/testing/test-app';
import { down, up } from './2026_11_29_050000_add_cash_received';
// Undone newest first, as the migrator does: the dashboard's month index names this one's status time.
import * as monthIndexes from './2026_12_20_010000_add_orders_month_indexes';

it('fills each order’s status time from its history, keeps cash on delivered orders only, and goes down and up again', async () => {
  const env = createTestEnv();
  const shop = await createShop(env, { currency: 'PKR' });
  const product = await createProduct(env, shop, { price: 1000, stock: 50 });
  const delivered = await createOrder(env, product, { status: 'delivered' });
  const pending = await createOrder(env, product);
  const rows = () => env.db.selectFrom('orders').select(['id', 'status', 'total', 'updated_at']).orderBy('id').execute();
  const before = await rows();

  await monthIndexes.down(env.db);
  await down(env.db);
  await up(env.db);
  await monthIndexes.up(env.db);
  expect(await rows()).toEqual(before);
  const deliveredAt = (
    await env.db.selectFrom('order_status_events').select('created_at').where('order_id', '=', delivered.id).where('status', '=', 'delivered').executeTakeFirstOrThrow()
  ).created_at;
  const times = await env.db.selectFrom('orders').select(['id', 'status_changed_at', 'updated_at']).orderBy('id').execute();
  expect(times.find((t) => t.id === delivered.id)?.status_changed_at).toBe(deliveredAt);
  // A pending order's newest event is its placing.
  expect(times.find((t) => t.id === pending.id)?.status_changed_at).toBe(
    (await env.db.selectFrom('order_status_events').select('created_at').where('order_id', '=', pending.id).executeTakeFirstOrThrow()).created_at,
  );

  // Cash only on a delivered order; a reference only with a day, at most 60 characters.
  await expect(sql`update orders set cash_received_on = '2026-06-01' where id = ${pending.id}`.execute(env.db)).rejects.toThrow();
  await expect(sql`update orders set cash_reference = 'R' where id = ${delivered.id}`.execute(env.db)).rejects.toThrow();
  await expect(sql`update orders set cash_received_on = '2026-06-01', cash_reference = ${'x'.repeat(61)} where id = ${delivered.id}`.execute(env.db)).rejects.toThrow();
  await sql`update orders set cash_received_on = '2026-06-01', cash_reference = 'R-1' where id = ${delivered.id}`.execute(env.db);
  await env.db.destroy();
});
