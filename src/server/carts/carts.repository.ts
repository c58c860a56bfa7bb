import type { DB } from '../db/client';
import { lockingRows } from '../db/dialect';

/** Server carts (issue 50): one `carts` row per account, its lines in `cart_lines`. */

export interface StoredLine {
  productId: number;
  color: string | null;
  size: string | null;
  quantity: number;
}

/** Makes the account's cart row if it has none, then locks it until the transaction ends (PostgreSQL; SQLite's writer holds it anyway). */
export async function lockCart(db: DB, userId: number, now: Date): Promise<{ version: number; coupons: string }> {
  await db
    .insertInto('carts')
    .values({ user_id: userId, updated_at: now.toISOString() })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  return lockingRows(db, db.selectFrom('carts').select(['version', 'coupons']).where('user_id', '=', userId)).executeTakeFirstOrThrow();
}

export async function findCart(db: DB, userId: number) {
  return db.selectFrom('carts').select(['version', 'coupons', 'updated_at']).where('user_id', '=', userId).executeTakeFirst();
}

export async function listLines(db: DB, userId: number): Promise<StoredLine[]> {
  const rows = await db
    .selectFrom('cart_lines')
    .select(['product_id', 'color', 'size', 'quantity'])
    .where('user_id', '=', userId)
    .orderBy('position')
    .execute();
  return rows.map((r) => ({ productId: r.product_id, color: r.color === '' ? null : r.color, size: r.size === '' ? null : r.size, quantity: r.quantity }));
}

/** Writes the cart's lines as given (inside the transaction that locked it) and counts one more version. */
export async function replaceLines(db: DB, userId: number, lines: readonly StoredLine[], coupons: string, now: Date): Promise<number> {
  await db.deleteFrom('cart_lines').where('user_id', '=', userId).execute();
  if (lines.length > 0) {
    await db
      .insertInto('cart_lines')
      .values(lines.map((l, position) => ({ user_id: userId, product_id: l.productId, color: l.color ?? '', size: l.size ?? '', quantity: l.quantity, position })))
      .execute();
  }
  const row = await db
    .updateTable('carts')
    .set((eb) => ({ version: eb('version', '+', 1), coupons, updated_at: now.toISOString() }))
    .where('user_id', '=', userId)
    .returning('version')
    .executeTakeFirstOrThrow();
  return Number(row.version);
}

/** How long a merged guest cart's key is remembered: a browser that never heard the answer sends it again within minutes. */
const MERGE_KEY_DAYS = 30;

/**
 * Records that the guest cart `key` merged into the account's cart (inside the transaction that locked
 * it); false when it already had: that merge is not applied again. Forgets the account's old keys.
 */
export async function recordMerge(db: DB, userId: number, key: string, now: Date): Promise<boolean> {
  const oldest = new Date(now.getTime() - MERGE_KEY_DAYS * 86_400_000).toISOString();
  await db.deleteFrom('cart_merges').where('user_id', '=', userId).where('merged_at', '<', oldest).execute();
  const inserted = await db
    .insertInto('cart_merges')
    .values({ user_id: userId, merge_key: key, merged_at: now.toISOString() })
    .onConflict((oc) => oc.columns(['user_id', 'merge_key']).doNothing())
    .returning('merge_key')
    .executeTakeFirst();
  return inserted !== undefined;
}
