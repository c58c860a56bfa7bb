import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as tar from 'tar';
import { ARCHIVE_UPLOADS, type BackupDatabase, BackupError, explain, fsyncPath, MANIFEST, type Manifest, type RestoreSummary, stampOf } from './archive';
import { dumpPostgres, restorePostgres } from './postgres';
import { copySqlite, restoreSqlite } from './sqlite';
import { listFiles, uploadName } from './uploads';

/**
 * Backups: the database and the uploads folder in one .tar.gz, taken while the server runs, and put
 * back by a restore that changes nothing until every check has passed. Used by `npm run backup`,
 * `npm run restore` and the server's schedule (BACKUP_DIR). On PostgreSQL (DATABASE_URL) the
 * database part is PostgreSQL's own `pg_dump --format=custom`, restored with `pg_restore` into an
 * empty database. This file is the one interface the CLI and the server use; each engine's side is in
 * sqlite.ts and postgres.ts, the archive's format in archive.ts, the uploads folder's in uploads.ts.
 */

// Defined in archive.ts, so that the engines need not import this file; their callers take them from here.
export { type BackupDatabase, BackupError };

const STAGE_PREFIX = '.marketplace-backup-';
const ARCHIVE_NAME = /^marketplace-(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})(?:-\d+)?\.tar\.gz$/;
const ARCHIVE_FILE = /\.(tar\.gz|tgz)$/;
// An upload deleted while a backup reads the folder (a shop being deleted, the orphan sweep) makes it
// start over from a fresh snapshot; three tries, then it says so.
const ATTEMPTS = 3;
const HOUR_MS = 3_600_000;

export interface BackupSummary {
  file: string;
  bytes: number;
  manifest: Manifest;
  /** Images the database refers to that were already missing from the uploads folder. */
  missingImages: string[];
}

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

function vanishedDuringPacking(error: unknown, work: string): boolean {
  const { code, path: where } = error as { code?: unknown; path?: unknown };
  return code === 'ENOENT' && typeof where === 'string' && where.startsWith(path.join(work, ARCHIVE_UPLOADS));
}

/**
 * Puts a backup in place of the database and UPLOADS_DIR (`uploadsDir` null: STORAGE=s3, the images
 * are in the bucket, which a restore leaves alone): on SQLite by swapping files once every check has
 * passed (sqlite.ts), on PostgreSQL into an empty database (postgres.ts). A refused or failed restore
 * leaves the current data as it was.
 */
export async function restoreBackup(options: { file: string; database: BackupDatabase; uploadsDir: string | null; now: Date }): Promise<RestoreSummary> {
  const archive = path.resolve(options.file);
  if (!fs.statSync(archive, { throwIfNoEntry: false })?.isFile()) {
    throw new BackupError(`No backup file at ${archive}. Give the path of a .tar.gz file written by "npm run backup". Nothing was changed.`);
  }
  const uploadsRoot = options.uploadsDir === null ? null : path.resolve(options.uploadsDir);
  if (options.database.engine === 'postgres') return restorePostgres(archive, options.database, uploadsRoot, options.now);
  return restoreSqlite(archive, options.database.file, uploadsRoot, options.now);
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

function isDirectory(file: string): boolean {
  return fs.statSync(file, { throwIfNoEntry: false })?.isDirectory() ?? false;
}

/** marketplace-YYYYMMDD-HHMMSS.tar.gz, with -2, -3... when two backups fall in one second. */
function freeName(dir: string, now: Date): string {
  const base = `marketplace-${stampOf(now)}`;
  for (let n = 1; ; n += 1) {
    const name = n === 1 ? `${base}.tar.gz` : `${base}-${n}.tar.gz`;
    if (!fs.existsSync(path.join(dir, name))) return name;
  }
}
