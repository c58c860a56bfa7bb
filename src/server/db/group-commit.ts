import { sql } from 'kysely';
import { type DB, engineOf } from './client';
import { inTransaction } from './transaction';

/**
 * Group commit (issue 11). Every commit waits for the log's fsync (synchronous=FULL, client.ts), so
 * writes that each take their own transaction queue up behind one fsync each. Here the units of work
 * that arrive during one turn of the event loop run on the next (setImmediate) in ONE write
 * transaction, each inside its own SAVEPOINT, and share its one fsync:
 * - a unit that throws rolls back to its savepoint: only its own writes are undone, only its caller
 *   gets the error, the others still commit;
 * - every caller is answered only once the transaction committed: a result in hand is on disk, and
 *   a refusal was decided on committed data;
 * - when the transaction itself fails (the disk, the write lock held elsewhere too long), every caller
 *   of the batch gets that error and nothing of the batch was written.
 * better-sqlite3 runs each statement synchronously, so a unit must only do database work: anything
 * slower would hold the write lock, and every other request, while it waits.
 * On PostgreSQL there is no grouping: see runAlone.
 */

type Unit<T> = (trx: DB) => Promise<T>;

interface Queued {
  unit: Unit<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/** Units per transaction at most, so one transaction does not hold the event loop for long. */
const MAX_BATCH = 64;
/** Attempts to take the write lock when another connection (a second process, a CLI) holds it. */
const BUSY_ATTEMPTS = 40;

/** SQLite's "the database is locked": another connection holds the write lock. */
export function isBusy(error: unknown): boolean {
  const code = error && typeof error === 'object' && 'code' in error ? String((error as { code: unknown }).code) : '';
  return code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * On PostgreSQL commits are not the bottleneck the fsync is on SQLite, and a pool of connections runs
 * transactions side by side: each unit runs in its own transaction (read committed: a guarded UPDATE
 * waits for a concurrent one on the same row, then re-checks its condition on the committed row), run
 * again on a serialization failure or a deadlock (db/transaction.ts).
 */
function runAlone<T>(db: DB, unit: Unit<T>): Promise<T> {
  return inTransaction(db, unit, { isolation: 'read committed' });
}

class GroupCommit {
  private queue: Queued[] = [];
  private scheduled = false;
  private flushing = false;

  constructor(private readonly db: DB) {}

  run<T>(unit: Unit<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ unit, resolve: resolve as (value: unknown) => void, reject });
      if (!this.scheduled && !this.flushing) {
        this.scheduled = true;
        setImmediate(() => void this.flush());
      }
    });
  }

  private async flush(): Promise<void> {
    this.scheduled = false;
    this.flushing = true;
    try {
      // Units queued while a batch waited for the write lock go in the next batch.
      while (this.queue.length > 0) await this.commit(this.queue.splice(0, MAX_BATCH));
    } finally {
      this.flushing = false;
    }
  }

  private async commit(batch: Queued[]): Promise<void> {
    let outcomes: Outcome[];
    try {
      outcomes = await this.withWriteLockRetries(() => inTransaction(this.db, (trx) => runUnits(trx, batch)));
    } catch (error) {
      for (const queued of batch) queued.reject(error);
      return;
    }
    for (const [i, outcome] of outcomes.entries()) {
      if (outcome.ok) batch[i]!.resolve(outcome.value);
      else batch[i]!.reject(outcome.error);
    }
  }

  /** Another connection holding the write lock fails the BEGIN: try again, yielding so it can finish. */
  private async withWriteLockRetries<T>(attempt: () => Promise<T>): Promise<T> {
    for (let n = 1; ; n += 1) {
      try {
        return await attempt();
      } catch (error) {
        if (!isBusy(error) || n >= BUSY_ATTEMPTS) throw error;
        await sleep(5 + Math.floor(Math.random() * 20));
      }
    }
  }
}

async function runUnits(trx: DB, batch: Queued[]): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for (const { unit } of batch) {
    await sql`savepoint group_unit`.execute(trx);
    try {
      const value = await unit(trx);
      await sql`release group_unit`.execute(trx);
      outcomes.push({ ok: true, value });
    } catch (error) {
      // If even this fails, the transaction is broken: the whole batch fails with it.
      await sql`rollback to group_unit`.execute(trx);
      await sql`release group_unit`.execute(trx);
      outcomes.push({ ok: false, error });
    }
  }
  return outcomes;
}

const groups = new WeakMap<DB, GroupCommit>();

/**
 * Runs `unit` in the next group commit on `db` (see above) and resolves with what it returned once
 * its transaction committed, or rejects with what it threw (its writes undone).
 */
export function inGroupCommit<T>(db: DB, unit: Unit<T>): Promise<T> {
  if (engineOf(db) === 'postgres') return runAlone(db, unit);
  let group = groups.get(db);
  if (!group) groups.set(db, (group = new GroupCommit(db)));
  return group.run(unit);
}
