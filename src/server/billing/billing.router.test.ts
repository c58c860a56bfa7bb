import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../shared/money';
import type { PlanInput, RecordPaymentInput } from '../../shared/schemas/billing';
import { createShop, createUser } from '../testing/factories';
import { countRows, createTestEnv, failure, type TestEnv } from '../testing/test-app';

// Pro plans and payments (issue 48): plans on /admin/billing, a payment extends Pro from the later of
// now and its end, an undo takes its months back once, Enable/Disable Pro, and bad input writes nothing.

const monthly: PlanInput = { name: 'Monthly', months: 1, price: '1,500', currency: 'PKR', isActive: true };

async function world(env: TestEnv) {
  const adminId = await createUser(env, { roles: ['admin'] });
  const shop = await createShop(env, { currency: 'PKR', name: "Sara's Boutique" });
  return { admin: env.as(adminId), owner: env.as(shop.ownerId), shop };
}

const payment = (shopId: number, p: Partial<RecordPaymentInput> = {}): RecordPaymentInput => ({
  shopId,
  planId: null,
  months: 1,
  amount: '1,500',
  paidOn: '2026-06-01',
  reference: 'EP-123',
  ...p,
});


const writes = async (env: TestEnv) => [await countRows(env.db, 'billing_plans'), await countRows(env.db, 'plan_payments'), await countRows(env.db, 'activity_log')];

