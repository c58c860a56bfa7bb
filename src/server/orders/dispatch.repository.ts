import { sql } from 'kysely';
import type { OrderStatus } from '../../shared/constants';
import { type DB, engineOf } from '../db/client';
import { compiledOnce } from '../db/compiled-once';

/** What the shop acts on after dispatch: the shipment, the block list and a number's record with the shop. */

export async function setShipment(db: DB, orderId: number, shipment: { courier: string; trackingNumber: string | null }, now: Date): Promise<void> {
  await db
    .updateTable('orders')
    .set({ courier: shipment.courier, tracking_number: shipment.trackingNumber, updated_at: now.toISOString() })
    .where('id', '=', orderId)
    .execute();
}

/** An order as the shop's after-dispatch actions check it. */
export async function findForDispatch(db: DB, orderId: number) {
  return db
    .selectFrom('orders')
    .select(['id', 'shop_id', 'buyer_id', 'status', 'buyer_phone', 'buyer_phone_key'])
    .where('id', '=', orderId)
    .executeTakeFirst();
}

/**
 * Block-list changes and checkouts of one shop take turns on PostgreSQL (SQLite has one writer): a
 * checkout holds the shop's lock shared from before it reads the list until it commits, a change holds
 * it alone. So a change waits for the checkouts already reading, and a checkout that starts after a
 * change committed reads the list with it (read committed: each statement sees what committed before
 * it began). A transaction-scoped advisory lock: nothing to release, and no row is written to take it.
 */
const BLOCK_LIST_LOCK = 290_001;

export async function lockBlockListsShared(db: DB, shopIds: readonly number[]): Promise<void> {
  if (engineOf(db) !== 'postgres' || shopIds.length === 0) return;
  await sql`select pg_advisory_xact_lock_shared(${BLOCK_LIST_LOCK}, id::int) from unnest(${[...shopIds]}::bigint[]) as id`.execute(db);
}

export async function lockBlockList(db: DB, shopId: number): Promise<void> {
  if (engineOf(db) !== 'postgres') return;
  await sql`select pg_advisory_xact_lock(${BLOCK_LIST_LOCK}, ${shopId}::int)`.execute(db);
}

/** Of `shopIds`, those whose block list has the number `phoneKey`. */
export async function shopsBlocking(db: DB, shopIds: readonly number[], phoneKey: string): Promise<number[]> {
  if (shopIds.length === 0 || phoneKey === '') return [];
  const { rows } = await blockingShops(db, phoneKey, [...shopIds]);
  return rows.map((r) => r.shop_id);
}

// Read by every checkout: compiled once per number of shops (db/compiled-once.ts).
const blockingShops = compiledOnce((db: DB, phoneKey: string, shopIds: number[]) =>
  db.selectFrom('shop_blocked_phones').select('shop_id').where('phone_key', '=', phoneKey).where('shop_id', 'in', shopIds),
);

export async function countBlocked(db: DB, shopId: number): Promise<number> {
  const row = await db
    .selectFrom('shop_blocked_phones')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('shop_id', '=', shopId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Adds a number to the shop's list (one already there stays as it was). */
export async function insertBlocked(db: DB, row: { shop_id: number; phone_key: string; phone: string; created_at: string }): Promise<void> {
  await db
    .insertInto('shop_blocked_phones')
    .values(row)
    .onConflict((oc) => oc.columns(['shop_id', 'phone_key']).doNothing())
    .execute();
}

export async function deleteBlocked(db: DB, shopId: number, phoneKey: string): Promise<boolean> {
  const result = await db.deleteFrom('shop_blocked_phones').where('shop_id', '=', shopId).where('phone_key', '=', phoneKey).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** The shop's block list, newest first (at most its cap of rows). */
export async function listBlocked(db: DB, shopId: number) {
  return db
    .selectFrom('shop_blocked_phones')
    .select(['phone_key', 'phone', 'created_at'])
    .where('shop_id', '=', shopId)
    .orderBy('created_at', 'desc')
    .orderBy('phone_key')
    .execute();
}

/** Which of `phoneKeys` the shop has blocked. */
export async function blockedAmong(db: DB, shopId: number, phoneKeys: readonly string[]): Promise<Set<string>> {
  if (phoneKeys.length === 0) return new Set();
  const rows = await db
    .selectFrom('shop_blocked_phones')
    .select('phone_key')
    .where('shop_id', '=', shopId)
    .where('phone_key', 'in', [...phoneKeys])
    .execute();
  return new Set(rows.map((r) => r.phone_key));
}

/**
 * The shop's own orders of each of `phoneKeys` by status: read from the (shop, number, status) index
 * only, one group per number and status.
 */
export async function recordCounts(db: DB, shopId: number, phoneKeys: readonly string[]) {
  if (phoneKeys.length === 0) return [];
  return db
    .selectFrom('orders')
    .select((eb) => ['buyer_phone_key', 'status', eb.fn.countAll<number>().as('n')])
    .where('shop_id', '=', shopId)
    .where('buyer_phone_key', 'in', [...phoneKeys])
    .groupBy(['buyer_phone_key', 'status'])
    .execute() as Promise<Array<{ buyer_phone_key: string; status: OrderStatus; n: number | string }>>;
}
