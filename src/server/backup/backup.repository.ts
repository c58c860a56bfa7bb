import { sql } from 'kysely';
import type { DB } from '../db/client';

/**
 * A consistent copy of the whole database in one statement: it reads from one snapshot (WAL lets the
 * server keep writing meanwhile) and writes a compact file holding only committed data.
 */
export async function vacuumInto(db: DB, file: string): Promise<void> {
  await sql`vacuum into ${file}`.execute(db);
}

/** The copy becomes one self-contained file (no -wal beside it), as an archive needs. */
export async function useRollbackJournal(db: DB): Promise<void> {
  await sql`pragma journal_mode = delete`.execute(db);
}

/** SQLite's own check of every page and index: empty when the file is sound. */
export async function integrityProblems(db: DB): Promise<string[]> {
  const { rows } = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(db);
  const lines = rows.map((r) => r.integrity_check);
  return lines.length === 1 && lines[0] === 'ok' ? [] : lines;
}

/**
 * Takes SQLite's exclusive lock on the database: it fails (SQLITE_BUSY) while any other connection,
 * in this process or another, has the file open, because every WAL connection holds a shared lock
 * for as long as it is open. The kernel drops those locks when a process dies, so a crashed server
 * never leaves a stale lock behind.
 */
export async function lockExclusively(db: DB): Promise<void> {
  await sql`pragma locking_mode = exclusive`.execute(db);
  await sql`select count(*) from sqlite_master`.execute(db);
}

/** What a backup holds, for its summary. */
export async function countOrders(db: DB): Promise<number> {
  const row = await db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Every file the upload records point at (image and thumbnail), as `/uploads/...` URLs. */
export async function uploadUrls(db: DB): Promise<string[]> {
  const rows = await db.selectFrom('uploads').select(['url', 'thumb_url']).execute();
  return rows.flatMap((r) => [r.url, r.thumb_url]);
}

/**
 * PostgreSQL: the snapshot of the current (repeatable read) transaction, named for `pg_dump --snapshot`,
 * which then dumps exactly what this transaction sees. Valid while the transaction is open.
 */
export async function exportSnapshot(db: DB): Promise<string> {
  const { rows } = await sql<{ id: string }>`select pg_export_snapshot() as id`.execute(db);
  return rows[0]!.id;
}

/** PostgreSQL: the tables in the public schema (none: an empty database a backup can be restored into). */
export async function tableNames(db: DB): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select table_name as name from information_schema.tables
    where table_schema = 'public' order by table_name`.execute(db);
  return rows.map((row) => row.name);
}
