import { describe, expect, it } from 'vitest';
import { createOrder, createProduct, createShop, createUser } from '../testing/factories';
import { createTestEnv, type TestEnv } from '../testing/test-app';

/**
 * The admin dashboard's month (issue 48 part 6), per currency: delivered sales, orders placed, the
 * return rate, commission earned and payments received, counted in the marketplace's month (Asia/Karachi
 * in tests); and "Needs attention": trials ended without a plan, plans ending this week, the largest
 * balances owed. Every figure is read back from what the orders and payments wrote, never typed.
 */
const DAY = 86_400_000;

async function world(env: TestEnv) {
  env.clock.now = new Date('2026-06-20T09:00:00Z');
  const adminId = await createUser(env, { roles: ['admin'] });
  const admin = env.as(adminId);
  await admin.billing.saveSettings({ graceDays: 3, stopOrders: false, commissionRate: '10' });
  const pkr = await createShop(env, { currency: 'PKR', name: "Sara's Boutique" });
  const usd = await createShop(env, { currency: 'USD', name: 'Dollar Goods' });
  for (const shop of [pkr, usd]) await env.db.updateTable('profiles').set({ is_pro: 1 }).where('user_id', '=', shop.ownerId).execute();
  const rupees = await createProduct(env, pkr, { price: 100_000, stock: 500 });
  const dollars = await createProduct(env, usd, { price: 2_500, stock: 500 });
  const june = (day: number) => new Date(Date.UTC(2026, 5, day, 8));
  const delivered = [await createOrder(env, rupees, { status: 'delivered', at: june(2) }), await createOrder(env, { ...rupees }, { status: 'delivered', at: june(3) })];
  const returned = await createOrder(env, rupees, { status: 'returned', at: june(4) });
  await createOrder(env, rupees, { status: 'cancelled', at: june(5) });
  await createOrder(env, rupees, { at: june(6) });
  // May's delivered order: none of June's figures.
  await createOrder(env, rupees, { status: 'delivered', at: new Date(Date.UTC(2026, 4, 20, 8)) });
  const dollarOrder = await createOrder(env, dollars, { status: 'delivered', at: june(7) });
  return { admin, pkr, usd, delivered, returned, dollarOrder };
}

describe("the admin dashboard's month", () => {
  it('counts each currency apart, in the marketplace’s month', async () => {
    const env = createTestEnv();
    const w = await world(env);
    const total = async (id: number) => Number((await env.db.selectFrom('orders').select('total').where('id', '=', id).executeTakeFirstOrThrow()).total);
    const commission = async (ids: number[]) =>
      (await env.db.selectFrom('commission_entries').select('amount').where('order_id', 'in', ids).execute()).reduce((sum, row) => sum + Number(row.amount), 0);
    await w.admin.commission.recordPayment({ shopId: w.pkr.id, amount: '50', paidOn: '2026-06-19', reference: 'EP-1' });
    await w.admin.billing.recordPayment({ shopId: w.usd.id, months: 1, amount: '20', paidOn: '2026-06-18', reference: 'EP-2' });

    const month = await w.admin.admin.month();
    expect(month.month).toBe('2026-06');
    const pkr = month.currencies.find((c) => c.currency === 'PKR')!;
    const usd = month.currencies.find((c) => c.currency === 'USD')!;
    const deliveredIds = w.delivered.map((o) => o.id);
    expect(pkr).toEqual({
      currency: 'PKR',
      deliveredSales: (await total(deliveredIds[0]!)) + (await total(deliveredIds[1]!)),
      deliveredOrders: 2,
      ordersPlaced: 5,
      returnedOrders: 1,
      returnRate: 1 / 3,
      commissionEarned: await commission(deliveredIds),
      paymentsReceived: 5_000,
    });
    expect(pkr.commissionEarned).toBeGreaterThan(0);
    expect(usd).toEqual({
      currency: 'USD',
      deliveredSales: await total(w.dollarOrder.id),
      deliveredOrders: 1,
      ordersPlaced: 1,
      returnedOrders: 0,
      returnRate: 0,
      commissionEarned: await commission([w.dollarOrder.id]),
      paymentsReceived: 2_000,
    });
    // The largest balance owed first, in its currency: May's delivered order owes too (it is not June's earning).
    const owedByShop = (await env.db.selectFrom('commission_entries').select('amount').where('shop_id', '=', w.pkr.id).execute()).reduce((sum, row) => sum + Number(row.amount), 0);
    expect(owedByShop).toBeGreaterThan(pkr.commissionEarned);
    expect(month.attention.balancesOwed.shops[0]).toEqual({ id: w.pkr.id, name: "Sara's Boutique", currency: 'PKR', balance: owedByShop - 5_000 });
  });

  it('lists the trials ended without a plan and the plans ending this week; refuses anyone but an admin', async () => {
    const env = createTestEnv();
    env.clock.now = new Date('2026-06-20T09:00:00Z');
    const adminId = await createUser(env, { roles: ['admin'] });
    const ended = await createUser(env, { roles: ['shopkeeper'], trialStartAt: new Date(env.clock.now.getTime() - DAY) });
    await createShop(env, { owner: ended, name: 'Trial Over' });
    const running = await createUser(env, { roles: ['shopkeeper'], trialStartAt: new Date(env.clock.now.getTime() - 60_000) });
    await createShop(env, { owner: running, name: 'Trial Running' });
    const ending = await createUser(env, { roles: ['shopkeeper'] });
    const endingShop = await createShop(env, { owner: ending, name: 'Ends Soon' });
    await env.db.updateTable('profiles').set({ is_pro: 1, pro_until: new Date(env.clock.now.getTime() + 3 * DAY).toISOString() }).where('user_id', '=', ending).execute();

    const { attention, currencies } = await env.as(adminId).admin.month();
    expect(currencies).toEqual([]);
    expect(attention.trialsEnded).toEqual({ count: 1, shops: [{ id: expect.any(Number), name: 'Trial Over' }] });
    expect(attention.endingThisWeek).toMatchObject({ count: 1, shops: [{ id: endingShop.id, name: 'Ends Soon' }] });
    expect(attention.balancesOwed).toEqual({ count: 0, shops: [] });
    await expect(env.as(ended).admin.month()).rejects.toThrow();
  });
});
