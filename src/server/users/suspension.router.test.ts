import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInWithPassword } from '../auth/auth.service';
import { MemoryRateLimiter } from '../rate-limit';
import { createProduct, createReview, createShop, createUser, FIXTURE_ACTOR, TEST_PASSWORD } from '../testing/factories';
import { setSuspended } from './suspension.service';
import { createTestEnv, type TestEnv } from '../testing/test-app';

// Suspending an account (issue 49): no sign-in, its sessions refused, its shop hidden as a taken-down
// one, its reviews out of the pages and the averages; unsuspending restores each; never oneself or the
// last admin; each logged once.

let env: TestEnv;
let admin: number;
beforeAll(async () => {
  env = createTestEnv();
  admin = await createUser(env, { roles: ['admin'], fullName: 'Admin Ayesha' });
});
afterAll(async () => {
  await env.db.destroy();
});

describe('suspending an account', () => {
  it('refuses its sign-in and session, hides its shop and reviews; unsuspending restores them, not an admin-hidden review', async () => {
    const keeper = await createUser(env, { email: 'keeper-suspended@example.test', roles: ['shopkeeper'] });
    const shop = await createShop(env, { owner: keeper });
    const otherShop = await createShop(env);
    const product = await createProduct(env, otherShop);
    const [rated, alsoRated] = [await createProduct(env, otherShop), await createProduct(env, otherShop)];
    await createReview(env, { user: keeper, of: { product }, rating: 1 });
    await createReview(env, { user: keeper, of: { product: rated }, rating: 1 });
    await createReview(env, { user: await createUser(env), of: { product }, rating: 5 });
    await createReview(env, { user: await createUser(env), of: { product: alsoRated }, rating: 5 });
    const [hiddenByAdmin] = (await env.as(null).reviews.productReviews({ productId: rated.id })).items;
    await env.as(admin).reviews.setHidden({ kind: 'product', id: hiddenByAdmin!.id, hidden: true });
    const guest = env.as(null);
    expect(await guest.catalog.product({ slug: product.slug })).toMatchObject({ rating: 3, reviewCount: 2 });

    await env.as(admin).admin.suspend({ userId: keeper, reason: 'Fake orders' });
    expect(await env.as(keeper).auth.me()).toBeNull();
    await expect(env.as(keeper).orders.mine({})).rejects.toThrow('Please sign in to continue');
    const limiter = new MemoryRateLimiter();
    expect(await signInWithPassword(env.db, limiter, '10.9.0.1', { email: 'keeper-suspended@example.test', password: TEST_PASSWORD })).toEqual({
      status: 'suspended',
      message: 'This account is suspended. Contact support.',
    });
    expect(await signInWithPassword(env.db, limiter, '10.9.0.1', { email: 'keeper-suspended@example.test', password: 'wrong-password' })).toEqual({ status: 'invalid' });
    await expect(guest.catalog.shop({ slug: shop.slug })).rejects.toThrow('Shop not found');
    expect((await guest.catalog.shops({})).items.map((s) => s.id)).not.toContain(shop.id);
    expect(await guest.catalog.product({ slug: product.slug })).toMatchObject({ rating: 5, reviewCount: 1 });
    const users = await env.as(admin).admin.users({ search: 'keeper-suspended' });
    expect(users.items[0]?.suspended).toMatchObject({ reason: 'Fake orders' });

    await env.as(admin).admin.unsuspend({ userId: keeper });
    expect(await env.as(keeper).auth.me()).toMatchObject({ id: keeper });
    expect(await guest.catalog.shop({ slug: shop.slug })).toMatchObject({ id: shop.id });
    expect(await guest.catalog.product({ slug: product.slug })).toMatchObject({ rating: 3, reviewCount: 2 });
    // The admin's own hiding outlives the suspension's end.
    expect((await guest.reviews.productReviews({ productId: rated.id })).items).toEqual([]);

    const entries = await env.db.selectFrom('activity_log').select(['action', 'actor_name', 'changes']).where('subject_type', '=', 'user').where('subject_id', '=', String(keeper)).orderBy('id').execute();
    expect(entries).toEqual([
      { action: 'user.suspended', actor_name: 'Admin Ayesha', changes: JSON.stringify({ suspended: [false, true], reason: [null, 'Fake orders'] }) },
      { action: 'user.unsuspended', actor_name: 'Admin Ayesha', changes: JSON.stringify({ suspended: [true, false] }) },
    ]);
  });

  it('refuses oneself, the last admin, a repeat and an empty reason, writing nothing', async () => {
    const buyer = await createUser(env);
    const caller = env.as(admin);
    await expect(caller.admin.suspend({ userId: admin, reason: 'Me' })).rejects.toThrow('You cannot suspend yourself');
    await expect(caller.admin.suspend({ userId: buyer, reason: '  ' })).rejects.toThrow('Give a reason');
    await expect(caller.admin.unsuspend({ userId: buyer })).rejects.toThrow('This account is not suspended');
    await caller.admin.suspend({ userId: buyer, reason: 'Spam' });
    await expect(caller.admin.suspend({ userId: buyer, reason: 'Spam' })).rejects.toThrow('This account is already suspended');
    // The last admin not suspended: refused whoever asks (the screens can only ask as that admin, which
    // "yourself" already refuses; a tool acting as the system meets this rule).
    const second = await createUser(env, { roles: ['admin'] });
    await caller.admin.suspend({ userId: second, reason: 'Left the team' });
    await expect(setSuspended(env.db, admin, { reason: 'x' }, FIXTURE_ACTOR, 0, env.clock.now)).rejects.toThrow('You cannot suspend the last admin');
    await caller.admin.unsuspend({ userId: second });
    await setSuspended(env.db, second, { reason: 'Test' }, FIXTURE_ACTOR, 0, env.clock.now);
    expect((await env.db.selectFrom('users').select('suspended_at').where('id', '=', admin).executeTakeFirstOrThrow()).suspended_at).toBeNull();
  });
});
