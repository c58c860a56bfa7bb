import type { DB } from '../db/client';

export async function insertSession(db: DB, session: { id: string; userId: number; now: Date; expiresAt: Date }): Promise<void> {
  const at = session.now.toISOString();
  await db
    .insertInto('sessions')
    .values({ id: session.id, user_id: session.userId, created_at: at, last_seen_at: at, expires_at: session.expiresAt.toISOString() })
    .execute();
}

/** The session with this id if it belongs to `userId` and has not expired. */
export async function findLiveSession(db: DB, id: string, userId: number, now: Date) {
  return db
    .selectFrom('sessions')
    .select(['id', 'last_seen_at', 'expires_at'])
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
}

export async function touchSession(db: DB, id: string, now: Date): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: now.toISOString() }).where('id', '=', id).execute();
}

export async function deleteSession(db: DB, id: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', id).execute();
}

/** Deletes every session of the user except `keepId` (none kept when it is null). */
export async function deleteUserSessions(db: DB, userId: number, keepId: string | null): Promise<void> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (keepId !== null) query = query.where('id', '!=', keepId);
  await query.execute();
}

export async function deleteExpiredSessions(db: DB, userId: number, now: Date): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).where('expires_at', '<=', now.toISOString()).execute();
}

/** Deletes up to `limit` sessions of anyone that had expired by `now` (housekeeping); returns how many went. */
export async function deleteExpiredSessionsBatch(db: DB, now: Date, limit: number): Promise<number> {
  const expired = db.selectFrom('sessions').select('id').where('expires_at', '<=', now.toISOString()).limit(limit);
  const result = await db.deleteFrom('sessions').where('id', 'in', expired).executeTakeFirst();
  return Number(result.numDeletedRows);
}
