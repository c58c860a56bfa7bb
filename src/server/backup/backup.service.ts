import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import * as tar from 'tar';
import { z } from 'zod';
import { analyze, createDb, createPostgresDb, type DB } from '../db/client';
import { migrateToLatest } from '../db/migrate';
import type { Database } from '../db/schema';
import * as repo from './backup.repository';

/**
 * Backups: the database and the uploads folder in one .tar.gz, taken while the server runs, and put
 * back by a restore that changes nothing until every check has passed. Used by `npm run backup`,
 * `npm run restore` and the server's schedule (BACKUP_DIR). On PostgreSQL (DATABASE_URL) the
 * database part is PostgreSQL's own `pg_dump --format=custom`, restored with `pg_restore` into an
 * empty database.
 */

/** A failure the operator can act on: its message says what happened and what to do. */
export class BackupError extends Error {
  override name = 'BackupError';
}

const MANIFEST = 'backup.json';
const ARCHIVE_DB = 'database.sqlite';
const ARCHIVE_DUMP = 'database.dump';
const ARCHIVE_UPLOADS = 'uploads';
const STAGE_PREFIX = '.marketplace-backup-';
const ARCHIVE_NAME = /^marketplace-(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})(?:-\d+)?\.tar\.gz$/;
const ARCHIVE_FILE = /\.(tar\.gz|tgz)$/;
// An upload deleted while a backup reads the folder (a shop being deleted, the orphan sweep) makes it
// start over from a fresh snapshot; three tries, then it says so.
const ATTEMPTS = 3;
const HOUR_MS = 3_600_000;

const manifestSchema = z.object({
  format: z.literal('marketplace-backup'),
  version: z.number().int(),
  createdAt: z.string(),
  orders: z.number().int(),
  // Backups written before PostgreSQL existed say nothing of the engine: SQLite.
  database: z.object({ bytes: z.number().int(), engine: z.enum(['sqlite', 'postgres']).default('sqlite') }),
  uploads: z.object({ files: z.number().int(), bytes: z.number().int() }),
});
type Manifest = z.infer<typeof manifestSchema>;

export interface BackupSummary {
  file: string;
  bytes: number;
  manifest: Manifest;
  /** Images the database refers to that were already missing from the uploads folder. */
  missingImages: string[];
}

export interface RestoreSummary {
  manifest: Manifest;
  missingImages: string[];
  /** Where the database and uploads that the restore replaced were moved (null: there were none). */
  keptDatabase: string | null;
  keptUploads: string | null;
}

/** Where PostgreSQL's client tools are: `binDir` (the tests'), else found on PATH (Debian's postgresql-client). */
export interface PgTools {
  binDir?: string;
}

/** The database a backup copies or a restore fills: the SQLite file, or the PostgreSQL database of DATABASE_URL. */
export type BackupDatabase = { engine: 'sqlite'; file: string } | { engine: 'postgres'; url: string; tools?: PgTools };

/** DATABASE_URL's PostgreSQL database when it is set, else the SQLite file at DATABASE_PATH. */
export function backupDatabaseOf(env: { DATABASE_URL?: string | undefined; DATABASE_PATH: string }): BackupDatabase {
  return env.DATABASE_URL ? { engine: 'postgres', url: env.DATABASE_URL } : { engine: 'sqlite', file: env.DATABASE_PATH };
}

/**
 * Writes a backup of the database and the uploads folder (null: the uploads are in a bucket, which
 * is not backed up here) to `target`: a .tar.gz file name, or a folder where it is named by its time
 * (marketplace-YYYYMMDD-HHMMSS.tar.gz, UTC). The database is copied from one snapshot while the server
 * keeps writing (SQLite: `vacuum into`, checked with integrity_check; PostgreSQL: pg_dump), and only
 * a complete archive ever appears under the final name.
 */
