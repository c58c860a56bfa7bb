import { expect, it } from 'vitest';
import { down, up } from '../../../db/migrations/2026_11_28_010000_add_order_number_counter';
import { createProduct, createShop, SHIPPING } from '../testing/factories';
import { createTestEnv } from '../testing/test-app';

// Migration 2026_11_28_010000 (PostgreSQL: order numbers from a sequence instead of a locked row; SQLite
// unchanged): the day's numbering goes on across it, down and up again. Runs on both engines.
it("keeps today's numbering across the order-number counter's migration, down and up", async () => {
  const env = createTestEnv();
  const shop = await createShop(env);
  const p = await createProduct(env, shop, { stock: 10 });
  const place = async () => {
    const { orders } = await env.as(null).orders.checkout({ items: [{ productId: p.id, quantity: 1, color: null, size: null }], shipping: SHIPPING });
    return orders[0]!.orderNumber.split('-')[2];
  };
  expect([await place(), await place(), await place()]).toEqual(['0001', '0002', '0003']);
  await down(env.db);
  await up(env.db);
  expect(await place()).toBe('0004');
  await down(env.db);
  expect(await env.db.selectFrom('order_number_sequences').select('last_value').executeTakeFirstOrThrow()).toEqual({ last_value: 4 });
  await up(env.db);
  expect(await place()).toBe('0005');
  await env.db.destroy();
});
