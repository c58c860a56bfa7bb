import { type ActivityActor, recordActivity } from '../activity/activity.service';
import { dayIn, monthBounds, receivedDayProblem } from '../../shared/cash';
import type { DB } from '../db/client';
import { inTransaction } from '../db/transaction';
import { badRequest, notFound } from '../errors';
import type { AppEvents } from '../events';
import { toCashSummary } from './cash.mapper';
import * as repo from './cash.repository';

/** Delivered orders awaiting cash the summary lists (the oldest); its sums count them all. */
export const AWAITING_LIST_MAX = 200;
/** Returned orders of the last 30 days the summary lists (the newest); its sums count them all. */
export const RETURNED_LIST_MAX = 50;
const RETURNED_DAYS = 30;
const DAY_MS = 86_400_000;

/** Where cash is marked: the shop, the moment and the marketplace's time zone (the days). */
interface CashContext {
  shopId: number;
  now: Date;
  timeZone: string;
}

/**
 * Marks the cash of the shop's delivered orders received on one day, with one optional reference,
 * in one transaction: any order that is another shop's, not delivered, or delivered after that day
 * refuses the whole batch. A day in the future is refused. Marking again corrects the day and reference.
 */
export async function markCashReceived(
  db: DB,
  events: AppEvents,
  input: CashContext & { orderIds: readonly number[]; receivedOn: string; reference: string; by?: ActivityActor },
): Promise<{ orderIds: number[]; receivedOn: string; reference: string | null }> {
  const today = dayIn(input.now, input.timeZone);
  if (receivedDayProblem(input.receivedOn, today, null) === 'future') throw badRequest('The date the cash was received cannot be in the future');
  const reference = input.reference === '' ? null : input.reference;
  const ids = [...new Set(input.orderIds)];
  await inTransaction(db, async (trx) => {
    const rows = new Map((await repo.findForCash(trx, ids)).map((row) => [row.id, row]));
    for (const id of ids) {
      const row = rows.get(id);
      if (!row || row.shop_id !== input.shopId) throw notFound('Order not found');
      if (row.status !== 'delivered') throw badRequest(`Order ${row.order_number} is not delivered: only a delivered order’s cash can be received`);
      const deliveredOn = row.status_changed_at === null ? null : dayIn(row.status_changed_at, input.timeZone);
      if (deliveredOn !== null && receivedDayProblem(input.receivedOn, today, deliveredOn) === 'beforeDelivery') {
        throw badRequest(`Order ${row.order_number} was delivered on ${deliveredOn}: its cash cannot be received before that`);
      }
    }
    await repo.setCashReceived(trx, ids, { receivedOn: input.receivedOn, reference }, input.now);
    if (input.by) {
      for (const id of ids) {
        const row = rows.get(id)!;
        await recordActivity(trx, {
          actor: input.by,
          action: 'cash.received',
          subject: { type: 'order', id, label: row.order_number },
          shopId: input.shopId,
          changes: { cash_received_on: [row.cash_received_on, input.receivedOn], reference: [null, reference] },
          at: input.now,
        });
      }
    }
  });
  for (const orderId of ids) events.emit('order.updated', { shopId: input.shopId, orderId, buyerId: null });
  return { orderIds: ids, receivedOn: input.receivedOn, reference };
}

/** Undoes "cash received" on one of the shop's orders: its cash is awaited again. */
export async function undoCashReceived(db: DB, events: AppEvents, input: { shopId: number; orderId: number; now: Date; by?: ActivityActor }): Promise<{ id: number }> {
  await inTransaction(db, async (trx) => {
    const [row] = await repo.findForCash(trx, [input.orderId]);
    if (!row || row.shop_id !== input.shopId) throw notFound('Order not found');
    if (row.cash_received_on === null) throw badRequest('This order’s cash is not marked received');
    await repo.setCashReceived(trx, [input.orderId], { receivedOn: null, reference: null }, input.now);
    if (input.by) {
      await recordActivity(trx, {
        actor: input.by,
        action: 'cash.undone',
        subject: { type: 'order', id: input.orderId, label: row.order_number },
        shopId: input.shopId,
        changes: { cash_received_on: [row.cash_received_on, null] },
        at: input.now,
      });
    }
  });
  events.emit('order.updated', { shopId: input.shopId, orderId: input.orderId, buyerId: null });
  return { id: input.orderId };
}

/**
 * The shop's cash, per currency: awaiting from the courier (sum, count, the oldest delivery's age and
 * the oldest orders by courier), received this month and last month, and the returns of the last 30 days.
 */
export async function cashSummary(db: DB, input: CashContext) {
  const today = dayIn(input.now, input.timeZone);
  const months = monthBounds(today);
  const since = new Date(input.now.getTime() - RETURNED_DAYS * DAY_MS).toISOString();
  const [awaiting, awaitingList, received, returned, returnedList] = await Promise.all([
    repo.awaitingTotals(db, input.shopId),
    repo.awaitingOrders(db, input.shopId, AWAITING_LIST_MAX),
    repo.receivedTotals(db, input.shopId, months.lastMonth, months.nextMonth),
    repo.returnedTotals(db, input.shopId, since),
    repo.returnedSince(db, input.shopId, since, RETURNED_LIST_MAX),
  ]);
  return toCashSummary({ today, months, timeZone: input.timeZone, awaiting, awaitingList, received, returned, returnedList });
}
