import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createTestDb } from '../testing/test-app';
import { secondHandle, testEngine } from '../testing/test-engine';
import { PREPARED_STATEMENTS_LIMIT, StatementNames } from './prepared-statements';

/**
 * Named prepared statements on PostgreSQL (issue 33): plain queries are named, up to a bound of
 * distinct texts, so a connection never holds more than that many; a statement that went stale under
 * another instance's schema change is sent again unnamed.
 */
describe('statement names', () => {
  it('names reads and writes, the same text always alike, and nothing past the bound or outside plain queries', () => {
    const names = new StatementNames(3);
    expect(names.nameOf('select 1')).toBe('s1');
    expect(names.nameOf('  WITH x as (select 1) select * from x')).toBe('s2');
    expect(names.nameOf('select 1')).toBe('s1');
    for (const text of ['begin', 'commit', 'start transaction isolation level serializable', 'alter table t add column c text', 'set local x = 1']) {
      expect(names.nameOf(text)).toBeUndefined();
    }
    expect(names.nameOf('update t set a = $1')).toBe('s3');
    expect(names.nameOf('delete from t')).toBeUndefined();
    expect(names.nameOf('update t set a = $1')).toBe('s3');
  });
});

describe.skipIf(testEngine !== 'postgres')('prepared statements on PostgreSQL', () => {
  it(`a connection holds at most ${PREPARED_STATEMENTS_LIMIT} prepared statements, however many texts it runs`, async () => {
    const { db } = createTestDb();
    try {
      const held = await db.connection().execute(async (connection) => {
        // Run twice, prepared once.
        await sql`select count(*) as c from products where id = ${1}`.execute(connection);
        await sql`select count(*) as c from products where id = ${2}`.execute(connection);
        // Texts that differ as a list's placeholders do: more distinct texts than the bound.
        for (let n = 1; n <= PREPARED_STATEMENTS_LIMIT + 100; n += 1) {
          const values = Array.from({ length: n % 40 }, (_, i) => i);
          await sql`select ${n}::int as n, ${sql.join([...values, -1])} as tail`.execute(connection).catch(() => undefined);
          await sql.raw(`select ${n} + 0 as n`).execute(connection);
        }
        const rows = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(connection);
        return rows.rows.map((row) => row.statement);
      });
      expect(held.length).toBeGreaterThan(10);
      expect(held.length).toBeLessThanOrEqual(PREPARED_STATEMENTS_LIMIT);
      expect(held.filter((text) => text === 'select count(*) as c from products where id = $1')).toHaveLength(1);
    } finally {
      await db.destroy();
    }
  });

  it('answers a query whose prepared statement went stale under another connection’s schema change', async () => {
    const env = createTestDb();
    const { db } = env;
    const other = await secondHandle(env);
    try {
      await sql`create table stale_probe (id bigint primary key)`.execute(db);
      await sql`insert into stale_probe (id) values (1)`.execute(db);
      const read = () => db.connection().execute((connection) => sql<Record<string, unknown>>`select * from stale_probe where id = ${1}`.execute(connection));
      expect((await read()).rows).toEqual([{ id: 1 }]);
      // Another instance's upgrade adds a column: the statement prepared above now returns another row type.
      await sql`alter table stale_probe add column note text default 'x'`.execute(other);
      for (let i = 0; i < 3; i += 1) expect((await read()).rows).toEqual([{ id: 1, note: 'x' }]);
    } finally {
      await other.destroy();
      await db.destroy();
    }
  });
});