export async function createBackup(options: { database: BackupDatabase; uploadsDir: string | null; target: string; now: Date }): Promise<BackupSummary> {
  const source: BackupDatabase = options.database.engine === 'sqlite' ? { engine: 'sqlite', file: path.resolve(options.database.file) } : options.database;
  if (source.engine === 'sqlite' && !fs.existsSync(source.file)) {
    throw new BackupError(`No database at ${source.file}. Check DATABASE_PATH: it must name the file the server uses. No backup was written.`);
  }
  const resolved = path.resolve(options.target);
  const toFolder = !ARCHIVE_FILE.test(resolved) || isDirectory(resolved);
  const dir = toFolder ? resolved : path.dirname(resolved);
  let stage: string;
  try {
    fs.mkdirSync(dir, { recursive: true });
    stage = fs.mkdtempSync(path.join(dir, STAGE_PREFIX));
  } catch (error) {
    throw explain(error, dir, 'backup');
  }
  try {
    for (let attempt = 1; ; attempt += 1) {
      const work = path.join(stage, String(attempt));
      fs.mkdirSync(work);
      try {
        const packed = await pack(source, options.uploadsDir === null ? null : path.resolve(options.uploadsDir), work, options.now);
        // An image gone between the snapshot and the packing was deleted meanwhile: one fresh snapshot.
        // Still missing then, it was missing before the backup, and the summary says so.
        if (packed.missingImages.length > 0 && attempt === 1) {
          fs.rmSync(work, { recursive: true, force: true });
          continue;
        }
        const file = toFolder ? path.join(dir, freeName(dir, options.now)) : resolved;
        fs.renameSync(packed.archive, file);
        fsyncPath(dir);
        return { file, bytes: fs.statSync(file).size, manifest: packed.manifest, missingImages: packed.missingImages };
      } catch (error) {
        if (attempt < ATTEMPTS && vanishedDuringPacking(error, work)) {
          fs.rmSync(work, { recursive: true, force: true });
          continue;
        }
        throw error;
      }
    }
  } catch (error) {
    throw explain(error, dir, 'backup');
  } finally {
    fs.rmSync(stage, { recursive: true, force: true });
  }
}

/** The database part of a backup: its file in the archive, and what the summary and the image check read from the same snapshot. */
interface DatabaseCopy {
  entry: string;
  orders: number;
  urls: string[];
}

