import { sql } from 'kysely';
import type { Insertable } from 'kysely';
import type { DB } from '../db/client';
import type { CommissionPaymentsTable } from '../db/schema-tables';

/** Commission owed and paid (issue 48): all its SQL. */

/** What a delivered order froze at checkout. */
export async function findOrderCommission(db: DB, orderId: number) {
  return db
    .selectFrom('orders')
    .select(['id', 'order_number', 'shop_id', 'currency', 'commission_base', 'commission_rate_bps', 'commission'])
    .where('id', '=', orderId)
    .executeTakeFirst();
}

/**
 * The order's entry, unless it has one: the unique order_id makes the second insert write nothing.
 * Returns whether this call wrote it.
 */
export async function insertEntryOnce(db: DB, row: { order_id: number; shop_id: number; order_number: string; currency: string; goods: number; rate_bps: number; amount: number; created_at: string }): Promise<boolean> {
  const written = await db
    .insertInto('commission_entries')
    .values(row)
    .onConflict((c) => c.column('order_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return written !== undefined;
}

/** Adds an entry's amount to its shop's balance in its currency (the row is made by the first). */
export async function addOwed(db: DB, shopId: number, currency: string, amount: number, at: string): Promise<void> {
  await db
    .insertInto('commission_balances')
    .values({ shop_id: shopId, currency, owed: amount, paid: 0, delivered_orders: 1, updated_at: at })
    .onConflict((c) =>
      c.columns(['shop_id', 'currency']).doUpdateSet({
        owed: sql`commission_balances.owed + ${amount}`,
        delivered_orders: sql`commission_balances.delivered_orders + 1`,
        updated_at: at,
      }),
    )
    .execute();
}

export async function findBalance(db: DB, shopId: number, currency: string) {
  return db.selectFrom('commission_balances').select(['owed', 'paid']).where('shop_id', '=', shopId).where('currency', '=', currency).executeTakeFirst();
}

/**
 * Adds a payment to the balance only while what is left owed covers it: one conditional statement,
 * so two payments at once can never both pass (and the table's check refuses paid above owed anyway).
 * Returns whether it was written.
 */
export async function addPaidIf(db: DB, shopId: number, currency: string, amount: number, paidOn: string, at: string): Promise<boolean> {
  const r = await db
    .updateTable('commission_balances')
    .set({
      paid: sql`paid + ${amount}`,
      last_paid_on: sql`case when last_paid_on is null or last_paid_on < ${paidOn} then ${paidOn} else last_paid_on end`,
      updated_at: at,
    })
    .where('shop_id', '=', shopId)
    .where('currency', '=', currency)
    .where(sql<boolean>`owed - paid >= ${amount}`)
    .executeTakeFirst();
  return r.numUpdatedRows > 0n;
}

export async function insertPayment(db: DB, row: Insertable<CommissionPaymentsTable>): Promise<number> {
  const { id } = await db.insertInto('commission_payments').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(id);
}

/** Every shop that owes or has paid, the largest balance first. */
export async function listBalances(db: DB) {
  return db
    .selectFrom('commission_balances as b')
    .innerJoin('shops as s', 's.id', 'b.shop_id')
    .select(['b.shop_id', 's.name as shop_name', 'b.currency', 'b.owed', 'b.paid', 'b.delivered_orders', 'b.last_paid_on'])
    .orderBy(sql`b.owed - b.paid`, 'desc')
    .orderBy('s.name')
    .limit(500)
    .execute();
}

export async function listEntries(db: DB, shopId: number, currency: string) {
  return db
    .selectFrom('commission_entries')
    .select(['id', 'order_number', 'goods', 'rate_bps', 'amount', 'created_at'])
    .where('shop_id', '=', shopId)
    .where('currency', '=', currency)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function listPayments(db: DB, shopId: number, currency: string) {
  return db
    .selectFrom('commission_payments')
    .select(['id', 'amount', 'paid_on', 'reference', 'created_at'])
    .where('shop_id', '=', shopId)
    .where('currency', '=', currency)
    .orderBy('paid_on', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function findShop(db: DB, shopId: number) {
  return db.selectFrom('shops').select(['id', 'name', 'currency', 'commission_rate_bps']).where('id', '=', shopId).executeTakeFirst();
}

export async function setShopRate(db: DB, shopId: number, rateBps: number | null, at: string): Promise<void> {
  await db.updateTable('shops').set({ commission_rate_bps: rateBps, updated_at: at }).where('id', '=', shopId).execute();
}
