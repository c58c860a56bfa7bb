import { describe, expect, it } from 'vitest';
import { createProduct, createShop, createUser, SHIPPING } from '../testing/factories';
import { countRows, createTestEnv, failure, type TestEnv } from '../testing/test-app';

// The end of a plan (issue 48): the grace days come from the operator's setting; "Stop orders from shops
// whose trial or plan has ended" refuses their lines at checkout, with nothing written; a renewal lifts it.


async function world(env: TestEnv) {
  const admin = env.as(await createUser(env, { roles: ['admin'] }));
  const shop = await createShop(env, { currency: 'PKR', name: 'Sara’s Boutique' });
  const product = await createProduct(env, shop, { price: 150_000, stock: 10 });
  await admin.billing.recordPayment({ shopId: shop.id, planId: null, months: 1, amount: '1,500', paidOn: '2026-06-01', reference: '' });
  return { admin, owner: env.as(shop.ownerId), shop, product };
}

const order = (env: TestEnv, productId: number) => env.as(null).orders.checkout({ items: [{ productId, quantity: 1, color: null, size: null }], shipping: SHIPPING });

describe('the end of a plan', () => {
  it('grace days are the operator’s: 0 blocks at the end, 5 keeps the shop open five days', async () => {
    const env = createTestEnv();
    const { admin, owner } = await world(env);
    expect(await admin.billing.settings()).toEqual({ graceDays: 3, stopOrders: false, commissionRateBps: 0 });
    await admin.billing.saveSettings({ graceDays: 0, stopOrders: false });
    env.clock.now = new Date('2026-07-01T12:00:00.000Z');
    expect(await failure(owner.shops.setEmailNewOrders({ enabled: false }))).toEqual({ code: 'FORBIDDEN', message: 'Your Pro plan has ended' });
    expect((await owner.auth.me())?.trialExpired).toBe(true);
    await admin.billing.saveSettings({ graceDays: 5, stopOrders: false });
    env.clock.now = new Date('2026-07-06T11:59:59.000Z');
    await owner.shops.setEmailNewOrders({ enabled: false });
    expect((await owner.auth.me())?.trialExpired).toBe(false);
    // The dashboard's blocking dialog follows the same setting (it used the default 3 days).
    expect((await owner.shops.dashboard()).trialExpired).toBe(false);
    env.clock.now = new Date('2026-07-06T12:00:00.000Z');
    expect(await failure(owner.shops.setEmailNewOrders({ enabled: true }))).toMatchObject({ code: 'FORBIDDEN' });
    expect((await owner.shops.dashboard()).trialExpired).toBe(true);
    // Each save is in the activity log once, as the admin's, with what it changed (issue 49); one changing nothing is not.
    await admin.billing.saveSettings({ graceDays: 5, stopOrders: false });
    const logged = await env.db.selectFrom('activity_log').selectAll().where('action', '=', 'settings.billing_saved').orderBy('id').execute();
    expect(logged.map((r) => [r.actor_role, r.subject_type, r.subject_id, JSON.parse(r.changes) as unknown])).toEqual([
      ['admin', 'settings', 'billing', { grace_days: [3, 0] }],
      ['admin', 'settings', 'billing', { grace_days: [0, 5] }],
    ]);
  });

  it('refuses bad settings with a clear message, and writes nothing', async () => {
    const env = createTestEnv();
    const { admin, owner } = await world(env);
    for (const graceDays of [-1, 61, 1.5]) {
      expect((await failure(admin.billing.saveSettings({ graceDays, stopOrders: true }))).message).toContain('Grace days must be a whole number from 0 to 60');
    }
    expect((await failure(owner.billing.saveSettings({ graceDays: 3, stopOrders: true }))).message).toBe('Only admins can do this');
    expect(await countRows(env.db, 'billing_settings')).toBe(0);
  });

  it('with "Stop orders" on, checkout refuses an ended shop’s lines and writes nothing; off, or renewed, it takes them', async () => {
    const env = createTestEnv();
    const { admin, shop, product } = await world(env);
    env.clock.now = new Date('2026-07-05T12:00:00.000Z');
    // Off by default: an ended shop still takes orders.
    await order(env, product.id);
    await admin.billing.saveSettings({ graceDays: 3, stopOrders: true });
    const before = [await countRows(env.db, 'orders'), await countRows(env.db, 'order_items')];
    expect(await failure(order(env, product.id))).toEqual({ code: 'BAD_REQUEST', message: 'This shop is not taking orders right now' });
    expect([await countRows(env.db, 'orders'), await countRows(env.db, 'order_items')]).toEqual(before);
    // Through the grace days the shop still takes orders.
    env.clock.now = new Date('2026-07-04T11:00:00.000Z');
    await order(env, product.id);
    // A renewal lifts it at once.
    env.clock.now = new Date('2026-07-05T12:00:00.000Z');
    await admin.billing.recordPayment({ shopId: shop.id, planId: null, months: 1, amount: '1,500', paidOn: '2026-07-05', reference: '' });
    await order(env, product.id);
  });

  it('an expired trial stops orders too when the setting is on', async () => {
    const env = createTestEnv();
    const admin = env.as(await createUser(env, { roles: ['admin'] }));
    const shop = await createShop(env, { currency: 'PKR' });
    const product = await createProduct(env, shop, { price: 150_000, stock: 10 });
    await admin.billing.saveSettings({ graceDays: 3, stopOrders: true });
    await order(env, product.id);
    env.clock.now = new Date(env.clock.now.getTime() + 11 * 60_000);
    expect((await failure(order(env, product.id))).message).toBe('This shop is not taking orders right now');
  });

  it('lists the plans ending this week with a "Remind on WhatsApp" link to the shop', async () => {
    const env = createTestEnv();
    const { admin, shop } = await world(env);
    expect((await admin.billing.admin()).endingThisWeek).toEqual([]);
    env.clock.now = new Date('2026-06-26T12:00:00.000Z');
    const [ending] = (await admin.billing.admin()).endingThisWeek;
    expect(ending).toMatchObject({ shopId: shop.id, shopName: 'Sara’s Boutique', proUntil: '2026-07-01T12:00:00.000Z' });
    expect(decodeURIComponent(ending?.remindUrl ?? '')).toContain('https://wa.me/923001234567?text=Hello Sara’s Boutique, your Pro plan on Marketplace ends on Jul 1, 2026.');
  });
});