async function pack(source: BackupDatabase, uploadsRoot: string | null, work: string, now: Date) {
  const copy = source.engine === 'sqlite' ? await copySqlite(source.file, work) : await dumpPostgres(source, work);
  const files = uploadsRoot === null ? [] : listFiles(uploadsRoot);
  const present = new Set(files.map((f) => f.name));
  const manifest: Manifest = {
    format: 'marketplace-backup',
    // Version 2: a PostgreSQL dump, which versions before it cannot restore (they say so).
    version: source.engine === 'sqlite' ? 1 : 2,
    createdAt: now.toISOString(),
    orders: copy.orders,
    database: { bytes: fs.statSync(path.join(work, copy.entry)).size, engine: source.engine },
    uploads: { files: files.length, bytes: files.reduce((sum, f) => sum + f.bytes, 0) },
  };
  fs.writeFileSync(path.join(work, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  const entries = [MANIFEST, copy.entry];
  if (uploadsRoot !== null && fs.existsSync(uploadsRoot)) {
    // The uploads stay where they are: the archive reads them through a link (tar follows it).
    fs.symlinkSync(uploadsRoot, path.join(work, ARCHIVE_UPLOADS), 'dir');
    entries.push(ARCHIVE_UPLOADS);
  }
  const archive = path.join(work, 'archive.tar.gz');
  await tar.c({ gzip: true, file: archive, cwd: work, portable: true, follow: true }, entries);
  fsyncPath(archive);
  // Images in a bucket are not checked here: the bucket is the operator's to back up.
  const missingImages = uploadsRoot === null ? [] : copy.urls.filter((url) => !present.has(uploadName(url)));
  return { archive, manifest, missingImages };
}

async function copySqlite(source: string, work: string): Promise<DatabaseCopy> {
  const copy = path.join(work, ARCHIVE_DB);
  const live = openFile(source);
  try {
    await repo.vacuumInto(live, copy);
  } finally {
    await live.destroy();
  }
  const snapshot = openFile(copy);
  let orders: number;
  let urls: string[];
  try {
    await repo.useRollbackJournal(snapshot);
    const problems = await integrityProblems(snapshot);
    if (problems.length > 0) {
      throw new BackupError(
        `The copy of the database failed its integrity check (${problems.slice(0, 3).join('; ')}), so the live database ` +
          `is probably damaged. Stop the server, keep a copy of ${source} and its -wal file, and restore the latest ` +
          'good backup with "npm run restore -- FILE". No backup was written.',
      );
    }
    orders = await repo.countOrders(snapshot);
    urls = await repo.uploadUrls(snapshot);
  } finally {
    await snapshot.destroy();
  }
  return { entry: ARCHIVE_DB, orders, urls };
}

/**
 * pg_dump in its custom format (compressed, restored by pg_restore), from the snapshot of a read-only
 * transaction that also counts the orders and lists the images: the dump and what the backup says of
 * it are one moment, while the instances keep writing. pg_restore --list then reads the whole dump back.
 */
async function dumpPostgres(source: { url: string; tools?: PgTools }, work: string): Promise<DatabaseCopy> {
  const file = path.join(work, ARCHIVE_DUMP);
  const db = createPostgresDb(source.url, 1);
  try {
    const copy = await db
      .transaction()
      .setIsolationLevel('repeatable read')
      .setAccessMode('read only')
      .execute(async (trx) => {
        const snapshot = await repo.exportSnapshot(trx);
        await runPgTool('pg_dump', ['--format=custom', `--snapshot=${snapshot}`, `--file=${file}`], { url: source.url, tools: source.tools, nothing: 'No backup was written.' });
        return { entry: ARCHIVE_DUMP, orders: await repo.countOrders(trx), urls: await repo.uploadUrls(trx) };
      })
      .catch((error: unknown) => {
        throw error instanceof BackupError ? error : unreachable(error, 'No backup was written.');
      });
    await runPgTool('pg_restore', ['--list', file], { tools: source.tools, nothing: 'No backup was written.' });
    return copy;
  } finally {
    await db.destroy();
  }
}

/** A connection error, as the operator can act on it; anything else passes unchanged. */
function unreachable(error: unknown, nothing: string): unknown {
  const code = String((error as { code?: unknown }).code);
  // Connection refused or unknown host, or PostgreSQL's connection and authentication classes (08, 28), or a missing database (3D000).
  if (['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', '3D000'].includes(code) || /^(08|28)/.test(code) || /timeout/i.test(String(error))) {
    return new BackupError(`Cannot reach the PostgreSQL database in DATABASE_URL (${(error as Error).message}). Check DATABASE_URL and that the database server runs. ${nothing}`);
  }
  return error;
}

/**
 * Runs pg_dump or pg_restore on `url`'s database (its password handed over in PGPASSWORD, not on the
 * command line, where other users of the machine could read it). Resolves with what it printed.
 */
function runPgTool(tool: 'pg_dump' | 'pg_restore', args: string[], options: { url?: string; tools?: PgTools; nothing: string }): Promise<string> {
  const env = { ...process.env };
  const fullArgs = [...args];
  if (options.url) {
    const url = new URL(options.url);
    if (url.password) env.PGPASSWORD = decodeURIComponent(url.password);
    url.password = '';
    fullArgs.unshift(`--dbname=${url.href}`);
  }
  const command = options.tools?.binDir ? path.join(options.tools.binDir, tool) : tool;
  return new Promise((resolve, reject) => {
    const child = spawn(command, fullArgs, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'ENOENT'
          ? new BackupError(
              `${tool} was not found${options.tools?.binDir ? ` in ${options.tools.binDir}` : ' on PATH'}. Install PostgreSQL's client tools, of the ` +
                `server's major version or newer (Debian and Ubuntu: apt-get install postgresql-client), then run it again. ${options.nothing}`,
            )
          : error,
      );
    });
    child.on('close', (code) => {
      if (code === 0) resolve(stdout);
      else reject(new BackupError(`${tool} failed (exit code ${code}): ${stderr.trim() || 'no message'}. ${options.nothing}`));
    });
  });
}

function vanishedDuringPacking(error: unknown, work: string): boolean {
  const { code, path: where } = error as { code?: unknown; path?: unknown };
  return code === 'ENOENT' && typeof where === 'string' && where.startsWith(path.join(work, ARCHIVE_UPLOADS));
}

