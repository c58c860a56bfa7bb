import { describe, expect, it } from 'vitest';
import { MAX_FOLLOWED } from '../../shared/follows';
import { createProduct, createShop, createStaff, createUser } from '../testing/factories';
import { createTestEnv, failure } from '../testing/test-app';

// Followed shops (issue 50): Follow and Following, /following with each shop's newest products, the
// shop's follower count; never one's own shop; a shop buyers cannot see is refused; the cap. Both engines.


describe('following shops', () => {
  it('follows and unfollows, idempotently; /following lists the shop with its newest products; the dashboard counts followers', async () => {
    const env = createTestEnv();
    const shop = await createShop(env, { name: 'Zari Threads' });
    await env.db.updateTable('profiles').set({ is_pro: 1 }).where('user_id', '=', shop.ownerId).execute();
    for (let i = 1; i <= 6; i += 1) await createProduct(env, shop, { name: `Kurta ${i}`, at: new Date(env.clock.now.getTime() + i * 60_000) });
    const buyer = env.as(await createUser(env, { roles: ['buyer'] }));
    const other = env.as(await createUser(env, { roles: ['buyer'] }));

    expect(await buyer.follows.ids()).toEqual({ following: [], ownShopId: null });
    expect((await env.as(shop.ownerId).follows.ids()).ownShopId).toBe(shop.id);
    expect(await buyer.follows.set({ shopId: shop.id, following: true })).toEqual({ following: true });
    expect(await buyer.follows.set({ shopId: shop.id, following: true })).toEqual({ following: true });
    await other.follows.set({ shopId: shop.id, following: true });
    expect((await buyer.follows.ids()).following).toEqual([shop.id]);
    const [listed] = await buyer.follows.list();
    expect(listed).toMatchObject({ id: shop.id, name: 'Zari Threads', slug: shop.slug });
    expect(listed!.products.map((p) => p.name)).toEqual(['Kurta 6', 'Kurta 5', 'Kurta 4', 'Kurta 3']);
    expect((await env.as(shop.ownerId).shops.dashboard()).followers).toBe(2);

    expect(await buyer.follows.set({ shopId: shop.id, following: false })).toEqual({ following: false });
    expect((await buyer.follows.ids()).following).toEqual([]);
    expect(await buyer.follows.list()).toEqual([]);
  });

  it('refuses one’s own shop (owner and staff), a shop buyers cannot see, a guest, and the 501st; nothing is written', async () => {
    const env = createTestEnv();
    const shop = await createShop(env);
    const staff = await createStaff(env, shop, { email: 'helper@example.test' });
    const hidden = await createShop(env);
    await env.db.updateTable('shops').set({ is_active: 0 }).where('id', '=', hidden.id).execute();
    const rows = () => env.db.selectFrom('shop_follows').selectAll().execute();

    expect(await failure(env.as(shop.ownerId).follows.set({ shopId: shop.id, following: true }))).toEqual({ code: 'FORBIDDEN', message: 'You cannot follow your own shop' });
    expect((await failure(env.as(staff).follows.set({ shopId: shop.id, following: true }))).code).toBe('FORBIDDEN');
    expect((await env.as(staff).follows.ids()).ownShopId).toBe(shop.id);
    const buyerId = await createUser(env, { roles: ['buyer'] });
    const buyer = env.as(buyerId);
    expect(await failure(buyer.follows.set({ shopId: hidden.id, following: true }))).toEqual({ code: 'NOT_FOUND', message: 'Shop not found' });
    expect(await failure(buyer.follows.set({ shopId: 999_999, following: true }))).toMatchObject({ code: 'NOT_FOUND' });
    expect((await failure(env.as(null).follows.set({ shopId: shop.id, following: true }))).code).toBe('UNAUTHORIZED');
    expect(await rows()).toEqual([]);

  });

  it('never passes the cap of 500 when 20 follows race, on both engines, and refuses the 501st with a clear message', async () => {
    const env = createTestEnv();
    const buyerId = await createUser(env, { roles: ['buyer'] });
    const owner = await createUser(env, { roles: ['shopkeeper'] });
    // 515 shops, written at once (their rows as createShop writes them, but for the name and slug).
    const template = await env.db.selectFrom('shops').selectAll().where('id', '=', (await createShop(env, { owner })).id).executeTakeFirstOrThrow();
    const { id: _shop, ...columns } = template;
    const { id: _user, ...account } = await env.db.selectFrom('users').selectAll().where('id', '=', owner).executeTakeFirstOrThrow();
    const ids: number[] = [];
    for (let i = 0; i < 514; i += 1) {
      // One shop per account: each its own owner.
      const user = await env.db.insertInto('users').values({ ...account, email: `owner-${i}@example.test` }).returning('id').executeTakeFirstOrThrow();
      const row = await env.db.insertInto('shops').values({ ...columns, owner_id: Number(user.id), name: `Shop ${i}`, slug: `shop-${i}` }).returning('id').executeTakeFirstOrThrow();
      ids.push(Number(row.id));
    }
    ids.push(Number(template.id));
    const buyer = env.as(buyerId);
    await env.db.insertInto('shop_follows').values(ids.slice(0, MAX_FOLLOWED - 5).map((shopId) => ({ user_id: buyerId, shop_id: shopId, created_at: env.clock.now.toISOString() }))).execute();
    const racing = ids.slice(MAX_FOLLOWED - 5, MAX_FOLLOWED + 15);
    const answers = await Promise.allSettled(racing.map((shopId) => buyer.follows.set({ shopId, following: true })));
    expect(answers.filter((a) => a.status === 'fulfilled')).toHaveLength(5);
    const refused = answers.filter((a): a is PromiseRejectedResult => a.status === 'rejected').map((a) => (a.reason as Error).message);
    expect(new Set(refused)).toEqual(new Set(['You can follow at most 500 shops. Unfollow one first.']));
    expect((await buyer.follows.ids()).following).toHaveLength(MAX_FOLLOWED);
  });
});
