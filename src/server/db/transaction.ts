import { databaseRefusal, isTransactionConflict } from '../errors';
import { type DB, engineOf } from './client';

/**
 * The one way a service writes in a transaction. On SQLite it is the plain transaction: one writer at
 * a time (client.ts), nothing to retry. On PostgreSQL transactions run side by side, serializable
 * unless they ask otherwise (client.ts): one that lost to a concurrent one (serialization failure,
 * deadlock) is rolled back and `work` runs again from the start on fresh data, a few times with a
 * small random pause; only then does the caller get the CONFLICT refusal ("please try again").
 *
 * `work` may run more than once: it does database work only. Whatever must happen once (events,
 * files removed, messages) happens after this resolves, from what `work` returned.
 */
export async function inTransaction<T>(db: DB, work: (trx: DB) => Promise<T>, options: { isolation?: 'read committed' } = {}): Promise<T> {
  if (engineOf(db) === 'sqlite') return db.transaction().execute(work);
  for (let attempt = 1; ; attempt += 1) {
    try {
      const transaction = options.isolation ? db.transaction().setIsolationLevel(options.isolation) : db.transaction();
      return await transaction.execute(work);
    } catch (error) {
      if (!isTransactionConflict(error)) throw error;
      if (attempt >= CONFLICT_ATTEMPTS) throw databaseRefusal(error) ?? error;
      await sleep(Math.floor(Math.random() * BACKOFF_STEP_MS * attempt));
    }
  }
}

/** Runs of one transaction on PostgreSQL before a conflict reaches the caller. */
const CONFLICT_ATTEMPTS = 10;
/** The pause before run n + 1 is random, up to n times this: the losers do not meet again in step. */
const BACKOFF_STEP_MS = 10;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