/**
 * Puts a backup's database and uploads in place of DATABASE_PATH and UPLOADS_DIR (`uploadsDir` null:
 * STORAGE=s3, the images are in the bucket, which a restore leaves alone). It refuses while
 * anything has the database open, unpacks beside the data, checks the database (integrity_check, then
 * this version's migrations) and only then swaps by renaming, keeping the replaced data beside it.
 * Any failure before the swap leaves the current data untouched; a failed swap is undone.
 */
export async function restoreBackup(options: { file: string; database: BackupDatabase; uploadsDir: string | null; now: Date }): Promise<RestoreSummary> {
  const archive = path.resolve(options.file);
  if (!fs.statSync(archive, { throwIfNoEntry: false })?.isFile()) {
    throw new BackupError(`No backup file at ${archive}. Give the path of a .tar.gz file written by "npm run backup". Nothing was changed.`);
  }
  const uploadsRoot = options.uploadsDir === null ? null : path.resolve(options.uploadsDir);
  if (options.database.engine === 'postgres') return restorePostgres(archive, options.database, uploadsRoot, options.now);
  const target = path.resolve(options.database.file);
  const dataDir = path.dirname(target);
  await assertNotInUse(target);

  let stage: string;
  let uploadsStage: string | null = null;
  try {
    fs.mkdirSync(dataDir, { recursive: true });
    stage = fs.mkdtempSync(path.join(dataDir, '.marketplace-restore-'));
    if (uploadsRoot) {
      fs.mkdirSync(path.dirname(uploadsRoot), { recursive: true });
      // Beside UPLOADS_DIR, so the final swap is a rename even when uploads live on another disk.
      uploadsStage = fs.mkdtempSync(path.join(path.dirname(uploadsRoot), '.marketplace-restore-uploads-'));
    }
  } catch (error) {
    throw explain(error, dataDir, 'restore');
  }
  try {
    await unpack(archive, stage);
    const manifest = readManifest(archive, stage, 'sqlite');
    const stagedDb = path.join(stage, ARCHIVE_DB);
    const { urls } = await checkRestoredDatabase(archive, stagedDb);
    fsyncPath(stagedDb);

    let uploads: { staged: string; root: string } | null = null;
    let present: Set<string> | null = null;
    if (uploadsStage && uploadsRoot) {
      uploads = { staged: path.join(uploadsStage, ARCHIVE_UPLOADS), root: uploadsRoot };
      const unpackedUploads = path.join(stage, ARCHIVE_UPLOADS);
      if (!fs.existsSync(unpackedUploads)) fs.mkdirSync(uploads.staged);
      else moveAcrossDisks(unpackedUploads, uploads.staged);
      present = new Set(listFiles(uploads.staged).map((f) => f.name));
    }

    const kept = swapIn({ stagedDb, target, uploads, stamp: stampOf(options.now) });
    return { manifest, missingImages: present ? urls.filter((url) => !present.has(uploadName(url))) : [], ...kept };
  } catch (error) {
    throw explain(error, dataDir, 'restore');
  } finally {
    fs.rmSync(stage, { recursive: true, force: true });
    if (uploadsStage) fs.rmSync(uploadsStage, { recursive: true, force: true });
  }
}

/**
 * A PostgreSQL backup goes into an empty database (DATABASE_URL): nothing there is overwritten, so
 * nothing needs keeping aside. pg_restore runs as one transaction (a failure leaves the database
 * empty), this version's migrations follow, then the uploads are swapped in as on SQLite.
 */
