import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { createProduct, createReview, createShop, createUser } from '../../src/server/testing/factories';
import { createTestEnv } from '../../src/server/testing/test-app';
import { down, up } from './2026_11_24_010100_add_review_stats';

it("fills every product's and shop's ratings from the reviews already written, and goes down and up again", async () => {
  const env = createTestEnv();
  const shop = await createShop(env);
  const [rated, unrated] = [await createProduct(env, shop), await createProduct(env, shop)];
  await createReview(env, { user: await createUser(env), of: { product: rated }, rating: 5 });
  await down(env.db);
  // Written while the columns do not exist: the migration's backfill must count them.
  for (const rating of [2, 4]) {
    const user = await createUser(env);
    await createReview(env, { user, of: { product: rated }, rating });
    await createReview(env, { user, of: { shop }, rating });
  }
  await up(env.db);
  const stats = async (table: 'products' | 'shops') =>
    (await sql<{ id: number; rating_sum: number; review_count: number }>`select id, rating_sum, review_count from ${sql.table(table)} order by id`.execute(env.db)).rows;
  expect(await stats('products')).toEqual([
    { id: rated.id, rating_sum: 11, review_count: 3 },
    { id: unrated.id, rating_sum: 0, review_count: 0 },
  ]);
  expect(await stats('shops')).toEqual([{ id: shop.id, rating_sum: 6, review_count: 2 }]);
  // And the triggers are back.
  await createReview(env, { user: await createUser(env), of: { product: unrated }, rating: 3 });
  expect((await stats('products'))[1]).toEqual({ id: unrated.id, rating_sum: 3, review_count: 1 });
  await env.db.destroy();
});
