import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, expect, it, vi } from 'vitest';
import { createTestDb } from '../testing/test-app';
import { otherConnectionsWrote } from './client';
import { describeSqliteOnly } from '../testing/test-engine';

const { db, dir } = createTestDb();
afterAll(async () => {
  await db.destroy();
});

describeSqliteOnly('transactions', () => {
  it('hold the write lock from their start, so a write by another connection cannot make them fail halfway', async () => {
    const other = new SQLite(`${dir}/db.sqlite`, { timeout: 50 });
    let otherWrite = 'not tried';
    await db.transaction().execute(async (trx) => {
      await trx.selectFrom('users').select('id').execute();
      // Another process (a command-line tool, a test fixture) writes between this read and the write below.
      try {
        other.prepare("insert into order_number_sequences (day, last_value) values ('2026-01-01', 1)").run();
        otherWrite = 'written';
      } catch (error) {
        otherWrite = (error as { code?: string }).code ?? 'failed';
      }
      await trx.insertInto('order_number_sequences').values({ day: '2026-01-02', last_value: 1 }).execute();
    });
    other.close();
    expect(otherWrite).toBe('SQLITE_BUSY');
    const days = await db.selectFrom('order_number_sequences').select('day').execute();
    expect(days.map((d) => d.day)).toEqual(['2026-01-02']);
  });
});

describeSqliteOnly('durability', () => {
  it('syncs every commit to disk in WAL mode, so an acknowledged order survives a power loss', async () => {
    const pragma = async (name: string) => Object.values((await sql.raw(`pragma ${name}`).execute(db)).rows[0] as object)[0];
    expect(await pragma('journal_mode')).toBe('wal');
    // 2 is FULL: the log is fsynced at each commit; NORMAL (1) may lose the last commits to a power cut.
    expect(await pragma('synchronous')).toBe(2);
  });
});

describeSqliteOnly('prepared statements', () => {
  it('prepares each query once and runs it again from then on', async () => {
    const prepare = vi.spyOn(SQLite.prototype, 'prepare');
    try {
      for (const id of [1, 2, 3]) await db.selectFrom('profiles').select('full_name').where('user_id', '=', id).execute();
      expect(prepare.mock.calls.filter(([text]) => text.includes('from "profiles"'))).toHaveLength(1);
    } finally {
      prepare.mockRestore();
    }
  });
});

describeSqliteOnly('otherConnectionsWrote', () => {
  it("answers true once after another connection's commit, reading the version once per turn of the event loop", async () => {
    const changed = otherConnectionsWrote(db);
    const other = new SQLite(`${dir}/db.sqlite`);
    const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
    expect(changed()).toBe(false);
    other.prepare("insert into order_number_sequences (day, last_value) values ('2026-02-01', 1)").run();
    // The same turn: the version was read already; the commit is seen by the next turn's first read.
    expect(changed()).toBe(false);
    await nextTurn();
    expect(changed()).toBe(true);
    await nextTurn();
    expect(changed()).toBe(false);
    // This process's own writes do not count.
    await db.insertInto('order_number_sequences').values({ day: '2026-02-02', last_value: 1 }).execute();
    await nextTurn();
    expect(changed()).toBe(false);
    other.close();
  });
});
