import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_SAVED } from '../../shared/saved';
import { createProduct, createShop, createUser, type ShopRef } from '../testing/factories';
import { countRows, createTestEnv, type TestEnv } from '../testing/test-app';

let env: TestEnv;
let shop: ShopRef;
beforeAll(async () => {
  env = createTestEnv();
  shop = await createShop(env, { currency: 'PKR' });
});
afterAll(async () => {
  await env.db.destroy();
});

/** `n` more products of the shop, copied from one made by the factory (500 through the form would take minutes). */
async function manyProducts(n: number): Promise<number[]> {
  const template = await createProduct(env, shop);
  const { id: _id, ...row } = await env.db.selectFrom('products').selectAll().where('id', '=', template.id).executeTakeFirstOrThrow();
  const rows = Array.from({ length: n }, (_, i) => ({ ...row, slug: `${template.slug}-copy-${i}` }));
  const inserted = await env.db.insertInto('products').values(rows).returning('id').execute();
  return inserted.map((r) => r.id);
}

describe('saved products', () => {
  it('saves at the price seen, lists it with its price now, says it dropped, and takes it off', async () => {
    const buyer = await createUser(env, { roles: ['buyer'] });
    const kurta = await createProduct(env, shop, { price: 150_000 });
    await env.as(buyer).saved.set({ productId: kurta.id, saved: true });
    await env.as(buyer).saved.set({ productId: kurta.id, saved: true });
    expect(await env.as(buyer).saved.ids()).toEqual([kurta.id]);
    await env.db.updateTable('products').set({ selling_price: 120_000 }).where('id', '=', kurta.id).execute();
    const [item] = await env.as(buyer).saved.list();
    expect(item).toMatchObject({ id: kurta.id, available: true, price: 120_000, saved: { price: 150_000, currency: 'PKR' } });
    await env.as(buyer).saved.set({ productId: kurta.id, saved: false });
    expect(await env.as(buyer).saved.ids()).toEqual([]);
  });

  it('lists a product hidden since as no longer available, and refuses to save a hidden one', async () => {
    const buyer = await createUser(env, { roles: ['buyer'] });
    const shawl = await createProduct(env, shop);
    const hidden = await createProduct(env, shop, { isActive: false });
    await env.as(buyer).saved.set({ productId: shawl.id, saved: true });
    await env.db.updateTable('products').set({ is_active: 0 }).where('id', '=', shawl.id).execute();
    expect((await env.as(buyer).saved.list())[0]).toMatchObject({ id: shawl.id, available: false });
    await expect(env.as(buyer).saved.set({ productId: hidden.id, saved: true })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('merges a guest list at sign-in: the account keeps its own entry, the rest is added, gone products skipped', async () => {
    const buyer = await createUser(env, { roles: ['buyer'] });
    const a = await createProduct(env, shop, { price: 1000 });
    const b = await createProduct(env, shop, { price: 2000 });
    await env.as(buyer).saved.set({ productId: a.id, saved: true });
    const answer = await env.as(buyer).saved.merge({
      entries: [
        { productId: a.id, price: 5, currency: 'PKR', savedAt: '2026-05-01T00:00:00.000Z' },
        { productId: b.id, price: 2500, currency: 'PKR', savedAt: '2026-05-02T00:00:00.000Z' },
        { productId: 999_999, price: 1, currency: 'PKR', savedAt: '2026-05-02T00:00:00.000Z' },
      ],
    });
    expect(answer).toEqual({ ids: [a.id, b.id], dropped: 0 });
    const list = await env.as(buyer).saved.list();
    expect(list.find((i) => i.id === a.id)?.saved.price).toBe(1000);
    expect(list.find((i) => i.id === b.id)?.saved.price).toBe(2500);
  });

  it('holds at most 500 per account: the 501st is refused with a message, a merge past it says how many did not fit', async () => {
    const buyer = await createUser(env, { roles: ['buyer'] });
    const ids = await manyProducts(MAX_SAVED + 2);
    const entries = ids.slice(0, MAX_SAVED).map((productId) => ({ productId, price: 100, currency: 'PKR', savedAt: '2026-05-01T00:00:00.000Z' }));
    expect((await env.as(buyer).saved.merge({ entries })).dropped).toBe(0);
    await expect(env.as(buyer).saved.set({ productId: ids[MAX_SAVED]!, saved: true })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: `You can save at most ${MAX_SAVED} products. Remove one you no longer want first.`,
    });
    const more = ids.slice(MAX_SAVED).map((productId) => ({ productId, price: 100, currency: 'PKR', savedAt: '2026-05-03T00:00:00.000Z' }));
    expect((await env.as(buyer).saved.merge({ entries: more })).dropped).toBe(2);
    const rows = await env.db.selectFrom('saved_products').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', buyer).executeTakeFirstOrThrow();
    expect(Number(rows.n)).toBe(MAX_SAVED);
  });

  it('20 saves racing at 495 let exactly 5 through, and a merge racing them never passes 500 (both engines)', async () => {
    const buyer = await createUser(env, { roles: ['buyer'] });
    const ids = await manyProducts(MAX_SAVED + 20);
    const entries = ids.slice(0, MAX_SAVED - 5).map((productId) => ({ productId, price: 100, currency: 'PKR', savedAt: '2026-05-01T00:00:00.000Z' }));
    await env.as(buyer).saved.merge({ entries });
    const racing = ids.slice(MAX_SAVED - 5, MAX_SAVED + 15);
    const answers = await Promise.allSettled([
      ...racing.map((productId) => env.as(buyer).saved.set({ productId, saved: true })),
      env.as(buyer).saved.merge({ entries: ids.slice(MAX_SAVED + 15).map((productId) => ({ productId, price: 100, currency: 'PKR', savedAt: '2026-05-02T00:00:00.000Z' })) }),
    ]);
    const refused = answers.filter((a): a is PromiseRejectedResult => a.status === 'rejected').map((a) => (a.reason as Error).message);
    expect(new Set(refused)).toEqual(new Set([`You can save at most ${MAX_SAVED} products. Remove one you no longer want first.`]));
    expect(await env.db.selectFrom('saved_products').select('product_id').where('user_id', '=', buyer).execute()).toHaveLength(MAX_SAVED);
  });

  it('shows a guest the state of the products in the browser list; refuses guests the account procedures', async () => {
    const lamp = await createProduct(env, shop, { stock: 0 });
    const [view] = await env.as(null).saved.preview({ productIds: [lamp.id, 999_998] }).then((v) => v);
    expect(view).toMatchObject({ id: lamp.id, available: true, stock: 0 });
    const before = await countRows(env.db, 'saved_products');
    await expect(env.as(null).saved.set({ productId: lamp.id, saved: true })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(env.as(null).saved.merge({ entries: [] })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(env.as(null).saved.list()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect(await countRows(env.db, 'saved_products')).toBe(before);
  });
});
