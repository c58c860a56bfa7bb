import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { createOrder, createProduct, createShop } from '../../src/server/testing/factories';
import { countRows, createTestEnv } from '../../src/server/testing/test-app';
import { down, up } from './2026_11_23_120000_add_checkout_attempts';

it('holds one row per attempt key, and goes down and up again keeping every order', async () => {
  const env = createTestEnv();
  const shop = await createShop(env);
  await createOrder(env, await createProduct(env, shop));
  const attempt = { attempt_key: 'k'.repeat(16), request_hash: 'h', created_at: '2026-06-01T00:00:00.000Z' };
  await env.db.insertInto('checkout_attempts').values(attempt).execute();
  await expect(env.db.insertInto('checkout_attempts').values(attempt).execute()).rejects.toThrow(/UNIQUE/);
  await expect(env.db.insertInto('checkout_attempts').values({ ...attempt, attempt_key: 'short' }).execute()).rejects.toThrow(/CHECK/);

  await down(env.db);
  const columns = await sql<{ name: string }>`select name from pragma_table_info('orders')`.execute(env.db);
  expect(columns.rows.map((c) => c.name)).not.toContain('checkout_attempt_id');
  expect(await countRows(env.db, 'orders')).toBe(1);
  await up(env.db);
  expect(await countRows(env.db, 'checkout_attempts')).toBe(0);
  expect(await countRows(env.db, 'orders')).toBe(1);
  await env.db.destroy();
});