async function restorePostgres(archive: string, database: { url: string; tools?: PgTools }, uploadsRoot: string | null, now: Date): Promise<RestoreSummary> {
  const db = createPostgresDb(database.url, 1);
  let stage: string | undefined;
  try {
    const tables = await repo.tableNames(db).catch((error: unknown) => {
      throw unreachable(error, 'Nothing was changed.');
    });
    if (tables.length > 0) {
      throw new BackupError(
        `The database in DATABASE_URL is not empty (${tables.length} tables, e.g. ${tables.slice(0, 3).join(', ')}). A restore goes into an ` +
          'empty database, so that no data is overwritten: create one (createdb marketplace_restored, or CREATE DATABASE in psql), point ' +
          'DATABASE_URL at it and run the restore again; then start the servers on it. Nothing was changed.',
      );
    }
    // Beside UPLOADS_DIR, so the final swap is a rename even when uploads live on another disk.
    const stageDir = uploadsRoot ? path.dirname(uploadsRoot) : os.tmpdir();
    try {
      fs.mkdirSync(stageDir, { recursive: true });
      stage = fs.mkdtempSync(path.join(stageDir, '.marketplace-restore-'));
    } catch (error) {
      throw explain(error, stageDir, 'restore');
    }
    await unpack(archive, stage);
    const manifest = readManifest(archive, stage, 'postgres');
    await runPgTool('pg_restore', ['--exit-on-error', '--single-transaction', '--no-owner', '--no-privileges', path.join(stage, ARCHIVE_DUMP)], {
      url: database.url,
      tools: database.tools,
      nothing: 'Nothing was changed.',
    });
    try {
      await migrateToLatest(db);
    } catch (error) {
      throw new BackupError(
        `The backup was restored, but cannot be brought up to this version of the app (${(error as Error).message}). If it comes from a ` +
          'newer version, restore it with that version (drop and create the database first). The uploads were not changed.',
      );
    }
    // pg_restore leaves the planner without statistics until autovacuum gets to the tables.
    await analyze(db);
    // STORAGE=s3: the images are in the bucket, left as it was.
    if (!uploadsRoot) return { manifest, missingImages: [], keptDatabase: null, keptUploads: null };
    const urls = await repo.uploadUrls(db);
    const stagedUploads = path.join(stage, ARCHIVE_UPLOADS);
    if (!fs.existsSync(stagedUploads)) fs.mkdirSync(stagedUploads);
    const present = new Set(listFiles(stagedUploads).map((f) => f.name));
    const keptUploads = `${uploadsRoot}.pre-restore-${stampOf(now)}`;
    const hadUploads = fs.existsSync(uploadsRoot);
    if (hadUploads) fs.renameSync(uploadsRoot, keptUploads);
    try {
      fs.renameSync(stagedUploads, uploadsRoot);
    } catch (error) {
      if (hadUploads) fs.renameSync(keptUploads, uploadsRoot);
      throw error;
    }
    fsyncPath(path.dirname(uploadsRoot));
    return { manifest, missingImages: urls.filter((url) => !present.has(uploadName(url))), keptDatabase: null, keptUploads: hadUploads ? keptUploads : null };
  } catch (error) {
    throw explain(error, uploadsRoot ? path.dirname(uploadsRoot) : os.tmpdir(), 'restore');
  } finally {
    if (stage) fs.rmSync(stage, { recursive: true, force: true });
    await db.destroy();
  }
}

/** Refuses while a server (or any other command) has the database open. */
async function assertNotInUse(target: string): Promise<void> {
  if (!fs.existsSync(target)) return;
  // A server holds its lock for as long as it runs: waiting longer would not help, only one closing right now.
  const db = openFile(target, 250);
  try {
    await repo.lockExclusively(db);
  } catch (error) {
    if ((error as { code?: unknown }).code === 'SQLITE_BUSY') {
      throw new BackupError(
        `A server (or another command) has ${target} open. Stop it first (docker compose stop app, or Ctrl+C where ` +
          '"npm start" runs), then run the restore again. Nothing was changed.',
      );
    }
    throw error;
  } finally {
    // Closing the only connection also folds a crashed server's -wal into the file kept aside below.
    await db.destroy();
  }
}

async function unpack(archive: string, stage: string): Promise<void> {
  try {
    await tar.x({
      file: archive,
      cwd: stage,
      strict: true,
      // Only what a backup holds, and only plain files and folders (no links out of the data folder).
      filter: (name, entry) =>
        (name === MANIFEST || name === ARCHIVE_DB || name === ARCHIVE_DUMP || name === ARCHIVE_UPLOADS || name.startsWith(`${ARCHIVE_UPLOADS}/`)) &&
        'type' in entry &&
        (entry.type === 'File' || entry.type === 'Directory'),
    });
  } catch (error) {
    if (isDiskOrPermission(error)) throw error;
    throw new BackupError(
      `${archive} is damaged or incomplete (${(error as Error).message}). Nothing was changed. Restore another backup, ` +
        'or copy this one again if it came from another machine.',
    );
  }
}