describe('plans and payments', () => {
  it('makes a plan, records a payment by it, and the shop sees Pro until a month later, its plan and its payment', async () => {
    const env = createTestEnv();
    const { admin, owner, shop } = await world(env);
    const { id: planId } = await admin.billing.createPlan(monthly);
    expect((await admin.billing.admin()).plans).toEqual([{ id: planId, name: 'Monthly', months: 1, price: 150_000, currency: 'PKR', isActive: true }]);

    const { proUntil } = await admin.billing.recordPayment(payment(shop.id, { planId, months: null }));
    expect(proUntil).toBe('2026-07-01T12:00:00.000Z');
    const mine = await owner.billing.mine();
    expect(mine.account).toMatchObject({ isPro: true, proUntil: '2026-07-01T12:00:00.000Z' });
    expect(mine.plans).toHaveLength(1);
    expect(decodeURIComponent(mine.plans[0]!.payUrl ?? '')).toContain(`I would like to pay for the Monthly plan (${formatMoney(150_000, 'PKR')}) for my shop Sara's Boutique.`);
    expect(mine.payments).toMatchObject([{ planName: 'Monthly', months: 1, amount: 150_000, currency: 'PKR', reference: 'EP-123', undoneAt: null }]);
    const log = await env.db.selectFrom('activity_log').select('action').orderBy('id').execute();
    expect(log.map((e) => e.action)).toEqual(['plan.created', 'payment.recorded']);
  });

  it('extends from the end while Pro runs, from now once it has passed', async () => {
    const env = createTestEnv();
    const { admin, shop } = await world(env);
    await admin.billing.recordPayment(payment(shop.id, { months: 3 }));
    // Renewed early, 10 days later: counts on from 1 September.
    env.clock.now = new Date('2026-06-11T12:00:00.000Z');
    expect((await admin.billing.recordPayment(payment(shop.id, { months: 1, paidOn: '2026-06-11' }))).proUntil).toBe('2026-10-01T12:00:00.000Z');
    // Renewed late, after it ended: counts from now.
    env.clock.now = new Date('2027-01-15T08:00:00.000Z');
    expect((await admin.billing.recordPayment(payment(shop.id, { months: 2, paidOn: '2027-01-15' }))).proUntil).toBe('2027-03-15T08:00:00.000Z');
  });

  it('undoes a payment with a reason: its months come off; a second undo is refused and writes nothing', async () => {
    const env = createTestEnv();
    const { admin, owner, shop } = await world(env);
    await admin.billing.recordPayment(payment(shop.id, { months: 3 }));
    const { id } = await admin.billing.recordPayment(payment(shop.id, { months: 1, reference: 'EP-124' }));
    expect((await owner.billing.mine()).account.proUntil).toBe('2026-10-01T12:00:00.000Z');
    await admin.billing.undoPayment({ paymentId: id, reason: 'Entered twice' });
    expect((await owner.billing.mine()).account.proUntil).toBe('2026-09-01T12:00:00.000Z');
    expect((await owner.billing.mine()).payments[0]).toMatchObject({ id, undoReason: 'Entered twice' });
    const before = await writes(env);
    expect(await failure(admin.billing.undoPayment({ paymentId: id, reason: 'Again' }))).toEqual({ code: 'CONFLICT', message: 'This payment was already undone' });
    expect(await writes(env)).toEqual(before);
    expect((await owner.billing.mine()).account.proUntil).toBe('2026-09-01T12:00:00.000Z');
  });

  it('Disable Pro ends a paid Pro now; Enable Pro is Pro with no end date, whose Disable is the trial again', async () => {
    const env = createTestEnv();
    const { admin, owner, shop } = await world(env);
    await admin.billing.recordPayment(payment(shop.id));
    await admin.admin.setPro({ userId: shop.ownerId, isPro: false });
    expect((await owner.billing.mine()).account).toMatchObject({ isPro: false, proUntil: '2026-06-01T12:00:00.000Z' });
    env.clock.now = new Date('2026-06-01T12:00:01.000Z');
    expect(await failure(owner.shops.setEmailNewOrders({ enabled: false }))).toEqual({ code: 'FORBIDDEN', message: 'Your Pro plan has ended' });
    // A payment lifts it at once.
    await admin.billing.recordPayment(payment(shop.id, { paidOn: '2026-06-01' }));
    await owner.shops.setEmailNewOrders({ enabled: false });
    await admin.admin.setPro({ userId: shop.ownerId, isPro: true });
    expect((await owner.billing.mine()).account).toMatchObject({ isPro: true, proUntil: null });
    await admin.admin.setPro({ userId: shop.ownerId, isPro: false });
    expect((await owner.billing.mine()).account).toMatchObject({ isPro: false, proUntil: null });
    env.clock.now = new Date('2026-06-01T12:11:00.000Z');
    expect(await failure(owner.shops.setEmailNewOrders({ enabled: true }))).toEqual({ code: 'FORBIDDEN', message: 'Your 10-minute free trial has expired.' });
  });

  it('after the end come the grace days, then writes are refused until a renewal', async () => {
    const env = createTestEnv();
    const { admin, owner, shop } = await world(env);
    await admin.billing.recordPayment(payment(shop.id));
    env.clock.now = new Date('2026-07-04T11:59:59.000Z');
    await owner.shops.setEmailNewOrders({ enabled: false });
    env.clock.now = new Date('2026-07-04T12:00:00.000Z');
    expect(await failure(owner.shops.setEmailNewOrders({ enabled: true }))).toEqual({ code: 'FORBIDDEN', message: 'Your Pro plan has ended' });
    await admin.billing.recordPayment(payment(shop.id, { paidOn: '2026-07-04' }));
    await owner.shops.setEmailNewOrders({ enabled: true });
  });

  it('refuses bad input with a clear message, and writes nothing', async () => {
    const env = createTestEnv();
    const { admin, owner, shop } = await world(env);
    const { id: planId } = await admin.billing.createPlan(monthly);
    const before = await writes(env);
    const refusals: Array<[() => Promise<unknown>, string]> = [
      [() => admin.billing.createPlan({ ...monthly, months: 0 }), 'Months must be a whole number from 1 to 24'],
      [() => admin.billing.createPlan({ ...monthly, months: 25 }), 'Months must be a whole number from 1 to 24'],
      [() => admin.billing.createPlan({ ...monthly, price: '-5' }), 'Price must be an amount above 0, like 1,500'],
      [() => admin.billing.createPlan({ ...monthly, price: '999999999999' }), 'Price must be an amount above 0, like 1,500'],
      [() => admin.billing.createPlan({ ...monthly, price: '0' }), 'Price must be an amount above 0, like 1,500'],
      [() => admin.billing.recordPayment(payment(shop.id, { amount: '0' })), 'Amount received must be an amount above 0, like 1,500'],
      [() => admin.billing.recordPayment(payment(shop.id, { paidOn: '2026-06-02' })), 'The payment date cannot be in the future'],
      [() => admin.billing.recordPayment(payment(shop.id, { reference: '=HYPERLINK("x")' })), 'Reference cannot start with =, +, - or @'],
      [() => admin.billing.recordPayment(payment(shop.id, { months: null })), 'Please choose a plan or enter the months'],
      [() => admin.billing.recordPayment(payment(shop.id, { planId: planId + 100, months: null })), 'Plan not found'],
      [() => admin.billing.undoPayment({ paymentId: 999, reason: 'x' }), 'Payment not found'],
      [() => admin.billing.undoPayment({ paymentId: 1, reason: ' ' }), 'Please say why this payment is undone'],
      [() => owner.billing.recordPayment(payment(shop.id)), 'Only admins can do this'],
      [() => owner.billing.createPlan(monthly), 'Only admins can do this'],
    ];
    for (const [call, message] of refusals) expect((await failure(call())).message).toContain(message);
    expect(await writes(env)).toEqual(before);
    expect((await owner.billing.mine()).account).toMatchObject({ isPro: false, proUntil: null });
  });
});
