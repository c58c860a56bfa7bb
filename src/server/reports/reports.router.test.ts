import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, createReview, createShop, createUser } from '../testing/factories';
import { createTestEnv, type TestEnv } from '../testing/test-app';

// Reports (issue 49): anyone reports a product, a storefront or a review, once while open; an admin
// resolves all of a thing's open reports at once, and the log records it; a thing deleted closes its own.

let env: TestEnv;
let admin: number;
beforeAll(async () => {
  env = createTestEnv();
  admin = await createUser(env, { roles: ['admin'], fullName: 'Admin Ayesha' });
});
afterAll(async () => {
  await env.db.destroy();
});

const GUEST_A = 'guest-key-aaaaaaaaaaaa';
const GUEST_B = 'guest-key-bbbbbbbbbbbb';
const reportsOf = (type: string, id: number) =>
  env.db.selectFrom('reports').select(['status', 'reason', 'details', 'resolution', 'reporter_key']).where('subject_type', '=', type as 'product').where('subject_id', '=', id).orderBy('id').execute();
const entries = (action: string, subjectId: number, subjectType?: string) =>
  env.db
    .selectFrom('activity_log')
    .select(['actor_name', 'changes'])
    .where('action', '=', action)
    .where('subject_id', '=', String(subjectId))
    .$if(subjectType !== undefined, (q) => q.where('subject_type', '=', subjectType!))
    .execute();

describe('reporting', () => {
  it('takes one open report per reporter per thing, from guests (by their browser key) and buyers, never from the owner', async () => {
    const shop = await createShop(env);
    const product = await createProduct(env, shop);
    const buyer = await createUser(env);
    const guest = env.as(null, '10.0.0.1');
    const report = { thing: { type: 'product' as const, id: product.id }, reason: 'counterfeit' as const, details: '  Fake logo  ' };

    expect(await guest.reports.submit({ ...report, clientKey: GUEST_A })).toEqual({ ok: true });
    await expect(guest.reports.submit({ ...report, reason: 'spam', clientKey: GUEST_A })).rejects.toThrow('You have already reported this');
    await guest.reports.submit({ ...report, clientKey: GUEST_B, details: '' });
    await env.as(buyer, '10.0.0.2').reports.submit({ ...report, reason: 'scam' });
    await expect(env.as(buyer, '10.0.0.2').reports.submit(report)).rejects.toThrow('You have already reported this');
    await expect(env.as(shop.ownerId, '10.0.0.3').reports.submit(report)).rejects.toThrow('You cannot report your own shop or products');
    await expect(env.as(shop.ownerId, '10.0.0.3').reports.submit({ ...report, thing: { type: 'shop', id: shop.id } })).rejects.toThrow(
      'You cannot report your own shop or products',
    );
    expect(await reportsOf('product', product.id)).toEqual([
      { status: 'open', reason: 'counterfeit', details: 'Fake logo', resolution: null, reporter_key: `guest:${GUEST_A}` },
      { status: 'open', reason: 'counterfeit', details: null, resolution: null, reporter_key: `guest:${GUEST_B}` },
      { status: 'open', reason: 'scam', details: 'Fake logo', resolution: null, reporter_key: `user:${buyer}` },
    ]);
  });

  it('refuses an unknown reason or thing, long details, and what the public cannot see, writing nothing', async () => {
    const shop = await createShop(env);
    const hidden = await createProduct(env, shop, { isActive: false });
    const guest = env.as(null, '10.0.1.1');
    const thing = { type: 'shop' as const, id: shop.id };
    await expect(guest.reports.submit({ thing, reason: 'ugly' as 'spam', clientKey: GUEST_A })).rejects.toThrow('Choose a reason');
    await expect(guest.reports.submit({ thing: { type: 'order' as 'shop', id: 1 }, reason: 'spam', clientKey: GUEST_A })).rejects.toThrow('Unknown thing to report');
    await expect(guest.reports.submit({ thing, reason: 'spam', details: 'x'.repeat(10_000), clientKey: GUEST_A })).rejects.toThrow(
      'Details must be at most 500 characters',
    );
    await expect(guest.reports.submit({ thing: { type: 'product', id: hidden.id }, reason: 'spam', clientKey: GUEST_A })).rejects.toThrow('Product not found');
    await expect(guest.reports.submit({ thing: { type: 'product_review', id: 999_999 }, reason: 'spam', clientKey: GUEST_A })).rejects.toThrow(
      'Review not found',
    );
    expect(await reportsOf('shop', shop.id)).toEqual([]);
  });

  it('limits a flood of reports per client', async () => {
    const shop = await createShop(env);
    const products = [];
    for (let i = 0; i < 11; i += 1) products.push(await createProduct(env, shop));
    const flood = env.as(null, '10.0.2.1');
    for (const product of products.slice(0, 10)) await flood.reports.submit({ thing: { type: 'product', id: product.id }, reason: 'spam', clientKey: GUEST_A });
    await expect(flood.reports.submit({ thing: { type: 'product', id: products[10]!.id }, reason: 'spam', clientKey: GUEST_A })).rejects.toThrow(
      'Too many reports. Please wait a few minutes.',
    );
    expect(await reportsOf('product', products[10]!.id)).toEqual([]);
    // Another client is counted on its own.
    await env.as(null, '10.0.2.2').reports.submit({ thing: { type: 'product', id: products[10]!.id }, reason: 'spam', clientKey: GUEST_A });
  });
});

