import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { createProduct, createShop } from '../../src/server/testing/factories';
import { countRows, createTestEnv } from '../../src/server/testing/test-app';
import { down, up } from './2026_11_23_130000_add_list_indexes';

const listIndexes = async (db: ReturnType<typeof createTestEnv>['db']) =>
  (await sql<{ name: string }>`select name from sqlite_master where type = 'index' and (name like '%_created_idx' or name like '%_name_idx' or name in ('product_images_primary_idx', 'sliders_order_idx'))`.execute(db)).rows.map(
    (r) => r.name,
  );

it('goes down and up again keeping every row', async () => {
  const env = createTestEnv();
  await createProduct(env, await createShop(env));
  const before = await listIndexes(env.db);
  expect(before).toContain('products_shop_active_created_idx');
  await down(env.db);
  const after = await listIndexes(env.db);
  expect(after).not.toContain('products_shop_active_created_idx');
  expect(after).not.toContain('product_images_primary_idx');
  // The indexes of earlier migrations stay.
  expect(after).toContain('products_active_created_idx');
  await up(env.db);
  expect((await listIndexes(env.db)).toSorted()).toEqual(before.toSorted());
  expect(await countRows(env.db, 'products')).toBe(1);
  await env.db.destroy();
});