/** The backup's manifest, once it is known to hold a database of the engine the restore fills. */
function readManifest(archive: string, stage: string, engine: BackupDatabase['engine']): Manifest {
  let parsed: ReturnType<typeof manifestSchema.safeParse>;
  try {
    parsed = manifestSchema.safeParse(JSON.parse(fs.readFileSync(path.join(stage, MANIFEST), 'utf8')));
  } catch {
    parsed = manifestSchema.safeParse(null);
  }
  if (parsed.success && parsed.data.version > 2) {
    throw new BackupError(`${archive} was written by a newer version of the app. Restore it with that version or a newer one. Nothing was changed.`);
  }
  if (parsed.success && parsed.data.database.engine !== engine) {
    throw new BackupError(
      parsed.data.database.engine === 'postgres'
        ? `${archive} holds a PostgreSQL database (pg_dump). Set DATABASE_URL to an empty PostgreSQL database and run the restore again. Nothing was changed.`
        : `${archive} holds a SQLite database. Restore it without DATABASE_URL (into DATABASE_PATH), then copy it into PostgreSQL with ` +
            '"npm run migrate-data". Nothing was changed.',
    );
  }
  if (!parsed.success || !fs.existsSync(path.join(stage, engine === 'sqlite' ? ARCHIVE_DB : ARCHIVE_DUMP))) {
    throw new BackupError(`${archive} is not a backup written by "npm run backup" (no backup.json and database inside). Nothing was changed.`);
  }
  return parsed.data;
}

async function checkRestoredDatabase(archive: string, stagedDb: string): Promise<{ urls: string[] }> {
  const unsound = (problems: string[]) =>
    new BackupError(
      `The database in ${archive} failed its integrity check (${problems.slice(0, 3).join('; ')}). Nothing was changed. Restore another backup.`,
    );
  let db: DB;
  try {
    db = createDb(stagedDb);
  } catch (error) {
    throw isCorrupt(error) ? unsound([(error as Error).message]) : error;
  }
  try {
    const problems = await integrityProblems(db);
    if (problems.length > 0) throw unsound(problems);
    try {
      await migrateToLatest(db);
    } catch (error) {
      throw new BackupError(
        `The database in ${archive} cannot be brought up to this version of the app (${(error as Error).message}). ` +
          'If the backup comes from a newer version, restore it with that version. Nothing was changed.',
      );
    }
    return { urls: await repo.uploadUrls(db) };
  } finally {
    await db.destroy();
  }
}

function swapIn(paths: { stagedDb: string; target: string; uploads: { staged: string; root: string } | null; stamp: string }) {
  const { stagedDb, target, uploads, stamp } = paths;
  const keptDatabase = `${target}.pre-restore-${stamp}`;
  const keptUploads = uploads ? `${uploads.root}.pre-restore-${stamp}` : null;
  const done: Array<[string, string]> = [];
  const move = (from: string, to: string) => {
    fs.renameSync(from, to);
    done.push([from, to]);
  };
  try {
    const hadDatabase = fs.existsSync(target);
    // The -wal and -shm files belong to the old database: left beside the new one, SQLite would replay them into it.
    for (const suffix of ['', '-wal', '-shm']) if (fs.existsSync(target + suffix)) move(target + suffix, keptDatabase + suffix);
    const hadUploads = uploads !== null && fs.existsSync(uploads.root);
    if (uploads && hadUploads) move(uploads.root, keptUploads!);
    move(stagedDb, target);
    if (uploads) move(uploads.staged, uploads.root);
    fsyncPath(path.dirname(target));
    if (uploads) fsyncPath(path.dirname(uploads.root));
    return { keptDatabase: hadDatabase ? keptDatabase : null, keptUploads: hadUploads ? keptUploads : null };
  } catch (error) {
    for (const [from, to] of done.reverse()) fs.renameSync(to, from);
    throw error;
  }
}

function moveAcrossDisks(from: string, to: string): void {
  try {
    fs.renameSync(from, to);
  } catch (error) {
    if ((error as { code?: unknown }).code !== 'EXDEV') throw error;
    fs.cpSync(from, to, { recursive: true });
  }
}

