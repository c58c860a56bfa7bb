import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { createTestDb } from '../testing/test-app';
import { testEngine } from '../testing/test-engine';
import type { DB } from './client';
import { inTransaction } from './transaction';

let db: DB;

beforeEach(async () => {
  ({ db } = createTestDb());
  await sql`create table tickets (n integer not null)`.execute(db);
});
afterEach(async () => {
  await db.destroy();
});

/** Resolves once `count` callers wait on it; later callers pass straight through. */
function meeting(count: number): () => Promise<void> {
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  let arrived = 0;
  return () => {
    arrived += 1;
    if (arrived >= count) open();
    return opened;
  };
}

/** A transaction losing to a concurrent one, as PostgreSQL reports it. */
const serializationFailure = () => Object.assign(new Error('could not serialize access'), { code: '40001' });

const tickets = async () => (await sql<{ n: number }>`select n from tickets order by n`.execute(db)).rows.map((r) => r.n);

describe('inTransaction', () => {
  it('commits what the work wrote and rolls it all back when it throws', async () => {
    expect(await inTransaction(db, async (trx) => (await sql`insert into tickets (n) values (1)`.execute(trx), 'done'))).toBe('done');
    const failed = inTransaction(db, async (trx) => {
      await sql`insert into tickets (n) values (2)`.execute(trx);
      throw new Error('refused');
    });
    await expect(failed).rejects.toThrow('refused');
    expect(await tickets()).toEqual([1]);
  });

  (testEngine === 'postgres' ? it : it.skip)(
    'runs again, on fresh data, a transaction that lost to a concurrent one: both writers succeed (two connections)',
    async () => {
      // Write skew: each reads how many tickets there are and adds the next one. Both first runs read
      // the same count on their own connection before either writes, so serializable refuses one.
      let runs = 0;
      const bothCounted = meeting(2);
      const takeTicket = () =>
        inTransaction(db, async (trx) => {
          runs += 1;
          const { rows } = await sql<{ n: number }>`select count(*) as n from tickets`.execute(trx);
          await bothCounted();
          const next = Number(rows[0]!.n) + 1;
          await sql`insert into tickets (n) values (${next})`.execute(trx);
          return next;
        });
      const taken = await Promise.all([takeTicket(), takeTicket()]);
      expect(taken.toSorted()).toEqual([1, 2]);
      expect(await tickets()).toEqual([1, 2]);
      expect(runs).toBeGreaterThan(2);
    },
  );

  (testEngine === 'postgres' ? it : it.skip)('gives up after a few runs with the CONFLICT refusal, its writes undone', async () => {
    let runs = 0;
    const losing = inTransaction(db, async (trx) => {
      runs += 1;
      await sql`insert into tickets (n) values (${runs})`.execute(trx);
      throw serializationFailure();
    });
    await expect(losing).rejects.toThrow(AppError);
    await expect(losing).rejects.toMatchObject({ code: 'CONFLICT', message: 'Someone else changed this at the same moment. Please try again.' });
    expect(runs).toBe(10);
    expect(await tickets()).toEqual([]);
  });

  (testEngine === 'sqlite' ? it : it.skip)('runs the work once on SQLite, where transactions do not run side by side', async () => {
    let runs = 0;
    const failing = inTransaction(db, async () => {
      runs += 1;
      throw serializationFailure();
    });
    await expect(failing).rejects.toMatchObject({ code: '40001' });
    expect(runs).toBe(1);
  });
});
