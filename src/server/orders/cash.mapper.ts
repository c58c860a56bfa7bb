import { dayIn, daysBetween } from '../../shared/cash';
import type * as repo from './cash.repository';

type Rows<F extends (...args: never[]) => unknown> = Awaited<ReturnType<F>>;

interface SummaryRows {
  today: string;
  months: { lastMonth: string; thisMonth: string };
  timeZone: string;
  awaiting: Rows<typeof repo.awaitingTotals>;
  awaitingList: Rows<typeof repo.awaitingOrders>;
  received: Rows<typeof repo.receivedTotals>;
  returned: Rows<typeof repo.returnedTotals>;
  returnedList: Rows<typeof repo.returnedSince>;
}

const none = { count: 0, amount: 0 };

/** The cash summary as /shop/cash reads it: one block per currency, the awaited orders grouped by courier. */
export function toCashSummary(rows: SummaryRows) {
  const { today, timeZone } = rows;
  const thisMonth = rows.months.thisMonth.slice(0, 7);
  const lastMonth = rows.months.lastMonth.slice(0, 7);
  const ageOf = (at: string | null) => (at === null ? 0 : Math.max(0, daysBetween(dayIn(at, timeZone), today)));
  const currencies = [...new Set([...rows.awaiting, ...rows.received, ...rows.returned].map((r) => r.currency))].sort();
  const received = (currency: string, month: string) => {
    const row = rows.received.find((r) => r.currency === currency && r.month === month);
    return row ? { count: row.count, amount: row.amount } : none;
  };
  const byCourier = new Map<string, Array<ReturnType<typeof awaitingOrder>>>();
  const awaitingOrder = (row: SummaryRows['awaitingList'][number]) => ({
    id: row.id,
    orderNumber: row.order_number,
    currency: row.currency,
    total: row.total,
    buyerName: row.buyer_name,
    city: row.ship_city,
    trackingNumber: row.tracking_number,
    deliveredOn: row.status_changed_at === null ? null : dayIn(row.status_changed_at, timeZone),
    ageDays: ageOf(row.status_changed_at),
  });
  // Oldest first throughout: a courier's group comes where its oldest order does.
  for (const row of rows.awaitingList) {
    const courier = row.courier ?? '';
    const group = byCourier.get(courier) ?? [];
    group.push(awaitingOrder(row));
    byCourier.set(courier, group);
  }
  return {
    today,
    thisMonth,
    lastMonth,
    currencies: currencies.map((currency) => {
      const awaiting = rows.awaiting.find((r) => r.currency === currency);
      const returned = rows.returned.find((r) => r.currency === currency);
      return {
        currency,
        awaiting: { count: awaiting?.count ?? 0, amount: awaiting?.amount ?? 0, oldestDays: awaiting ? ageOf(awaiting.oldest) : null },
        receivedThisMonth: received(currency, thisMonth),
        receivedLastMonth: received(currency, lastMonth),
        returned: returned ? { count: returned.count, amount: returned.amount } : none,
      };
    }),
    awaitingByCourier: [...byCourier.entries()].map(([courier, orders]) => ({ courier: courier === '' ? null : courier, orders })),
    /** How many awaited orders the groups list (the oldest ones), of all the currencies' counts. */
    awaitingListed: rows.awaitingList.length,
    returnedOrders: rows.returnedList.map((row) => ({
      id: row.id,
      orderNumber: row.order_number,
      currency: row.currency,
      total: row.total,
      buyerName: row.buyer_name,
      courier: row.courier,
      trackingNumber: row.tracking_number,
      returnedOn: row.status_changed_at === null ? null : dayIn(row.status_changed_at, timeZone),
    })),
  };
}
