import { describe, expect, it } from 'vitest';
import { createProduct, createShop, createUser } from '../testing/factories';
import { createTestEnv } from '../testing/test-app';

describe('reviews', () => {
  it('creates then updates one review per user, stored as trimmed plain text', async () => {
    const env = createTestEnv();
    const shop = await createShop(env);
    const p = await createProduct(env, shop);
    const user = await createUser(env, { fullName: 'Rita Reviewer' });
    const me = env.as(user);
    expect(await me.reviews.myProductReview({ productId: p.id })).toBeNull();
    expect(await me.reviews.saveProductReview({ productId: p.id, rating: 3, comment: '  <script>x</script> ok  ' })).toEqual({ updated: false });
    expect(await me.reviews.saveProductReview({ productId: p.id, rating: 5, comment: '' })).toEqual({ updated: true });
    const list = await env.as(null).reviews.productReviews({ productId: p.id });
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({ rating: 5, comment: null, fullName: 'Rita Reviewer' });
    await me.reviews.saveProductReview({ productId: p.id, rating: 4, comment: '  <b>great</b>  ' });
    expect((await env.as(null).reviews.productReviews({ productId: p.id })).items[0]?.comment).toBe('<b>great</b>');
    expect((await env.as(null).catalog.product({ slug: p.slug })).rating).toBe(4);
  });

  it('requires sign-in and a rating of 1 to 5, and refuses hidden targets', async () => {
    const env = createTestEnv();
    const shop = await createShop(env);
    const closed = await createShop(env, { isActive: false });
    const p = await createProduct(env, shop);
    const user = await createUser(env);
    await expect(env.as(null).reviews.saveProductReview({ productId: p.id, rating: 5 })).rejects.toThrow('Please sign in');
    await expect(env.as(user).reviews.saveProductReview({ productId: p.id, rating: 0 })).rejects.toThrow('Please select a rating');
    await expect(env.as(user).reviews.saveShopReview({ shopId: shop.id, rating: 6 })).rejects.toThrow('Please select a rating');
    await expect(env.as(user).reviews.saveShopReview({ shopId: closed.id, rating: 5 })).rejects.toThrow('Shop not found');
    await expect(env.as(user).reviews.saveShopReview({ shopId: shop.id, rating: 5, comment: 'x'.repeat(1001) })).rejects.toThrow(
      'at most 1000',
    );
    const rows = await env.db.selectFrom('shop_reviews').selectAll().execute();
    expect(rows).toEqual([]);
  });
});