describe('resolving', () => {
  it('lists one row per thing; "Hide product" hides it, closes every open report and is logged once each', async () => {
    const shop = await createShop(env, { name: 'Counterfeit Corner' });
    const product = await createProduct(env, shop, { name: 'Fake Watch' });
    const thing = { type: 'product' as const, id: product.id };
    await env.as(null, '10.0.3.1').reports.submit({ thing, reason: 'counterfeit', details: 'Not original', clientKey: GUEST_A });
    env.clock.now = new Date(env.clock.now.getTime() + 60_000);
    await env.as(null, '10.0.3.2').reports.submit({ thing, reason: 'counterfeit', details: 'Logo is wrong', clientKey: GUEST_B });
    await env.as(await createUser(env), '10.0.3.3').reports.submit({ thing, reason: 'misleading' });
    const caller = env.as(admin);

    const open = await caller.reports.list({ status: 'open' });
    const row = open.items.find((i) => i.thing.type === 'product' && i.thing.id === product.id);
    expect(row).toMatchObject({ count: 3, reasons: ['counterfeit', 'misleading'], latestDetails: 'Logo is wrong', name: 'Fake Watch', link: `/product/${product.slug}` });
    const before = (await caller.reports.openCount()).open;

    await caller.reports.resolve({ thing, action: 'hide_product', note: 'Brand complaint' });
    expect((await env.as(null).catalog.products({})).items.map((p) => p.id)).not.toContain(product.id);
    expect((await reportsOf('product', product.id)).map((r) => [r.status, r.resolution])).toEqual([
      ['resolved', 'product_hidden'],
      ['resolved', 'product_hidden'],
      ['resolved', 'product_hidden'],
    ]);
    expect((await caller.reports.openCount()).open).toBe(before - 1);
    expect(await entries('product.deactivated', product.id)).toEqual([{ actor_name: 'Admin Ayesha', changes: JSON.stringify({ active: [true, false] }) }]);
    expect(await entries('report.resolved', product.id)).toEqual([
      { actor_name: 'Admin Ayesha', changes: JSON.stringify({ open_reports: [3, 0], resolution: [null, 'product_hidden'], note: [null, 'Brand complaint'] }) },
    ]);
    await expect(caller.reports.resolve({ thing, action: 'dismiss' })).rejects.toThrow('These reports are already resolved');
    await expect(caller.reports.resolve({ thing, action: 'hide_review' })).rejects.toThrow('This action does not fit this report');

    const resolved = await caller.reports.list({ status: 'resolved' });
    expect(resolved.items.find((i) => i.thing.id === product.id && i.thing.type === 'product')).toMatchObject({
      count: 3,
      resolution: 'product_hidden',
      note: 'Brand complaint',
      resolvedBy: 'Admin Ayesha',
    });
  });

  it('"Hide review" takes a review off its page and out of the average; Dismiss leaves the thing as it was', async () => {
    const shop = await createShop(env);
    const product = await createProduct(env, shop);
    const [ana, ben] = [await createUser(env), await createUser(env)];
    await createReview(env, { user: ana, of: { product }, rating: 5 });
    await createReview(env, { user: ben, of: { product }, rating: 1, comment: 'Rude words' });
    const guest = env.as(null, '10.0.4.1');
    expect(await guest.catalog.product({ slug: product.slug })).toMatchObject({ rating: 3, reviewCount: 2 });
    const rude = (await guest.reviews.productReviews({ productId: product.id })).items.find((r) => r.comment === 'Rude words')!;
    const thing = { type: 'product_review' as const, id: rude.id };
    await guest.reports.submit({ thing, reason: 'offensive', clientKey: GUEST_A });
    await env.as(admin).reports.resolve({ thing, action: 'hide_review' });
    expect((await guest.reviews.productReviews({ productId: product.id })).items.map((r) => r.comment)).toEqual([null]);
    expect(await guest.catalog.product({ slug: product.slug })).toMatchObject({ rating: 5, reviewCount: 1 });
    expect(await entries('review.hidden', rude.id, 'product_review')).toHaveLength(1);
    // A hidden review cannot be reported.
    await expect(env.as(null, '10.0.4.2').reports.submit({ thing, reason: 'spam', clientKey: GUEST_B })).rejects.toThrow('Review not found');

    await env.as(null, '10.0.4.3').reports.submit({ thing: { type: 'shop', id: shop.id }, reason: 'other', clientKey: GUEST_B });
    await env.as(admin).reports.resolve({ thing: { type: 'shop', id: shop.id }, action: 'dismiss', note: 'Looks fine' });
    expect(await env.as(null).catalog.shop({ slug: shop.slug })).toMatchObject({ id: shop.id });
    expect((await reportsOf('shop', shop.id)).map((r) => r.resolution)).toEqual(['dismissed']);
  });

  it('closes the open reports of a thing deleted, however it goes', async () => {
    const shop = await createShop(env);
    const [product, other] = [await createProduct(env, shop), await createProduct(env, shop)];
    const reviewer = await createUser(env);
    await createReview(env, { user: reviewer, of: { shop }, rating: 2, comment: 'Bad' });
    const review = (await env.as(null).reviews.shopReviews({ shopId: shop.id })).items[0]!;
    const guest = env.as(null, '10.0.5.1');
    await guest.reports.submit({ thing: { type: 'product', id: product.id }, reason: 'prohibited', clientKey: GUEST_A });
    await guest.reports.submit({ thing: { type: 'product', id: other.id }, reason: 'prohibited', clientKey: GUEST_A });
    await guest.reports.submit({ thing: { type: 'shop_review', id: review.id }, reason: 'spam', clientKey: GUEST_A });
    await env.as(shop.ownerId).products.delete({ id: product.id });
    expect((await reportsOf('product', product.id)).map((r) => [r.status, r.resolution])).toEqual([['resolved', 'deleted']]);
    // The account removed with its reviews, the shop with its products: their reports close too.
    await env.db.deleteFrom('users').where('id', '=', reviewer).execute();
    await env.as(admin).admin.deleteShop({ id: shop.id });
    expect((await reportsOf('shop_review', review.id)).map((r) => r.resolution)).toEqual(['deleted']);
    expect((await reportsOf('product', other.id)).map((r) => r.resolution)).toEqual(['deleted']);
  });
});

