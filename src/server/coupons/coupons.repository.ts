import { type Insertable, type Selectable, sql } from 'kysely';
import type { DB } from '../db/client';
import { compiledOnce } from '../db/compiled-once';
import { shopIsPublic } from '../catalog/visibility';
import type { CouponsTable } from '../db/schema';

export type CouponRow = Selectable<CouponsTable>;

const COUPON_COLUMNS = [
  'id',
  'shop_id',
  'code',
  'type',
  'value',
  'min_order',
  'starts_on',
  'ends_on',
  'max_uses',
  'once_per_buyer',
  'is_active',
  'used_count',
  'created_at',
  'updated_at',
] as const;

/** A shop's coupons, newest first. */
export function listByShop(db: DB, shopId: number): Promise<CouponRow[]> {
  return db.selectFrom('coupons').select(COUPON_COLUMNS).where('shop_id', '=', shopId).orderBy('id', 'desc').execute();
}

export async function countByShop(db: DB, shopId: number): Promise<number> {
  const row = await db.selectFrom('coupons').select((eb) => eb.fn.countAll<number>().as('n')).where('shop_id', '=', shopId).executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findById(db: DB, shopId: number, id: number): Promise<CouponRow | undefined> {
  return db.selectFrom('coupons').select(COUPON_COLUMNS).where('shop_id', '=', shopId).where('id', '=', id).executeTakeFirst();
}

/** One shop's coupon by its code (upper case). */
export async function findByCode(db: DB, shopId: number, code: string): Promise<CouponRow | undefined> {
  return (await couponByCode(db, shopId, code)).rows[0];
}

// Checkout's statements, compiled once (db/compiled-once.ts).
const couponByCode = compiledOnce((db: DB, shopId: number, code: string) =>
  db.selectFrom('coupons').select(COUPON_COLUMNS).where('shop_id', '=', shopId).where('code', '=', code),
);

/** Another coupon of the shop with this code (the one being edited excluded). */
export async function codeTaken(db: DB, shopId: number, code: string, exceptId: number | null): Promise<boolean> {
  let query = db.selectFrom('coupons').select('id').where('shop_id', '=', shopId).where('code', '=', code);
  if (exceptId !== null) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function insert(db: DB, row: Insertable<CouponsTable>): Promise<number> {
  const { id } = await db.insertInto('coupons').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(id);
}

export async function update(db: DB, shopId: number, id: number, set: Omit<Insertable<CouponsTable>, 'shop_id' | 'created_at'>): Promise<boolean> {
  const result = await db.updateTable('coupons').set(set).where('shop_id', '=', shopId).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function remove(db: DB, shopId: number, id: number): Promise<boolean> {
  const result = await db.deleteFrom('coupons').where('shop_id', '=', shopId).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** True when some order (in any status) used the coupon: then it keeps existing. */
export async function hasOrders(db: DB, couponId: number): Promise<boolean> {
  return (await db.selectFrom('orders').select('id').where('coupon_id', '=', couponId).limit(1).executeTakeFirst()) !== undefined;
}

/**
 * Counts one use, only while uses are left: one conditional UPDATE, never a read then a write. On
 * PostgreSQL a concurrent checkout's UPDATE of the same row waits for this one's commit and then
 * re-checks the condition on the committed count; on SQLite the write lock orders them.
 */
export async function claimUse(db: DB, couponId: number, now: string): Promise<boolean> {
  const result = await countUse(db, couponId, now);
  return Number(result.numAffectedRows) === 1;
}

const countUse = compiledOnce((db: DB, couponId: number, now: string) =>
  db
    .updateTable('coupons')
    .set((eb) => ({ used_count: eb('used_count', '+', 1), updated_at: now }))
    .where('id', '=', couponId)
    .where((eb) => eb.or([eb('max_uses', 'is', null), eb('used_count', '<', eb.ref('max_uses'))])),
);

export async function insertUse(db: DB, couponId: number, orderId: number): Promise<void> {
  await addUse(db, couponId, orderId);
}

const addUse = compiledOnce((db: DB, couponId: number, orderId: number) => db.insertInto('coupon_uses').values({ coupon_id: couponId, order_id: orderId }));

/**
 * Records who used a once-per-buyer coupon; false when any of the keys already did (the primary key
 * refuses it atomically: a concurrent insert of the same key waits for the other's commit).
 */
export async function claimBuyerKeys(db: DB, couponId: number, orderId: number, keys: readonly string[]): Promise<boolean> {
  const result = await db
    .insertInto('coupon_buyers')
    .values(keys.map((key) => ({ coupon_id: couponId, buyer_key: key, order_id: orderId })))
    .onConflict((oc) => oc.columns(['coupon_id', 'buyer_key']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === keys.length;
}

/** Whether any of the keys used the coupon already (the cart's early answer; checkout decides). */
export async function usedByAny(db: DB, couponId: number, keys: readonly string[]): Promise<boolean> {
  if (keys.length === 0) return false;
  const row = await db.selectFrom('coupon_buyers').select('order_id').where('coupon_id', '=', couponId).where('buyer_key', 'in', keys).limit(1).executeTakeFirst();
  return row !== undefined;
}

/**
 * A cancelled order's use back: its coupon_uses row goes, and only the statement that deleted it
 * lowers the count, so a use comes back once. Its buyers may use the coupon again.
 */
export async function giveUseBack(db: DB, orderId: number, now: string): Promise<void> {
  const use = await db.deleteFrom('coupon_uses').where('order_id', '=', orderId).returning('coupon_id').executeTakeFirst();
  if (!use) return;
  await db
    .updateTable('coupons')
    .set((eb) => ({ used_count: eb('used_count', '-', 1), updated_at: now }))
    .where('id', '=', use.coupon_id)
    .where('used_count', '>', 0)
    .execute();
  await db.deleteFrom('coupon_buyers').where('order_id', '=', orderId).execute();
}

/** Uses and discount given per coupon of a shop since `since` (orders not cancelled). */
export function statsSince(db: DB, shopId: number, since: string) {
  return db
    .selectFrom('orders')
    .select((eb) => [
      'coupon_id',
      eb.fn.countAll<number>().as('uses'),
      eb.fn.sum<number>('coupon_discount').as('discount'),
      sql<string>`max(coupon_code)`.as('code'),
    ])
    .where('shop_id', '=', shopId)
    .where('coupon_id', 'is not', null)
    .where('created_at', '>=', since)
    .where('status', '<>', 'cancelled')
    .groupBy('coupon_id')
    .execute();
}

/** Which of a shop's coupons some order used. */
export async function idsWithOrders(db: DB, shopId: number): Promise<Set<number>> {
  const rows = await db.selectFrom('orders').select('coupon_id').distinct().where('shop_id', '=', shopId).where('coupon_id', 'is not', null).execute();
  return new Set(rows.map((r) => Number(r.coupon_id)));
}

/** The shop's name while buyers may see it (its switch on, not taken down); undefined otherwise. */
export async function publicShopName(db: DB, shopId: number): Promise<{ name: string; currency: string } | undefined> {
  return db
    .selectFrom('shops as s')
    .select(['s.name', 's.currency'])
    .where('s.id', '=', shopId)
    .where((eb) => shopIsPublic(eb))
    .executeTakeFirst();
}

/** A coupon's amounts in another currency's minor units (the shop changed currency). */
export async function setAmounts(db: DB, id: number, set: { value: number; min_order: number | null; updated_at: string }): Promise<void> {
  await db.updateTable('coupons').set(set).where('id', '=', id).execute();
}
