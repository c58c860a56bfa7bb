import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { createProduct, createShop } from '../../src/server/testing/factories';
import { createTestEnv } from '../../src/server/testing/test-app';
import { down, up } from './2026_11_24_010000_add_product_search';

it('indexes the products that exist, and goes down and up again', async () => {
  const env = createTestEnv();
  const shop = await createShop(env);
  await createProduct(env, shop, { name: 'Oak Chair', brand: 'Terra' });
  await down(env.db);
  // Written while the index does not exist: the migration's backfill must find it.
  await createProduct(env, shop, { name: 'Cotton Bag', brand: 'Lumen', at: new Date('2026-01-02T03:04:05.678Z') });
  await up(env.db);
  const matches = async (table: string, query: string) =>
    (await sql<{ name: string }>`select name from ${sql.table(table)} where ${sql.table(table)} match ${query} order by rowid desc`.execute(env.db)).rows.map(
      (r) => r.name,
    );
  expect(await matches('products_search', '"otto"')).toEqual(['Cotton Bag']);
  expect(await matches('products_search', '"ERR"')).toEqual(['Oak Chair']);
  // The rowid orders as the browse list does: newest first, then by id.
  const keys = (await sql<{ product_id: number }>`select product_id from products_search order by rowid desc`.execute(env.db)).rows;
  const listed = await env.db.selectFrom('products').select('id').orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
  expect(keys.map((k) => k.product_id)).toEqual(listed.map((p) => p.id));
  // The creation instant in milliseconds, then the id (shifted in SQL: the key is beyond a double's precision).
  const oldest = (await sql<{ ms: number; low: number }>`select rowid >> 21 as ms, rowid & 2097151 as low from products_search order by rowid limit 1`.execute(env.db)).rows;
  expect(oldest).toEqual([{ ms: Date.parse('2026-01-02T03:04:05.678Z'), low: keys.at(-1)?.product_id }]);
  await env.db.destroy();
});