/** The backups in a folder (named marketplace-YYYYMMDD-HHMMSS.tar.gz), newest first. */
export function listBackups(dir: string): Array<{ file: string; takenAt: Date }> {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .flatMap((name) => {
      const m = ARCHIVE_NAME.exec(name);
      if (!m) return [];
      const [, y, mo, d, h, mi, s] = m.map(Number) as [number, number, number, number, number, number, number];
      return [{ file: path.join(dir, name), takenAt: new Date(Date.UTC(y, mo - 1, d, h, mi, s)) }];
    })
    .sort((a, b) => b.takenAt.getTime() - a.takenAt.getTime() || b.file.localeCompare(a.file));
}

/** Where backups go when no folder is named: BACKUP_DIR, or backups/ beside the database. */
export function backupFolder(env: { BACKUP_DIR?: string | undefined; dataDir: string }): string {
  return path.resolve(env.BACKUP_DIR ?? path.join(env.dataDir, 'backups'));
}

/** When the newest backup in `dir` was taken (null: none there, or no folder). For /metrics and the schedule. */
export function lastBackupAt(dir: string | undefined): Date | null {
  return dir ? (listBackups(dir)[0]?.takenAt ?? null) : null;
}

/**
 * Keeps the newest `keep` backups in `dir` and removes older ones, plus the half-written leftovers of
 * backups that were killed more than a day ago. Returns the removed backups.
 */
export function pruneBackups(dir: string, keep: number, now = new Date()): string[] {
  const removed = listBackups(dir).slice(keep).map((b) => b.file);
  for (const file of removed) fs.rmSync(file, { force: true });
  for (const name of fs.readdirSync(dir)) {
    if (!name.startsWith(STAGE_PREFIX)) continue;
    const full = path.join(dir, name);
    if (now.getTime() - fs.statSync(full).mtimeMs > 24 * HOUR_MS) fs.rmSync(full, { recursive: true, force: true });
  }
  return removed;
}

/** How long until the next scheduled backup is due. A backup dated in the future (the clock moved back) delays it by one interval at most. */
export function msUntilNextBackup(last: Date | null, now: Date, intervalMs: number): number {
  if (!last) return 0;
  return Math.min(Math.max(last.getTime() + intervalMs - now.getTime(), 0), intervalMs);
}

/** How the server runs the backup tool beside itself: the build's dist/server/cli/backup.js, or the source under tsx in development. */
export function backupToolArgs(entryUrl: string): string[] {
  const tool = new URL(entryUrl.endsWith('.ts') ? './cli/backup.ts' : './cli/backup.js', entryUrl);
  return [...process.execArgv, fileURLToPath(tool)];
}

interface BackupLog {
  info(message: string): void;
  error(message: string): void;
}

/**
 * The server's backups: when the newest one in `dir` is older than the interval (at start too), it
 * runs the backup tool as a child process at low priority, so copying, checking and compressing never
 * hold up requests, then removes backups beyond `keep`. It looks again at least hourly, so a backup
 * taken by hand counts, and a failed one is tried again within the hour.
 */
export function scheduleBackups(options: {
  dir: string;
  intervalHours: number;
  keep: number;
  tool: string[];
  log: BackupLog;
  /** Runs a due backup on one instance only (db/run-once.ts, several instances on PostgreSQL); default: runs it. */
  runOnce?: (backup: () => Promise<void>) => Promise<unknown>;
}): { stop(): void } {
  const intervalMs = options.intervalHours * HOUR_MS;
  let timer: NodeJS.Timeout | undefined;
  let child: ChildProcess | null = null;
  let stopped = false;

  const plan = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(() => void tick(), ms);
    timer.unref();
  };
  // Rejects when the backup failed, so that runOnce gives the period back and the next hourly wake-up retries.
  const run = () =>
    new Promise<void>((resolve, reject) => {
      let output = '';
      child = spawn(process.execPath, [...options.tool, options.dir], { stdio: ['ignore', 'pipe', 'pipe'] });
      if (child.pid) {
        try {
          os.setPriority(child.pid, 10);
        } catch {
          // Not allowed to lower it here: it still runs, only at normal priority.
        }
      }
      child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.on('error', (error) => (output += String(error)));
      child.on('close', (code, signal) => {
        child = null;
        if (code === 0) {
          try {
            const removed = pruneBackups(options.dir, options.keep);
            options.log.info(`[backup] ${output.trim()}${removed.length ? ` Removed ${removed.length} older backup(s).` : ''}`);
          } catch (error) {
            options.log.error(`[backup] written, but older backups in ${options.dir} could not be removed: ${String(error)}`);
          }
        } else if (!stopped) {
          reject(new Error(`${signal ?? `exit code ${code}`}. ${output.trim()}`.trim()));
          return;
        }
        resolve();
      });
    });
  const tick = async () => {
    const wait = msUntilNextBackup(lastBackupAt(options.dir), new Date(), intervalMs);
    if (wait === 0) {
      await (options.runOnce ? options.runOnce(run) : run()).catch((error: unknown) =>
        options.log.error(`[backup] the scheduled backup failed (${error instanceof Error ? error.message : String(error)}); trying again within the hour.`),
      );
    }
    plan(Math.min(wait || intervalMs, HOUR_MS));
  };
  plan(0);
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
      child?.kill('SIGTERM');
    },
  };
}

