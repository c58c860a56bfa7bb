import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { type DB, engineOf } from '../db/client';

/** The file the database lives in (null for an in-memory one), for its size and its disk. */
export async function databaseFileOf(db: DB): Promise<string | null> {
  // PostgreSQL's files are on the database server, not on this machine's disks.
  if (engineOf(db) === 'postgres') return null;
  const { rows } = await sql<{ file: string }>`select file from pragma_database_list where name = 'main'`.execute(db);
  return rows[0]?.file || null;
}

function fileSize(file: string): number {
  try {
    return fs.statSync(file).size;
  } catch {
    return 0;
  }
}

/** The database's size: the SQLite file plus its write-ahead log, or what PostgreSQL's server holds for it. */
export async function databaseBytes(db: DB, databaseFile: Promise<string | null>): Promise<number> {
  if (engineOf(db) === 'postgres') {
    const { rows } = await sql<{ bytes: number }>`select pg_database_size(current_database()) as bytes`.execute(db);
    return Number(rows[0]?.bytes ?? 0);
  }
  const file = await databaseFile;
  return file ? fileSize(file) + fileSize(`${file}-wal`) : 0;
}

interface Check {
  ok: boolean;
  message?: string;
}

// A readiness probe must answer quickly: a write lock held this long already means writes are stuck.
const LOCK_WAIT_MS = 250;

/**
 * Can the database take a write right now? Takes the write lock (BEGIN IMMEDIATE) and rolls back at
 * once, on the one connection held exclusively, so no other query runs inside this transaction.
 */
async function checkDatabase(db: DB): Promise<Check> {
  try {
    if (engineOf(db) === 'postgres') {
      // No write lock to take: a transaction answering on a pooled connection is a database that takes writes.
      await db.transaction().execute((trx) => sql`select 1`.execute(trx));
      return { ok: true };
    }
    await db.connection().execute(async (conn) => {
      const { rows } = await sql<{ timeout: number }>`pragma busy_timeout`.execute(conn);
      await sql.raw(`pragma busy_timeout = ${LOCK_WAIT_MS}`).execute(conn);
      try {
        await sql`begin immediate`.execute(conn);
        await sql`rollback`.execute(conn);
      } finally {
        await sql.raw(`pragma busy_timeout = ${Number(rows[0]?.timeout ?? 5000)}`).execute(conn);
      }
    });
    return { ok: true };
  } catch (error) {
    const code = error && typeof error === 'object' && 'code' in error ? String(error.code) : 'unknown error';
    return {
      ok: false,
      message: `The database cannot take writes (${code}): check that its folder is writable and that no other program holds it locked.`,
    };
  }
}

const MB = 1024 * 1024;

async function checkDisk(folders: string[], minFreeBytes: number): Promise<Check> {
  for (const folder of folders) {
    try {
      const stats = await fs.promises.statfs(folder);
      const free = stats.bavail * stats.bsize;
      if (free < minFreeBytes) {
        return {
          ok: false,
          message: `Only ${Math.floor(free / MB)} MB free on the disk of ${path.basename(folder)}/ (at least ${Math.ceil(minFreeBytes / MB)} MB needed): free some space or grow the disk.`,
        };
      }
    } catch {
      return { ok: false, message: `Cannot read the free space of ${path.basename(folder)}/: check that the folder exists.` };
    }
  }
  return { ok: true };
}

/**
 * /readyz: ready when the database takes writes and the disks holding the database and the uploads
 * keep at least `minFreeBytes` free. The body says which check failed; with SMTP_URL it also says
 * whether the mail server answered (a failing detail that leaves the status as it is).
 */
export async function readiness(
  db: DB,
  options: { databaseFile: string | null; uploadsDir: string; minFreeBytes: number; mail?: { ok: boolean; message?: string } | null },
) {
  const folders = [...new Set([options.databaseFile ? path.dirname(options.databaseFile) : null, options.uploadsDir].filter((f) => f !== null))];
  const [database, disk] = await Promise.all([checkDatabase(db), checkDisk(folders, options.minFreeBytes)]);
  const ok = database.ok && disk.ok;
  // The mail server is a detail, not a reason to take the instance out of service: emails wait in the outbox.
  const mail = options.mail === undefined ? {} : { mail: options.mail ?? { ok: true, message: 'not checked yet' } };
  return { status: ok ? 200 : 503, body: { status: ok ? 'ok' : 'unavailable', checks: { database, disk, ...mail } } };
}
