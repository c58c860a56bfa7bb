import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, createShop } from '../../src/server/testing/factories';
import { createTestEnv, type TestEnv } from '../../src/server/testing/test-app';
import { down, up } from './2026_11_23_110000_add_takedowns';

let env: TestEnv;
beforeAll(() => {
  env = createTestEnv();
});
afterAll(async () => {
  await env.db.destroy();
});

const columns = async (table: string) =>
  (await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(env.db)).rows.map((r) => r.name);

describe('2026_11_23 add takedowns', () => {
  it('turns an inactive shop into a takedown, leaves inactive products to their owners, and goes back down', async () => {
    const takenDown = await createShop(env);
    const open = await createShop(env);
    const product = await createProduct(env, open);
    const switchedOff = await createProduct(env, open, { isActive: false });
    await env.db.updateTable('shops').set({ taken_down_at: '2026-11-01T00:00:00.000Z' }).where('id', '=', takenDown.id).execute();
    await env.db.updateTable('products').set({ taken_down_at: '2026-11-01T00:00:00.000Z' }).where('id', '=', product.id).execute();

    await down(env.db);
    expect(await columns('shops')).not.toContain('taken_down_at');
    expect(await columns('products')).not.toContain('taken_down_at');
    const active = async (table: 'shops' | 'products', id: number) =>
      (await sql<{ is_active: number }>`select is_active from ${sql.table(table)} where id = ${id}`.execute(env.db)).rows[0]?.is_active;
    expect(await active('shops', takenDown.id)).toBe(0);
    expect(await active('products', product.id)).toBe(0);

    // As the old code left them: an admin's deactivation and the owner's were both is_active = 0.
    await sql`update products set is_active = 1 where id = ${product.id}`.execute(env.db);
    await up(env.db);
    const shops = await env.db.selectFrom('shops').select(['id', 'is_active', 'taken_down_at']).orderBy('id').execute();
    expect(shops.find((s) => s.id === takenDown.id)).toMatchObject({ is_active: 1, taken_down_at: expect.any(String) });
    expect(shops.find((s) => s.id === open.id)).toMatchObject({ is_active: 1, taken_down_at: null });
    const products = await env.db.selectFrom('products').select(['id', 'is_active', 'taken_down_at']).orderBy('id').execute();
    expect(products).toEqual([
      { id: product.id, is_active: 1, taken_down_at: null },
      { id: switchedOff.id, is_active: 0, taken_down_at: null },
    ]);
  });
});