/** integrity_check's findings; a file too broken to check at all is one finding. */
async function integrityProblems(db: DB): Promise<string[]> {
  try {
    return await repo.integrityProblems(db);
  } catch (error) {
    if (isCorrupt(error)) return [(error as Error).message];
    throw error;
  }
}

function isCorrupt(error: unknown): boolean {
  const code = String((error as { code?: unknown }).code);
  return code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB';
}

/** Turns what the disk says into what the operator can do; other errors pass unchanged. */
function explain(error: unknown, place: string, action: 'backup' | 'restore'): unknown {
  if (error instanceof BackupError) return error;
  const code = (error as { code?: unknown }).code;
  const nothing = action === 'backup' ? 'No backup was written.' : 'Nothing was changed.';
  if (code === 'ENOSPC' || code === 'EDQUOT' || code === 'SQLITE_FULL') {
    return new BackupError(
      `The disk holding ${place} is full. Free some space${action === 'backup' ? ' (older backups there can go)' : ''} or ` +
        `use another folder, then run the ${action} again. ${nothing}`,
    );
  }
  if (cannotWrite(code)) {
    const reason = code === 'ENOTDIR' ? 'part of that path is a file, not a folder' : String(code);
    return new BackupError(
      `Cannot write to ${place} (${reason}). Use a folder this user (${os.userInfo().username}) can write to, or ` +
        `fix its permissions, then run the ${action} again. ${nothing}`,
    );
  }
  return error;
}

function cannotWrite(code: unknown): boolean {
  return ['EACCES', 'EPERM', 'EROFS', 'ENOTDIR', 'SQLITE_CANTOPEN', 'SQLITE_READONLY'].includes(String(code));
}

function isDiskOrPermission(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return code === 'ENOSPC' || code === 'EDQUOT' || cannotWrite(code);
}

/** A database file opened as a file, never created, with the given wait for SQLite's locks. */
function openFile(file: string, timeoutMs = 5000): DB {
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: new SQLite(file, { fileMustExist: true, timeout: timeoutMs }) }) });
}

/** The files under a folder, by their path inside it ("ab/cd.webp"), with their sizes. */
function listFiles(root: string): Array<{ name: string; bytes: number }> {
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const full = path.join(entry.parentPath, entry.name);
      return { name: path.relative(root, full).split(path.sep).join('/'), bytes: fs.statSync(full).size };
    });
}

/** "/uploads/ab/cd.webp" -> "ab/cd.webp", the file's path inside UPLOADS_DIR. */
function uploadName(url: string): string {
  return url.replace(/^\/uploads\//, '');
}

function isDirectory(file: string): boolean {
  return fs.statSync(file, { throwIfNoEntry: false })?.isDirectory() ?? false;
}

function stampOf(now: Date): string {
  return now.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
}

/** marketplace-YYYYMMDD-HHMMSS.tar.gz, with -2, -3... when two backups fall in one second. */
function freeName(dir: string, now: Date): string {
  const base = `marketplace-${stampOf(now)}`;
  for (let n = 1; ; n += 1) {
    const name = n === 1 ? `${base}.tar.gz` : `${base}-${n}.tar.gz`;
    if (!fs.existsSync(path.join(dir, name))) return name;
  }
}

/** Makes a file's contents (or a folder's renames) durable before anything relies on them. */
function fsyncPath(file: string): void {
  const fd = fs.openSync(file, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}
