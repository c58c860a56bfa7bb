import { CompiledQuery, type KyselyPlugin, type QueryId, type RootOperationNode } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrder, createProduct, createShop, createUser, type ProductRef, type ShopRef } from '../testing/factories';
import { createTestEnv, type TestEnv } from '../testing/test-app';
import { itSqliteOnly } from '../testing/test-engine';

// Cash received from the courier (issue 30). The clock stands at 2026-06-01 12:00 UTC (17:00 in
// Karachi, the marketplace's time zone): "this month" is June, "last month" May.
const DAY = 86_400_000;
let env: TestEnv;
let shop: ShopRef;
let rival: ShopRef;
let lamp: ProductRef;
let rivalLamp: ProductRef;
let buyer = 0;

const asOwner = () => env.as(shop.ownerId).shopOrders;
const daysAgo = (days: number) => new Date(env.clock.now.getTime() - days * DAY);
/** An order of the shop placed `days` ago and moved to `status` (one hour a step: delivered three hours after). */
const order = async (status: 'delivered' | 'shipped' | 'returned' | 'pending', days: number, courier = 'TCS', product = lamp) =>
  (await createOrder(env, [{ product, quantity: 1 }], { buyer, status, at: daysAgo(days), shipment: { courier, trackingNumber: `T-${days}` } })).id;
const cashOf = async (ids: number[]) =>
  env.db.selectFrom('orders').select(['id', 'cash_received_on', 'cash_reference']).where('id', 'in', ids).orderBy('id').execute();
const cardOf = async (id: number) => (await asOwner().list({ status: 'delivered' })).items.find((o) => o.id === id)!;

beforeAll(async () => {
  env = createTestEnv();
  shop = await createShop(env, { currency: 'PKR' });
  rival = await createShop(env, { currency: 'PKR' });
  buyer = await createUser(env, { roles: ['buyer'] });
  lamp = await createProduct(env, shop, { name: 'Lamp', price: 150_000, stock: 500 });
  rivalLamp = await createProduct(env, rival, { name: 'Lamp', price: 1000, stock: 100 });
});
afterAll(async () => {
  await env.db.destroy();
});

