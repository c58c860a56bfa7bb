import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../shared/money';
import type { CommissionPaymentInput } from '../../shared/schemas/billing';
import { changeOrderStatus } from '../orders/orders.service';
import { createOrder, createProduct, createShop, createUser } from '../testing/factories';
import { countRows, createTestEnv, failure, type TestEnv } from '../testing/test-app';
import { oweCommission } from './commission.service';

// Commission (issue 48 parts 4 and 5): the rates, frozen on each order at checkout, owed once when
// Delivered (never for Cancelled or Returned), balances per shop, payments never above the balance.

async function world(env: TestEnv, rate = '10') {
  const adminId = await createUser(env, { roles: ['admin'] });
  const admin = env.as(adminId);
  await admin.billing.saveSettings({ graceDays: 3, stopOrders: false, commissionRate: rate });
  const shop = await createShop(env, { currency: 'PKR', name: "Sara's Boutique", taxRate: '10', delivery: { fee: '150', freeFrom: '', cities: [] } });
  // Rs 1,000 less 5%: Rs 950 a unit.
  const product = await createProduct(env, shop, { price: 100_000, discount: { type: 'percent', value: 5 }, stock: 500 });
  return { admin, adminId, owner: env.as(shop.ownerId), shop, product };
}

const rs = (minor: number) => formatMoney(minor, 'PKR');

const payment = (shopId: number, p: Partial<CommissionPaymentInput> = {}): CommissionPaymentInput => ({ shopId, amount: '95', paidOn: '2026-06-01', reference: 'EP-1', ...p });


const ledger = async (env: TestEnv) => [await countRows(env.db, 'commission_entries'), await countRows(env.db, 'commission_payments'), await countRows(env.db, 'activity_log')];

describe('commission rates', () => {
  it('saves the marketplace rate and a shop’s custom rate in basis points, logged; bad rates write nothing', async () => {
    const env = createTestEnv();
    const { admin, owner, shop } = await world(env, '7.25');
    expect((await admin.billing.settings()).commissionRateBps).toBe(725);
    // Left out, the saved rate stays (the other settings' save).
    await admin.billing.saveSettings({ graceDays: 4, stopOrders: false });
    expect((await admin.billing.settings()).commissionRateBps).toBe(725);
    const before = await ledger(env);
    for (const rate of ['50.01', '7.255', '-1', 'ten']) {
      expect(await failure(admin.billing.saveSettings({ graceDays: 3, stopOrders: false, commissionRate: rate }))).toEqual({
        code: 'BAD_REQUEST',
        message: 'Commission rate must be a number from 0 to 50 with at most 2 decimals',
      });
      expect(await failure(admin.commission.setShopRate({ shopId: shop.id, rate }))).toEqual({
        code: 'BAD_REQUEST',
        message: 'Commission rate must be a number from 0 to 50 with at most 2 decimals',
      });
    }
    expect(await ledger(env)).toEqual(before);
    const rateOf = async () => (await env.db.selectFrom('shops').select('commission_rate_bps').where('id', '=', shop.id).executeTakeFirstOrThrow()).commission_rate_bps;
    await admin.commission.setShopRate({ shopId: shop.id, rate: '12.5' });
    expect(await rateOf()).toBe(1250);
    await admin.commission.setShopRate({ shopId: shop.id, rate: '' });
    expect(await rateOf()).toBeNull();
    expect(await failure(owner.commission.setShopRate({ shopId: shop.id, rate: '0' }))).toMatchObject({ code: 'FORBIDDEN' });
    const log = await env.db.selectFrom('activity_log').select('action').orderBy('id').execute();
    expect(log.map((e) => e.action)).toEqual(['settings.billing_saved', 'settings.billing_saved', 'shop.commission_rate_set', 'shop.commission_rate_set']);
  });
});

