// Housekeeping (issue 22): what grows with use is pruned once it can no longer be needed, in batches,
// on both engines; what must stay (live sessions, a checkout attempt inside its retry window, every
// order) stays.
import { describe, expect, it } from 'vitest';
import { updateShopSchema } from '../../shared/schemas/shop';
import { endSession, pruneExpiredSessions, SESSION_MAX_AGE_SECONDS, startSession } from '../auth/auth.service';
import { deleteShop } from '../admin/admin.service';
import { shopShareImage } from '../catalog/share-head';
import { updateShopSettings } from '../shops/shops.service';
import { createProduct, createShop, createUser, FIXTURE_ACTOR, SHIPPING } from '../testing/factories';
import { countRows, createTestEnv, type TestEnv } from '../testing/test-app';
import { CHECKOUT_ATTEMPT_RETENTION_MS, runHousekeeping } from './housekeeping.service';

const DAY = 24 * 3_600_000;
const later = (env: TestEnv, ms: number) => (env.clock.now = new Date(env.clock.now.getTime() + ms));

async function sessionIds(env: TestEnv): Promise<string[]> {
  return (await env.db.selectFrom('sessions').select('id').orderBy('id').execute()).map((s) => s.id);
}

describe('housekeeping', () => {
  it('deletes every account’s sessions past their expiry, in batches, and keeps live ones', async () => {
    const env = createTestEnv();
    const users = [await createUser(env), await createUser(env), await createUser(env)];
    const start = env.clock.now;
    // Five sessions, none of whose owners signs in again (sign-in clears only the signer's own).
    const expiring: string[] = [];
    for (const user of users) expiring.push(await startSession(env.db, user, start));
    expiring.push(await startSession(env.db, users[0]!, start), await startSession(env.db, users[1]!, start));
    later(env, SESSION_MAX_AGE_SECONDS * 1000 - DAY);
    const live = await startSession(env.db, users[2]!, env.clock.now);
    const signedOut = await startSession(env.db, users[2]!, env.clock.now);
    await endSession(env.db, signedOut);

    // Still inside their lifetime: nothing goes.
    expect((await runHousekeeping(env.db, env.config.storage, env.clock.now)).sessions).toBe(0);
    expect(await countRows(env.db, 'sessions')).toBe(6);

    later(env, DAY);
    // One batch deletes at most its limit.
    expect(await pruneExpiredSessions(env.db, env.clock.now, 2)).toBe(2);
    const result = await runHousekeeping(env.db, env.config.storage, env.clock.now, 2);
    expect(result.sessions).toBe(3);
    expect(await sessionIds(env)).toEqual([live]);
  });

  it('deletes checkout attempts a week old; their orders stay, and a retry inside the week still finds its orders', async () => {
    const env = createTestEnv();
    const shop = await createShop(env);
    const product = await createProduct(env, shop, { price: 1_000, stock: 100 });
    const checkout = (attemptKey: string) => env.as(null).orders.checkout({ items: [{ productId: product.id, quantity: 1, color: null, size: null }], shipping: SHIPPING, attemptKey });

    const first = await checkout('attempt-old-0123456789');
    later(env, CHECKOUT_ATTEMPT_RETENTION_MS - DAY);
    const recent = await checkout('attempt-recent-0123456789');
    later(env, DAY - 1);
    // Not quite a week: the first attempt's retry still answers with its order.
    expect(await runHousekeeping(env.db, env.config.storage, env.clock.now)).toMatchObject({ checkoutAttempts: 0 });
    expect((await checkout('attempt-old-0123456789')).orders.map((o) => o.id)).toEqual(first.orders.map((o) => o.id));

    later(env, 2);
    expect(await runHousekeeping(env.db, env.config.storage, env.clock.now)).toMatchObject({ checkoutAttempts: 1 });
    const attempts = await env.db.selectFrom('checkout_attempts').select('attempt_key').execute();
    expect(attempts.map((a) => a.attempt_key)).toEqual(['attempt-recent-0123456789']);
    expect((await checkout('attempt-recent-0123456789')).orders.map((o) => o.id)).toEqual(recent.orders.map((o) => o.id));
    // Both orders stay; the pruned attempt's is simply no longer linked to a key.
    const orders = await env.db.selectFrom('orders').select(['id', 'checkout_attempt_id']).orderBy('id').execute();
    expect(orders.map((o) => o.id)).toEqual([first.orders[0]!.id, recent.orders[0]!.id]);
    expect(orders[0]!.checkout_attempt_id).toBeNull();
    expect(orders[1]!.checkout_attempt_id).not.toBeNull();
  });

  it('deletes the order-number sequences of days more than a week back', async () => {
    const env = createTestEnv();
    const shop = await createShop(env);
    const product = await createProduct(env, shop, { price: 1_000, stock: 100 });
    for (let day = 0; day < 10; day += 1) {
      await env.as(null).orders.checkout({ items: [{ productId: product.id, quantity: 1, color: null, size: null }], shipping: SHIPPING });
      later(env, DAY);
    }
    expect(await countRows(env.db, 'order_number_sequences')).toBe(10);
    expect((await runHousekeeping(env.db, env.config.storage, env.clock.now, 2)).orderSequences).toBe(3);
    expect(await countRows(env.db, 'order_number_sequences')).toBe(7);
    expect(await countRows(env.db, 'orders')).toBe(10);
    // Today's sequence goes on where it was.
    const again = await env.as(null).orders.checkout({ items: [{ productId: product.id, quantity: 1, color: null, size: null }], shipping: SHIPPING });
    const second = await env.as(null).orders.checkout({ items: [{ productId: product.id, quantity: 1, color: null, size: null }], shipping: SHIPPING });
    expect(again.orders[0]!.orderNumber.split('-')[2]).toBe('0001');
    expect(second.orders[0]!.orderNumber.split('-')[2]).toBe('0002');
  });

  it('deletes the rate-limit windows that have ended, and keeps those still counting', async () => {
    const env = createTestEnv();
    const now = env.clock.now.getTime();
    const windows = [
      { key: 'sign-in:10.0.0.1', count: 3, reset_at: now - 60_000 },
      { key: 'sign-in:10.0.0.2', count: 1, reset_at: now },
      { key: 'checkout:10.0.0.3', count: 2, reset_at: now - 1 },
      { key: 'checkout:10.0.0.4', count: 5, reset_at: now + 1 },
    ];
    // Written as PostgreSQL's shared limiter writes them (SQLite counts in memory; its table is the same).
    await env.db.insertInto('rate_limits').values(windows).execute();
    expect((await runHousekeeping(env.db, env.config.storage, env.clock.now, 2)).rateLimitWindows).toBe(3);
    expect(await env.db.selectFrom('rate_limits').select(['key', 'count']).execute()).toEqual([{ key: 'checkout:10.0.0.4', count: 5 }]);
  });

  it('deletes the drawn share images of renamed and deleted shops, and keeps the current ones and the images of uploads', async () => {
    const env = createTestEnv();
    const storage = env.config.storage;
    const owner = await createUser(env, { roles: ['shopkeeper'], isPro: true });
    const renamed = await createShop(env, { owner, name: 'Old Name' });
    const kept = await createShop(env, { name: 'Kept' });
    const deleted = await createShop(env, { name: 'Gone' });
    const oldImage = await shopShareImage(storage, renamed);
    const keptImage = await shopShareImage(storage, kept);
    const goneImage = await shopShareImage(storage, deleted);
    const rename = updateShopSchema.parse({ name: 'New Name', whatsappNumber: '+92 300 1234567', logoUrl: null, profilePictureUrl: null, coverImageUrl: null });
    await updateShopSettings(env.db, storage, owner, renamed.id, rename, env.clock.now);
    const newImage = await shopShareImage(storage, { id: renamed.id, name: 'New Name' });
    await deleteShop(env.db, env.config, deleted.id, FIXTURE_ACTOR, env.clock.now);
    // A share image made from an upload (share/<hash>.jpg) leaves with its upload, not here.
    await storage.put('share/0123456789abcdef01234567.jpg', Buffer.from('jpeg'), 'image/jpeg');
    const key = (url: string | null) => url!.slice('/uploads/'.length);
    expect((await storage.list('share/')).length).toBe(5);

    expect((await runHousekeeping(env.db, storage, env.clock.now)).shareImages).toBe(2);
    expect((await storage.list('share/')).sort()).toEqual([key(newImage), key(keptImage), 'share/0123456789abcdef01234567.jpg'].sort());
    expect(await storage.exists(key(oldImage))).toBe(false);
    expect(await storage.exists(key(goneImage))).toBe(false);
    expect((await runHousekeeping(env.db, storage, env.clock.now)).shareImages).toBe(0);
  });
});