describe('hiding a review from its own menu', () => {
  it('hides and shows, refusing a repeat; an admin still reads it, marked; each change logged once', async () => {
    const shop = await createShop(env);
    const reviewer = await createUser(env);
    await createReview(env, { user: reviewer, of: { shop }, rating: 1 });
    await createReview(env, { user: await createUser(env), of: { shop }, rating: 4 });
    const [review] = (await env.as(null).reviews.shopReviews({ shopId: shop.id })).items.filter((r) => r.rating === 1);
    const caller = env.as(admin);
    await caller.reviews.setHidden({ kind: 'shop', id: review!.id, hidden: true });
    await expect(caller.reviews.setHidden({ kind: 'shop', id: review!.id, hidden: true })).rejects.toThrow('This review is already hidden');
    expect(await env.as(null).catalog.shop({ slug: shop.slug })).toMatchObject({ rating: 4, reviewCount: 1 });
    expect((await caller.reviews.shopReviews({ shopId: shop.id })).items.map((r) => [r.rating, r.hidden])).toEqual([
      [4, false],
      [1, true],
    ]);
    await caller.reviews.setHidden({ kind: 'shop', id: review!.id, hidden: false });
    expect(await env.as(null).catalog.shop({ slug: shop.slug })).toMatchObject({ rating: 2.5, reviewCount: 2 });
    expect(await entries('review.hidden', review!.id, 'shop_review')).toEqual([{ actor_name: 'Admin Ayesha', changes: JSON.stringify({ hidden: [false, true] }) }]);
    expect(await entries('review.shown', review!.id, 'shop_review')).toHaveLength(1);
  });
});