describe('commission on an order', () => {
  it('is frozen at checkout on the goods after discounts, never tax or delivery, and owed once delivered', async () => {
    const env = createTestEnv();
    const { admin, owner, shop, product } = await world(env);
    const order = await createOrder(env, [{ product, quantity: 3 }], { status: 'shipped' });
    const row = await env.db.selectFrom('orders').select(['subtotal', 'tax', 'delivery_fee', 'commission_rate_bps', 'commission_base', 'commission']).where('id', '=', order.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ subtotal: 285_000, commission_rate_bps: 1000, commission_base: 285_000, commission: 28_500 });
    expect(row.tax).toBeGreaterThan(0);
    expect(row.delivery_fee).toBeGreaterThan(0);
    // A later rate changes nothing already frozen.
    await admin.commission.setShopRate({ shopId: shop.id, rate: '20' });
    expect(await admin.commission.balances()).toEqual([]);
    await changeOrderStatus(env.db, env.events, { orderId: order.id, to: 'delivered', actor: { kind: 'shop', shopId: shop.id, userId: shop.ownerId }, now: env.clock.now });
    expect(await admin.commission.balances()).toEqual([
      { shopId: shop.id, shopName: "Sara's Boutique", currency: 'PKR', owed: 28_500, paid: 0, balance: 28_500, deliveredOrders: 1, lastPaidOn: null },
    ]);
    const statement = await owner.commission.mine();
    expect(statement).toMatchObject({ currency: 'PKR', owed: 28_500, paid: 0, balance: 28_500 });
    expect(statement.months).toMatchObject([{ month: '2026-06', commission: 28_500, paid: 0, entries: [{ orderNumber: order.orderNumber, goods: 285_000, rateBps: 1000, commission: 28_500 }], payments: [] }]);
    // The next order takes the shop's custom rate.
    const next = await createOrder(env, product, { status: 'delivered' });
    expect((await env.db.selectFrom('orders').select('commission').where('id', '=', next.id).executeTakeFirstOrThrow()).commission).toBe(19_000);
  });

  it('a Cancelled or Returned order owes nothing; neither does an order at 0%', async () => {
    const env = createTestEnv();
    const { admin, product } = await world(env);
    await createOrder(env, product, { status: 'cancelled' });
    await createOrder(env, product, { status: 'returned' });
    expect(await countRows(env.db, 'commission_entries')).toBe(0);
    await admin.billing.saveSettings({ graceDays: 3, stopOrders: false, commissionRate: '0' });
    await createOrder(env, product, { status: 'delivered' });
    expect(await countRows(env.db, 'commission_entries')).toBe(0);
    expect(await admin.commission.balances()).toEqual([]);
  });

  it('is written exactly once under 20 concurrent status updates, and 20 concurrent writes of the entry', async () => {
    const env = createTestEnv();
    const { admin, shop, product } = await world(env);
    const order = await createOrder(env, product, { status: 'shipped' });
    const actor = { kind: 'shop' as const, shopId: shop.id, userId: shop.ownerId };
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => changeOrderStatus(env.db, env.events, { orderId: order.id, to: 'delivered', actor, now: env.clock.now })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    await Promise.all(Array.from({ length: 20 }, () => oweCommission(env.db, order.id, env.clock.now)));
    expect(await countRows(env.db, 'commission_entries')).toBe(1);
    expect(await admin.commission.balances()).toMatchObject([{ owed: 9_500, deliveredOrders: 1, balance: 9_500 }]);
  });
});

