import { sql } from 'kysely';
import type { DB } from '../db/client';

/**
 * Cash received from the courier (issue 30). The summary's reads are served by the two indexes of
 * migration 2026_11_29_050000 alone: (shop, status, cash day, status time, currency, total) and the
 * received days (shop, cash day, currency, total).
 */

/** The orders of `orderIds`, as marking their cash checks them. */
export async function findForCash(db: DB, orderIds: readonly number[]) {
  if (orderIds.length === 0) return [];
  return db
    .selectFrom('orders')
    .select(['id', 'shop_id', 'order_number', 'status', 'status_changed_at', 'cash_received_on'])
    .where('id', 'in', [...orderIds])
    .execute();
}

export async function setCashReceived(db: DB, orderIds: readonly number[], cash: { receivedOn: string | null; reference: string | null }, now: Date): Promise<number> {
  if (orderIds.length === 0) return 0;
  const result = await db
    .updateTable('orders')
    .set({ cash_received_on: cash.receivedOn, cash_reference: cash.reference, updated_at: now.toISOString() })
    .where('id', 'in', [...orderIds])
    .where('status', '=', 'delivered')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Per currency: the delivered orders whose cash is not received, their sum and the oldest delivery. */
export async function awaitingTotals(db: DB, shopId: number) {
  const rows = await db
    .selectFrom('orders')
    .select((eb) => ['currency', eb.fn.countAll<number | string>().as('n'), eb.fn.sum<number | string>('total').as('amount'), eb.fn.min('status_changed_at').as('oldest')])
    .where('shop_id', '=', shopId)
    .where('status', '=', 'delivered')
    .where('cash_received_on', 'is', null)
    .groupBy('currency')
    .execute();
  return rows.map((r) => ({ currency: r.currency, count: Number(r.n), amount: Number(r.amount ?? 0), oldest: r.oldest as string | null }));
}

/** The oldest `limit` delivered orders whose cash is awaited, oldest delivery first. */
export async function awaitingOrders(db: DB, shopId: number, limit: number) {
  return db
    .selectFrom('orders')
    .select(['id', 'order_number', 'currency', 'total', 'courier', 'tracking_number', 'buyer_name', 'ship_city', 'status_changed_at'])
    .where('shop_id', '=', shopId)
    .where('status', '=', 'delivered')
    .where('cash_received_on', 'is', null)
    .orderBy('status_changed_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Per currency and month ('YYYY-MM'): cash received on days in [from, to). */
export async function receivedTotals(db: DB, shopId: number, from: string, to: string) {
  const month = sql<string>`substr(cash_received_on, 1, 7)`;
  const rows = await db
    .selectFrom('orders')
    .select((eb) => ['currency', month.as('month'), eb.fn.countAll<number | string>().as('n'), eb.fn.sum<number | string>('total').as('amount')])
    .where('shop_id', '=', shopId)
    .where('cash_received_on', 'is not', null)
    .where('cash_received_on', '>=', from)
    .where('cash_received_on', '<', to)
    .groupBy(['currency', month])
    .execute();
  return rows.map((r) => ({ currency: r.currency, month: r.month, count: Number(r.n), amount: Number(r.amount ?? 0) }));
}

/** The shop's orders returned since `since` (the courier brought the goods back instead of cash), newest first. */
export async function returnedSince(db: DB, shopId: number, since: string, limit: number) {
  return db
    .selectFrom('orders')
    .select(['id', 'order_number', 'currency', 'total', 'courier', 'tracking_number', 'buyer_name', 'status_changed_at'])
    .where('shop_id', '=', shopId)
    .where('status', '=', 'returned')
    .where('cash_received_on', 'is', null)
    .where('status_changed_at', '>=', since)
    .orderBy('status_changed_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Per currency: the count and sum of the orders returned since `since`. */
export async function returnedTotals(db: DB, shopId: number, since: string) {
  const rows = await db
    .selectFrom('orders')
    .select((eb) => ['currency', eb.fn.countAll<number | string>().as('n'), eb.fn.sum<number | string>('total').as('amount')])
    .where('shop_id', '=', shopId)
    .where('status', '=', 'returned')
    .where('cash_received_on', 'is', null)
    .where('status_changed_at', '>=', since)
    .groupBy('currency')
    .execute();
  return rows.map((r) => ({ currency: r.currency, count: Number(r.n), amount: Number(r.amount ?? 0) }));
}
