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
export async function replaceLines(db: DB, userId: number, lines: readonly StoredLine[], coupons: string, now: Date, language?: string): Promise<number> {
  await db.deleteFrom('cart_lines').where('user_id', '=', userId).execute();
  if (lines.length > 0) {
    await db
      .insertInto('cart_lines')
      .values(lines.map((l, position) => ({ user_id: userId, product_id: l.productId, color: l.color ?? '', size: l.size ?? '', quantity: l.quantity, position })))
      .execute();
  }
  const row = await db
    .updateTable('carts')
    .set((eb) => ({ version: eb('version', '+', 1), coupons, updated_at: now.toISOString(), ...(language === undefined ? {} : { language }) }))
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

/**
 * Carts with lines, untouched since `before`, changed since the job last looked at them, whose owner
 * keeps cart reminders on and is not suspended: the candidates for a reminder (the caller compares each
 * one's fingerprint with `reminded`). Carts looked at and unchanged are left out, so they never fill the
 * run's `limit` places ahead of new ones.
 */
export async function cartsUntouchedSince(db: DB, before: Date, limit: number) {
  return db
    .selectFrom('carts')
    .innerJoin('users', 'users.id', 'carts.user_id')
    .innerJoin('profiles', 'profiles.user_id', 'carts.user_id')
    .select(['carts.user_id', 'carts.updated_at', 'carts.language', 'carts.reminded', 'users.email', 'profiles.full_name'])
    .where('carts.updated_at', '<=', before.toISOString())
    .where((eb) => eb.or([eb('carts.looked_at', 'is', null), eb('carts.looked_at', '<>', eb.ref('carts.updated_at'))]))
    .where('profiles.cart_reminders', '=', 1)
    .where('users.suspended_at', 'is', null)
    .where((eb) => eb.exists(eb.selectFrom('cart_lines').select('cart_lines.user_id').whereRef('cart_lines.user_id', '=', 'carts.user_id')))
    .orderBy('carts.updated_at')
    .orderBy('carts.user_id')
    .limit(limit)
    .execute();
}

/**
 * Records that the cart, as it was at `updatedAt`, is reminded of `fingerprint`: true only for the one
 * writer that changed it (the cart did not change since, and no reminder for these contents was sent).
 * Two instances running the job at once: the second's update finds the row already written and changes nothing.
 */
export async function markReminded(db: DB, userId: number, updatedAt: string, fingerprint: string): Promise<boolean> {
  const row = await db
    .updateTable('carts')
    .set({ reminded: fingerprint, looked_at: updatedAt })
    .where('user_id', '=', userId)
    .where('updated_at', '=', updatedAt)
    .where((eb) => eb.or([eb('reminded', 'is', null), eb('reminded', '<>', fingerprint)]))
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Records that the job looked at the cart as it was at `updatedAt` and had nothing to send (its contents were reminded of already). */
export async function markLooked(db: DB, userId: number, updatedAt: string): Promise<void> {
  await db.updateTable('carts').set({ looked_at: updatedAt }).where('user_id', '=', userId).where('updated_at', '=', updatedAt).execute();
}

/** Takes the ordered lines out of the buyer's cart (in the checkout's transaction): a cart that became orders is not reminded of. */
export async function removeOrderedLines(db: DB, userId: number, lines: readonly StoredLine[], now: Date): Promise<void> {
  if (lines.length === 0) return;
  const removed = await db
    .deleteFrom('cart_lines')
    .where('user_id', '=', userId)
    .where((eb) => eb.or(lines.map((l) => eb.and([eb('product_id', '=', l.productId), eb('color', '=', l.color ?? ''), eb('size', '=', l.size ?? '')]))))
    .executeTakeFirst();
  if (Number(removed.numDeletedRows) === 0) return;
  await db
    .updateTable('carts')
    .set((eb) => ({ version: eb('version', '+', 1), updated_at: now.toISOString() }))
    .where('user_id', '=', userId)
    .execute();
}
