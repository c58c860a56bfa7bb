import { type KyselyPlugin, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import type { DB } from '../db/client';
import { createProduct, createShop, type ProductRef, SHIPPING } from '../testing/factories';
import { testEngine } from '../testing/test-engine';
import { countRows, createTestEnv, type TestEnv } from '../testing/test-app';
import { placeCheckout } from './orders.service';
import { nextOrderSequences } from './orders.repository';

/**
 * What a checkout costs in statements (issue 33): on PostgreSQL each is a round trip, so its orders,
 * their lines and first history rows are written in one statement whatever the number of shops, and
 * the day's order numbers come from one more. SQLite writes row by row (each a function call there).
 */
const envs: TestEnv[] = [];
afterAll(async () => {
  for (const env of envs) await env.db.destroy();
});

/** The database with a plugin that counts the statements run through it (transaction control aside). */
function counted(db: DB): { db: DB; count: () => number } {
  let statements = 0;
  const counter: KyselyPlugin = {
    transformQuery: (args) => {
      statements += 1;
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  return { db: db.withPlugin(counter), count: () => statements };
}

describe('a checkout’s statements', () => {
  it('do not grow with its shops beyond one stock update per line (PostgreSQL), and write the same orders', async () => {
    const env = createTestEnv();
    envs.push(env);
    const products: ProductRef[] = [];
    for (let i = 0; i < 3; i += 1) products.push(await createProduct(env, await createShop(env), { name: `Jar ${i}`, stock: 10 }));
    const run = async (lines: number) => {
      const { db, count } = counted(env.db);
      const items = products.slice(0, lines).map((p) => ({ productId: p.id, quantity: 1, color: null, size: null }));
      const placed = await placeCheckout(db, env.events, { items, shipping: SHIPPING, buyerId: null, now: env.clock.now });
      return { statements: count(), placed };
    };
    const one = await run(1);
    const three = await run(3);
    expect(one.placed).toHaveLength(1);
    expect(three.placed).toHaveLength(3);
    expect(await countRows(env.db, 'orders')).toBe(4);
    expect(await countRows(env.db, 'order_items')).toBe(4);
    expect(await countRows(env.db, 'order_status_events')).toBe(4);
    const rows = await env.db.selectFrom('orders').select(['order_number', 'shop_id']).orderBy('id').execute();
    expect(rows.map((r) => r.shop_id)).toEqual([0, 0, 1, 2].map((i) => products[i]!.shopId));
    expect(new Set(rows.map((r) => r.order_number)).size).toBe(4);
    // Two more lines from two more shops: two more stock updates, and on SQLite three rows written per order.
    const perShop = testEngine === 'postgres' ? 1 : 1 + 3;
    expect(three.statements - one.statements).toBe(2 * perShop);
  });
});

describe.skipIf(testEngine !== 'postgres')('a checkout’s statements on PostgreSQL', () => {
  it('are planned once per connection and then reused: the day’s order numbers too', async () => {
    const env = createTestEnv();
    envs.push(env);
    const plans = await env.db.connection().execute(async (connection) => {
      for (let i = 0; i < 12; i += 1) expect(await nextOrderSequences(connection, '2026-11-26', 1 + (i % 2))).toHaveLength(1 + (i % 2));
      const { rows } = await sql<{ generic_plans: number; custom_plans: number }>`select generic_plans, custom_plans from pg_prepared_statements
        where statement like '%order_number_counter%'`.execute(connection);
      return rows;
    });
    // PostgreSQL plans a prepared statement for its first five runs, then keeps a generic plan when that
    // costs no more than the custom ones did: a statement whose generic plan looks dearer is planned on every call.
    expect(plans.length).toBeGreaterThan(0);
    for (const plan of plans) {
      expect(Number(plan.custom_plans)).toBeLessThanOrEqual(5);
      expect(Number(plan.generic_plans)).toBeGreaterThan(0);
    }
  });
});