describe('commission payments', () => {
  it('bring the balance down, never above it, with clear refusals that write nothing; logged', async () => {
    const env = createTestEnv();
    const { admin, adminId, owner, shop, product } = await world(env);
    await createOrder(env, product, { status: 'delivered' });
    const before = await ledger(env);
    const refusals: Array<[Partial<CommissionPaymentInput>, string]> = [
      [{ amount: '0' }, 'Amount must be an amount above 0, like 1,500'],
      [{ amount: '96' }, `Sara's Boutique owes ${rs(9_500)}; ${rs(9_600)} is more than that`],
      [{ paidOn: '2026-06-02' }, 'The payment date cannot be in the future'],
      [{ reference: '=HYPERLINK("x")' }, 'Reference cannot start with =, +, - or @'],
    ];
    for (const [input, message] of refusals) expect(await failure(admin.commission.recordPayment(payment(shop.id, input)))).toEqual({ code: 'BAD_REQUEST', message });
    expect(await failure(owner.commission.recordPayment(payment(shop.id)))).toMatchObject({ code: 'FORBIDDEN' });
    expect(await ledger(env)).toEqual(before);
    // From an Urdu page the amounts are written as Urdu writes them ("Rs 95").
    const urdu = await failure(env.inLanguage('ur', adminId).commission.recordPayment(payment(shop.id, { amount: '100' })));
    expect(urdu.message).toContain(formatMoney(9_500, 'PKR', 'ur'));

    await admin.commission.recordPayment(payment(shop.id, { amount: '45' }));
    expect(await failure(admin.commission.recordPayment(payment(shop.id, { amount: '50.01' })))).toMatchObject({ message: `Sara's Boutique owes ${rs(5_000)}; ${rs(5_001)} is more than that` });
    await admin.commission.recordPayment(payment(shop.id, { amount: '50', paidOn: '2026-05-30' }));
    expect(await admin.commission.balances()).toMatchObject([{ owed: 9_500, paid: 9_500, balance: 0, lastPaidOn: '2026-06-01' }]);
    expect(await failure(admin.commission.recordPayment(payment(shop.id, { amount: '1' })))).toMatchObject({ message: "Sara's Boutique owes nothing" });
    const statement = await owner.commission.mine();
    expect(statement.balance).toBe(0);
    expect(statement.months.map((m) => [m.month, m.commission, m.paid])).toEqual([['2026-06', 9_500, 4_500], ['2026-05', 0, 5_000]]);
    const log = await env.db.selectFrom('activity_log').select(['action', 'shop_id']).where('action', '=', 'payment.commission_recorded').execute();
    expect(log).toEqual([{ action: 'payment.commission_recorded', shop_id: shop.id }, { action: 'payment.commission_recorded', shop_id: shop.id }]);
  });

  it('20 at once never take the balance below zero', async () => {
    const env = createTestEnv();
    const { admin, shop, product } = await world(env);
    await createOrder(env, [{ product, quantity: 5 }], { status: 'delivered' });
    // Owed: Rs 475 (5 x 950 at 10%); 20 payments of Rs 100: four fit.
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => admin.commission.recordPayment(payment(shop.id, { amount: '100' }))));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(4);
    for (const r of results) if (r.status === 'rejected') expect(['BAD_REQUEST', 'CONFLICT']).toContain((r.reason as TRPCError).code);
    expect(await admin.commission.balances()).toMatchObject([{ owed: 47_500, paid: 40_000, balance: 7_500 }]);
    expect(await countRows(env.db, 'commission_payments')).toBe(4);
  });
});

describe('the shop’s statement', () => {
  it('is its own shop’s only, and its CSV has a BOM and formula-safe cells', async () => {
    const env = createTestEnv();
    const { admin, owner, shop, product } = await world(env);
    const order = await createOrder(env, product, { status: 'delivered' });
    await admin.commission.recordPayment(payment(shop.id, { amount: '10', reference: 'EP 9' }));
    const other = await createShop(env, { currency: 'USD', name: 'Other' });
    expect(await env.as(other.ownerId).commission.mine()).toMatchObject({ shopId: other.id, currency: 'USD', balance: 0, months: [] });
    const { csv, filename } = await owner.commission.mineCsv();
    expect(filename).toBe('commission-statement-sara-s-boutique.csv');
    expect(csv.startsWith('\ufeffDate,Type,Order number,Currency,Goods,Rate (%),Commission,Payment,Reference,Balance\r\n')).toBe(true);
    const lines = csv.trim().split('\r\n');
    expect(lines[1]).toBe(`2026-06-01,Commission,${order.orderNumber},PKR,950.00,10,95.00,,,95.00`);
    expect(lines[2]).toBe('2026-06-01,Payment,,PKR,,,,10.00,EP 9,85.00');
    expect(await admin.commission.statement({ shopId: shop.id })).toMatchObject({ balance: 8_500 });
  });
});
