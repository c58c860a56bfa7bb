import type { DB } from '../db/client';
import { lockingRows } from '../db/dialect';

export async function insertReset(db: DB, row: { tokenHash: string; userId: number; createdBy: number | null; now: Date; expiresAt: Date }): Promise<void> {
  await db
    .insertInto('password_resets')
    .values({ token_hash: row.tokenHash, user_id: row.userId, created_by: row.createdBy, created_at: row.now.toISOString(), expires_at: row.expiresAt.toISOString() })
    .execute();
}

/** Every reset token of the user goes: a newer one voids them, and a used one ends them all. */
export async function deleteUserResets(db: DB, userId: number): Promise<void> {
  await db.deleteFrom('password_resets').where('user_id', '=', userId).execute();
}

/** The live reset with this hash (locked on PostgreSQL: two uses of one link meet here, one after the other). */
export function findLiveReset(db: DB, tokenHash: string, now: Date) {
  const query = db.selectFrom('password_resets').select(['user_id']).where('token_hash', '=', tokenHash).where('expires_at', '>', now.toISOString());
  return lockingRows(db, query).executeTakeFirst();
}

/** Deletes up to `limit` resets that expired by `now` (housekeeping); returns how many went. */
export async function deleteExpiredResets(db: DB, now: Date, limit: number): Promise<number> {
  const expired = db.selectFrom('password_resets').select('token_hash').where('expires_at', '<=', now.toISOString()).limit(limit);
  const result = await db.deleteFrom('password_resets').where('token_hash', 'in', expired).executeTakeFirst();
  return Number(result.numDeletedRows);
}
