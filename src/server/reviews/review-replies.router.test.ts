import { describe, expect, it } from 'vitest';
import { createOrder, createProduct, createReview, createShop, createUser } from '../testing/factories';
import { createTestEnv } from '../testing/test-app';

// Issue 49: "Verified buyer" means a Delivered order of that product (a product review) or from that
// shop (a shop review); a shop's owner writes one public reply per review of the shop or its products.

describe('verified buyers', () => {
  it('marks a review whose author has a Delivered order of the product, or from the shop', async () => {
    const env = createTestEnv();
    const shop = await createShop(env);
    const [bag, belt] = [await createProduct(env, shop), await createProduct(env, shop)];
    const [delivered, pending, other] = [await createUser(env), await createUser(env), await createUser(env)];
    await createOrder(env, bag, { buyer: delivered, status: 'delivered' });
    await createOrder(env, bag, { buyer: pending, status: 'shipped' });
    await createOrder(env, belt, { buyer: other, status: 'delivered' });
    for (const user of [delivered, pending, other]) {
      await createReview(env, { user, of: { product: bag } });
      await createReview(env, { user, of: { shop } });
    }
    const guest = env.as(null);
    const byAuthor = (items: Array<{ userId: number; verified: boolean }>) => Object.fromEntries(items.map((r) => [r.userId, r.verified]));
    expect(byAuthor((await guest.reviews.productReviews({ productId: bag.id })).items)).toEqual({ [delivered]: true, [pending]: false, [other]: false });
    expect(byAuthor((await guest.reviews.shopReviews({ shopId: shop.id })).items)).toEqual({ [delivered]: true, [pending]: false, [other]: true });
  });
});

describe('shop replies', () => {
  it("lets the shop's owner write and edit one reply per review, shown to everyone; nobody else", async () => {
    const env = createTestEnv();
    const shop = await createShop(env, { name: 'Reply Shop' });
    const otherShop = await createShop(env);
    const product = await createProduct(env, shop);
    await createReview(env, { user: await createUser(env), of: { product }, rating: 2, comment: 'Late' });
    await createReview(env, { user: await createUser(env), of: { shop }, rating: 4 });
    const [productReview] = (await env.as(null).reviews.productReviews({ productId: product.id })).items;
    const [shopReview] = (await env.as(null).reviews.shopReviews({ shopId: shop.id })).items;
    const owner = env.as(shop.ownerId);

    expect(await owner.reviews.reply({ kind: 'product', id: productReview!.id, reply: '  Sorry, the courier was late.  ' })).toEqual({ updated: false });
    expect(await owner.reviews.reply({ kind: 'product', id: productReview!.id, reply: 'Sorry! We changed couriers.' })).toEqual({ updated: true });
    await owner.reviews.reply({ kind: 'shop', id: shopReview!.id, reply: 'Thank you!' });
    await expect(owner.reviews.reply({ kind: 'shop', id: shopReview!.id, reply: 'x'.repeat(1001) })).rejects.toThrow('Reply must be at most 1000 characters');
    await expect(owner.reviews.reply({ kind: 'shop', id: shopReview!.id, reply: '   ' })).rejects.toThrow('Write a reply');
    await expect(env.as(otherShop.ownerId).reviews.reply({ kind: 'product', id: productReview!.id, reply: 'Not mine' })).rejects.toThrow('Review not found');

    expect((await env.as(null).reviews.productReviews({ productId: product.id })).items[0]?.reply).toMatchObject({ text: 'Sorry! We changed couriers.' });
    expect((await env.as(null).reviews.shopReviews({ shopId: shop.id })).items[0]?.reply).toMatchObject({ text: 'Thank you!' });
  });
});
