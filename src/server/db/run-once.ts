import { sql } from 'kysely';
import { type DB, engineOf } from './client';

/**
 * A scheduled job that every instance's timer wakes for, run by one of them per period (issue 12):
 * the upload sweep, the image-variant backfill, a scheduled backup. On PostgreSQL an instance claims
 * the period in one short transaction: a transaction-scoped advisory lock on the job's name makes the
 * claims of instances waking at the same moment take turns (the loser of the lock skips at once), and
 * the job's row in `scheduled_runs` says when it last started, so an instance waking a second (or an
 * hour) after another ran it skips too. The job runs after the claim committed, outside any
 * transaction; one that fails gives its claim back (the previous start is put back), so the next
 * wake-up of any instance tries again rather than waiting for the next period. A claim succeeds once 90% of
 * the period has passed, so a timer firing a little early does not skip a whole period.
 * On SQLite (one process) the job simply runs. Resolves to whether this instance ran it.
 */
export async function runOnce(db: DB, job: string, options: { periodMs: number; now?: Date }, work: () => Promise<unknown>): Promise<boolean> {
  if (engineOf(db) === 'sqlite') {
    await work();
    return true;
  }
  const now = options.now ?? new Date();
  const startedAt = now.toISOString();
  const claimed = await db
    .transaction()
    .setIsolationLevel('read committed')
    .execute(async (trx) => {
      const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_xact_lock(hashtext(${`marketplace scheduled job ${job}`})) as locked`.execute(trx);
      if (!rows[0]?.locked) return false;
      const last = await trx.selectFrom('scheduled_runs').select('started_at').where('job', '=', job).executeTakeFirst();
      if (last && now.getTime() - Date.parse(last.started_at) < options.periodMs * 0.9) return false;
      await trx
        .insertInto('scheduled_runs')
        .values({ job, started_at: startedAt })
        .onConflict((conflict) => conflict.column('job').doUpdateSet({ started_at: startedAt }))
        .execute();
      return { previous: last?.started_at ?? null };
    });
  if (!claimed) return false;
  try {
    await work();
  } catch (error) {
    // The claim is given back, so that the next wake-up of any instance tries again: only this claim's
    // own row (a later period's claim is left alone), and a failure to give it back changes nothing.
    const giveBack =
      claimed.previous === null
        ? db.deleteFrom('scheduled_runs').where('job', '=', job).where('started_at', '=', startedAt)
        : db.updateTable('scheduled_runs').set({ started_at: claimed.previous }).where('job', '=', job).where('started_at', '=', startedAt);
    await giveBack.execute().catch(() => undefined);
    throw error;
  }
  return true;
}
