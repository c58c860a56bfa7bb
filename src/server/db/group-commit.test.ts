import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createTestDb } from '../testing/test-app';
import { createDb, type DB } from './client';
import { inGroupCommit } from './group-commit';
import { describeSqliteOnly } from '../testing/test-engine';

let db: DB;
let dir: string;
const others: DB[] = [];

beforeEach(async () => {
  ({ db, dir } = createTestDb());
  await sql`create table notes (id integer primary key, text text not null unique)`.execute(db);
});
afterEach(async () => {
  for (const other of others.splice(0)) await other.destroy();
  await db.destroy();
});

/** A second connection to the same file, as another process would see it. */
function secondConnection(): DB {
  const other = createDb(path.join(dir, 'db.sqlite'));
  others.push(other);
  return other;
}

const note = (text: string) => async (trx: DB) => {
  await trx.insertInto('notes' as never).values({ text } as never).execute();
  return text;
};
const texts = async (from: DB) => (await sql<{ text: string }>`select text from notes order by id`.execute(from)).rows.map((r) => r.text);

// SQLite only: on PostgreSQL each unit runs in its own transaction (group-commit.ts).
describeSqliteOnly('group commit', () => {
  it('runs the units queued together in one transaction and answers each with its own result', async () => {
    const transactions = new Set<DB>();
    const results = await Promise.all(
      ['a', 'b', 'c'].map((text) =>
        inGroupCommit(db, async (trx) => {
          transactions.add(trx);
          return note(text)(trx);
        }),
      ),
    );
    expect(results).toEqual(['a', 'b', 'c']);
    expect(transactions.size).toBe(1);
    // A unit queued after that batch gets a transaction of its own.
    await inGroupCommit(db, async (trx) => {
      transactions.add(trx);
    });
    expect(transactions.size).toBe(2);
    expect(await texts(secondConnection())).toEqual(['a', 'b', 'c']);
  });

  it('rolls back only the unit that failed, and gives its error to its own caller', async () => {
    const outcomes = await Promise.allSettled([
      inGroupCommit(db, note('first')),
      inGroupCommit(db, async (trx) => {
        await note('half done')(trx);
        throw new Error('out of stock');
      }),
      // A constraint failure inside the database: the same.
      inGroupCommit(db, note('first')),
      inGroupCommit(db, note('last')),
    ]);
    expect(outcomes.map((o) => (o.status === 'fulfilled' ? o.value : String(o.reason.message)))).toEqual([
      'first',
      'out of stock',
      expect.stringMatching(/UNIQUE/),
      'last',
    ]);
    expect(await texts(secondConnection())).toEqual(['first', 'last']);
  });

  it('answers a caller only once the transaction committed', async () => {
    const other = secondConnection();
    let firstAnswered = false;
    let seenBeforeCommit: { answered: boolean; visible: string[] } | undefined;
    await Promise.all([
      inGroupCommit(db, note('placed')).then(() => (firstAnswered = true)),
      inGroupCommit(db, async () => {
        // The first unit's write is done but not committed: nobody else sees it, its caller waits.
        seenBeforeCommit = { answered: firstAnswered, visible: await texts(other) };
      }),
    ]);
    expect(seenBeforeCommit).toEqual({ answered: false, visible: [] });
    expect(firstAnswered).toBe(true);
    expect(await texts(other)).toEqual(['placed']);
  });

  it('waits while another connection holds the write lock, then commits', async () => {
    const other = secondConnection();
    // Fail fast on the lock instead of blocking this single thread in SQLite's busy wait.
    await sql`pragma busy_timeout = 0`.execute(db);
    const held = await other.startTransaction().execute();
    await sql`insert into notes (text) values ('other process')`.execute(held);
    const placed = inGroupCommit(db, note('ours'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    await held.commit().execute();
    expect(await placed).toBe('ours');
    expect(await texts(db)).toEqual(['other process', 'ours']);
  });
});