describe('marking cash received', () => {
  it('keeps the day and reference on a delivered order, shows them on its card, and undo makes it awaited again', async () => {
    const id = await order('delivered', 5);
    expect((await cardOf(id)).cash).toMatchObject({ receivedOn: null, reference: null });
    await asOwner().markCashReceived({ orderIds: [id], receivedOn: '2026-05-30', reference: '  TCS-REM-0091 ' });
    expect(await cashOf([id])).toEqual([{ id, cash_received_on: '2026-05-30', cash_reference: 'TCS-REM-0091' }]);
    expect((await cardOf(id)).cash).toMatchObject({ receivedOn: '2026-05-30', reference: 'TCS-REM-0091' });

    await asOwner().undoCashReceived({ orderId: id });
    expect(await cashOf([id])).toEqual([{ id, cash_received_on: null, cash_reference: null }]);
    await expect(asOwner().undoCashReceived({ orderId: id })).rejects.toThrow('This order’s cash is not marked received');
  });

  it('marks a batch with one day and reference in one step, today by the marketplace’s clock', async () => {
    const ids = [await order('delivered', 3), await order('delivered', 2)];
    await asOwner().markCashReceived({ orderIds: ids, receivedOn: '2026-06-01' });
    expect(await cashOf(ids)).toEqual(ids.map((id) => ({ id, cash_received_on: '2026-06-01', cash_reference: null })));
  });

  it('refuses the whole batch, writing nothing, when one order may not be marked', async () => {
    const good = await order('delivered', 4);
    const shipped = await order('shipped', 4);
    const others = (await createOrder(env, rivalLamp, { status: 'delivered', at: daysAgo(4) })).id;
    const recent = await order('delivered', 1);
    const mark = (orderIds: number[], receivedOn = '2026-05-31', reference = '') => asOwner().markCashReceived({ orderIds, receivedOn, reference });

    await expect(mark([good, shipped])).rejects.toThrow(/is not delivered: only a delivered order’s cash can be received/);
    await expect(mark([good, others])).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Order not found' });
    // Delivered yesterday (2026-05-31 15:00 Karachi): the day before is refused, that day is not.
    await expect(mark([good, recent], '2026-05-30')).rejects.toThrow(/was delivered on 2026-05-31: its cash cannot be received before that/);
    await expect(mark([good], '2026-06-02')).rejects.toThrow('The date the cash was received cannot be in the future');
    await expect(mark([good], '2026-02-30')).rejects.toThrow('Enter the date the cash was received');
    await expect(mark([good], '2026-05-31', 'slip\n42')).rejects.toThrow('Reference cannot contain line breaks, tabs or other control characters');
    await expect(mark([good], '2026-05-31', 'x'.repeat(61))).rejects.toThrow('Reference must be at most 60 characters');
    await expect(env.as(rival.ownerId).shopOrders.markCashReceived({ orderIds: [good], receivedOn: '2026-05-31' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await cashOf([good, shipped, others, recent])).toEqual([good, shipped, others, recent].map((id) => ({ id, cash_received_on: null, cash_reference: null })));

    await mark([good, recent], '2026-05-31', 'x'.repeat(60));
    expect((await cashOf([good, recent])).map((r) => r.cash_received_on)).toEqual(['2026-05-31', '2026-05-31']);
  });
});

describe('the cash summary', () => {
  it('sums per currency what the courier owes, what came in this month and last, and the returns; a returned order is never awaited', async () => {
    const fresh = createTestEnv();
    try {
      const own = await createShop(fresh, { currency: 'PKR' });
      const item = await createProduct(fresh, own, { price: 100_000, stock: 500 });
      const at = (days: number) => new Date(fresh.clock.now.getTime() - days * DAY);
      const place = async (status: 'delivered' | 'returned' | 'shipped', days: number, courier: string) =>
        (await createOrder(fresh, [{ product: item, quantity: 1 }], { status, at: at(days), shipment: { courier, trackingNumber: null } })).id;
      const oldest = await place('delivered', 12, 'Leopards');
      const tcsOld = await place('delivered', 9, 'TCS');
      const leopardsNew = await place('delivered', 2, 'Leopards');
      const inUsd = await place('delivered', 6, 'TCS');
      const paidJune = await place('delivered', 20, 'TCS');
      const paidMay = await place('delivered', 25, 'TCS');
      const returned = await place('returned', 3, 'TCS');
      await place('returned', 40, 'TCS');
      await place('shipped', 1, 'TCS');
      // An order placed before the shop changed its currency keeps the one it was placed in.
      await fresh.db.updateTable('orders').set({ currency: 'USD', total: 2_500 }).where('id', '=', inUsd).execute();
      const owner = fresh.as(own.ownerId).shopOrders;
      await owner.markCashReceived({ orderIds: [paidJune], receivedOn: '2026-06-01', reference: 'R1' });
      await owner.markCashReceived({ orderIds: [paidMay], receivedOn: '2026-05-20' });

      const summary = await owner.cashSummary();
      const total = (await fresh.db.selectFrom('orders').select('total').where('id', '=', oldest).executeTakeFirstOrThrow()).total;
      expect(summary.thisMonth).toBe('2026-06');
      expect(summary.lastMonth).toBe('2026-05');
      expect(summary.currencies).toEqual([
        {
          currency: 'PKR',
          awaiting: { count: 3, amount: 3 * total, oldestDays: 12 },
          receivedThisMonth: { count: 1, amount: total },
          receivedLastMonth: { count: 1, amount: total },
          returned: { count: 1, amount: total },
        },
        {
          currency: 'USD',
          awaiting: { count: 1, amount: 2_500, oldestDays: 6 },
          receivedThisMonth: { count: 0, amount: 0 },
          receivedLastMonth: { count: 0, amount: 0 },
          returned: { count: 0, amount: 0 },
        },
      ]);
      // Oldest first, grouped by courier: Leopards' group comes first, with its oldest order.
      expect(summary.awaitingByCourier.map((g) => [g.courier, g.orders.map((o) => o.id)])).toEqual([
        ['Leopards', [oldest, leopardsNew]],
        ['TCS', [tcsOld, inUsd]],
      ]);
      expect(summary.awaitingByCourier[0]?.orders[0]).toMatchObject({ ageDays: 12, deliveredOn: '2026-05-20' });
      expect(summary.returnedOrders.map((o) => o.id)).toEqual([returned]);

      // Marking moves the sums; undoing moves them back.
      await owner.markCashReceived({ orderIds: [oldest, inUsd], receivedOn: '2026-06-01' });
      const after = await owner.cashSummary();
      expect(after.currencies.map((c) => [c.currency, c.awaiting.count, c.awaiting.amount, c.receivedThisMonth.count])).toEqual([
        ['PKR', 2, 2 * total, 2],
        ['USD', 0, 0, 1],
      ]);
      await owner.undoCashReceived({ orderId: inUsd });
      expect((await owner.cashSummary()).currencies[1]?.awaiting).toEqual({ count: 1, amount: 2_500, oldestDays: 6 });
    } finally {
      await fresh.db.destroy();
    }
  });

  itSqliteOnly('reads only the indexes of the cash summary, never the orders table', async () => {
    const recorded: Array<{ node: RootOperationNode; queryId: QueryId }> = [];
    const recorder: KyselyPlugin = {
      transformQuery(args) {
        recorded.push({ node: args.node, queryId: args.queryId });
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    await env.as(shop.ownerId, undefined, env.db.withPlugin(recorder)).shopOrders.cashSummary();
    const cashQueries = recorded
      .map(({ node, queryId }) => env.db.getExecutor().compileQuery(node, queryId))
      .filter((q) => /^\s*select/i.test(q.sql) && q.sql.includes('from "orders"'));
    expect(cashQueries.length).toBe(5);
    for (const query of cashQueries) {
      const plan = await env.db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]));
      const lines = plan.rows.map((r) => r.detail).join(' | ');
      expect(lines, query.sql).toMatch(/USING (COVERING )?INDEX orders_shop_(cash|received)_idx/);
      expect(lines, query.sql).not.toMatch(/SCAN orders\b(?! USING)/);
      // Grouping by currency sorts the matched index entries (a shop's awaited or received orders), never the list's order.
      expect(lines, query.sql).not.toMatch(/TEMP B-TREE FOR ORDER BY/);
    }
  });
});
