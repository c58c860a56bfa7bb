import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createProduct, createReview, createShop, createUser } from '../testing/factories';
import { createTestEnv, type TestEnv } from '../testing/test-app';

/**
 * Ratings are kept beside each product and shop (rating_sum, review_count; migration
 * 2026_11_24_010100), in the statement that writes a review, and read from there by the catalog.
 */

/** Every product's and shop's maintained numbers next to the same numbers aggregated from its reviews. */
async function statsAndAggregates(env: TestEnv) {
  const rows = async (owner: 'products' | 'shops', reviews: 'product_reviews' | 'shop_reviews', key: 'product_id' | 'shop_id') =>
    (
      await sql<{ id: number; kept: string; counted: string }>`select o.id, o.rating_sum || '/' || o.review_count as kept,
        coalesce((select sum(rating) from ${sql.table(reviews)} r where r.${sql.ref(key)} = o.id and r.hidden_at is null), 0) || '/' ||
        (select count(*) from ${sql.table(reviews)} r where r.${sql.ref(key)} = o.id and r.hidden_at is null) as counted
      from ${sql.table(owner)} o order by o.id`.execute(env.db)
    ).rows;
  return [...(await rows('products', 'product_reviews', 'product_id')), ...(await rows('shops', 'shop_reviews', 'shop_id'))];
}

describe('maintained ratings', () => {
  it('change with each review write, at once', async () => {
    const env = createTestEnv();
    const shop = await createShop(env);
    const product = await createProduct(env, shop);
    const [ana, ben] = [await createUser(env), await createUser(env)];
    const guest = env.as(null);

    expect(await guest.catalog.product({ slug: product.slug })).toMatchObject({ rating: null, reviewCount: 0, shop: { rating: null } });
    await env.as(ana).reviews.saveProductReview({ productId: product.id, rating: 4 });
    const kept = await env.db.selectFrom('products').select(['rating_sum', 'review_count']).where('id', '=', product.id).executeTakeFirst();
    expect(kept).toEqual({ rating_sum: 4, review_count: 1 });
    expect(await guest.catalog.product({ slug: product.slug })).toMatchObject({ rating: 4, reviewCount: 1 });
    await env.as(ben).reviews.saveProductReview({ productId: product.id, rating: 5 });
    expect(await guest.catalog.product({ slug: product.slug })).toMatchObject({ rating: 4.5, reviewCount: 2 });
    await env.as(ana).reviews.saveProductReview({ productId: product.id, rating: 1, comment: 'Broke.' });
    expect(await guest.catalog.product({ slug: product.slug })).toMatchObject({ rating: 3, reviewCount: 2 });

    await env.as(ana).reviews.saveShopReview({ shopId: shop.id, rating: 2 });
    await env.as(ben).reviews.saveShopReview({ shopId: shop.id, rating: 3 });
    const shopRating = { rating: 2.5, reviewCount: 2 };
    expect((await guest.catalog.shops({})).items.find((s) => s.id === shop.id)).toMatchObject(shopRating);
    expect(await guest.catalog.shop({ slug: shop.slug })).toMatchObject(shopRating);
    expect((await guest.catalog.products({})).items[0]?.shop.rating).toBe(2.5);
    expect((await guest.catalog.product({ slug: product.slug })).shop.rating).toBe(2.5);
  });

  it('equal the shown reviews aggregated from scratch after writes, updates, hiding, showing and cascading deletes', async () => {
    const env = createTestEnv();
    const admin = await createUser(env, { roles: ['admin'] });
    const shops = [await createShop(env), await createShop(env), await createShop(env)];
    const products = [];
    for (const shop of shops) for (let i = 0; i < 3; i += 1) products.push(await createProduct(env, shop));
    const users = [];
    for (let i = 0; i < 5; i += 1) users.push(await createUser(env));
    // A deterministic mix: every user reviews most products and shops, then changes some ratings.
    for (const [u, user] of users.entries()) {
      for (const [p, product] of products.entries()) if ((u + p) % 4 !== 0) await createReview(env, { user, of: { product }, rating: 1 + ((u * 3 + p) % 5) });
      for (const [s, shop] of shops.entries()) if ((u + s) % 3 !== 0) await createReview(env, { user, of: { shop }, rating: 1 + ((u + s * 2) % 5) });
    }
    for (const [u, user] of users.entries()) await createReview(env, { user, of: { product: products[u]! }, rating: 5 - u });
    const check = async () => {
      const rows = await statsAndAggregates(env);
      expect(rows.filter((r) => r.kept !== r.counted)).toEqual([]);
      return rows;
    };
    expect((await check()).some((r) => r.kept !== '0/0')).toBe(true);
    // Hidden reviews leave the numbers (issue 49): some hidden, one of them re-rated while hidden, one shown again.
    const hide = async (table: 'product_reviews' | 'shop_reviews', hidden: boolean, ids: number[]) => {
      for (const id of ids) await env.as(admin).reviews.setHidden({ kind: table === 'product_reviews' ? 'product' : 'shop', id, hidden });
    };
    const ids = async (table: 'product_reviews' | 'shop_reviews') => (await env.db.selectFrom(table).select('id').orderBy('id').execute()).map((r) => r.id);
    const [productReviews, shopReviews] = [await ids('product_reviews'), await ids('shop_reviews')];
    await hide('product_reviews', true, productReviews.filter((_, i) => i % 3 === 0));
    await hide('shop_reviews', true, shopReviews.filter((_, i) => i % 2 === 0));
    await check();
    await createReview(env, { user: users[0]!, of: { product: products[1]! }, rating: 2 });
    await hide('product_reviews', false, [productReviews[0]!]);
    await check();

    // A product deleted by its owner, a shop deleted by an admin (its products and reviews cascade),
    // and an account removed with its reviews (no screen does it; the foreign keys cascade).
    await env.as(shops[0]!.ownerId).products.delete({ id: products[1]!.id });
    await env.as(admin).admin.deleteShop({ id: shops[1]!.id });
    await env.db.deleteFrom('users').where('id', '=', users[2]!).execute();
    await check();
    await env.db.deleteFrom('users').where('id', 'in', [users[0]!, users[4]!]).execute();
    const rows = await check();
    expect(rows.some((r) => r.kept !== '0/0')).toBe(true);
  });
});
