import { sql } from 'kysely';
import type { DB } from '../db/client';

export interface CountedHit {
  count: number;
  /** When the window ends, in milliseconds since the epoch. */
  reset_at: number;
  /** false: the window was full, and nothing was written. */
  counted: boolean;
}

/**
 * One hit on `key`, in one statement (PostgreSQL): a new or expired window starts at 1, a live one
 * below `limit` counts one more, a full one is left as it is (the conditional upsert writes no row
 * version). Either way the window's count and end come back; no row means the key was filled by a
 * concurrent hit after this statement's snapshot: the window is full.
 */
export async function countHit(db: DB, hit: { key: string; now: number; windowMs: number; limit: number }): Promise<CountedHit | undefined> {
  const { key, now, windowMs, limit } = hit;
  const { rows } = await sql<CountedHit>`with hit as (
      insert into rate_limits as r (key, count, reset_at) values (${key}, 1, ${now + windowMs})
      on conflict (key) do update set
        count = case when r.reset_at <= ${now} then 1 else r.count + 1 end,
        reset_at = case when r.reset_at <= ${now} then excluded.reset_at else r.reset_at end
      where r.reset_at <= ${now} or r.count < ${limit}
      returning r.count, r.reset_at
    )
    select count, reset_at, true as counted from hit
    union all
    select count, reset_at, false as counted from rate_limits where key = ${key} and not exists (select from hit)`.execute(db);
  return rows[0];
}

/** Deletes one key's window, whatever its count. */
export async function deleteWindow(db: DB, key: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('key', '=', key).execute();
}

/**
 * Deletes the windows that have ended and, past `maxKeys` rows, those ending soonest: the table stays
 * bounded whatever the flood of new clients. Returns how many rows went.
 */
export async function pruneWindows(db: DB, now: number, maxKeys: number): Promise<number> {
  const result = await db
    .deleteFrom('rate_limits')
    .where((eb) =>
      eb.or([
        eb('reset_at', '<=', now),
        eb('key', 'in', eb.selectFrom('rate_limits').select('key').orderBy('reset_at', 'desc').orderBy('key').offset(maxKeys)),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Deletes up to `limit` windows that ended by `now`, those that ended first first; returns how many went. */
export async function deleteEndedWindows(db: DB, now: number, limit: number): Promise<number> {
  const ended = db.selectFrom('rate_limits').select('key').where('reset_at', '<=', now).orderBy('reset_at').limit(limit);
  const result = await db.deleteFrom('rate_limits').where('key', 'in', ended).executeTakeFirst();
  return Number(result.numDeletedRows);
}
