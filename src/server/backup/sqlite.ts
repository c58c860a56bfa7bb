import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { createDb, type DB } from '../db/client';
import { migrateToLatest } from '../db/migrate';
import type { Database } from '../db/schema';
import { ARCHIVE_DB, ARCHIVE_UPLOADS, BackupError, type DatabaseCopy, explain, fsyncPath, readManifest, type RestoreSummary, stampOf, unpack } from './archive';
import * as repo from './backup.repository';
import { listFiles, moveAcrossDisks, uploadName } from './uploads';

// The SQLite side of backups: the file copied from one snapshot (vacuum into) and checked, and a restore
// that swaps files by renaming once every check has passed. It opens the files itself, below the app's
// Kysely connection.

/** The live database copied from one snapshot (vacuum into) into `work` and checked; the orders and images are read from the copy. */
export async function copySqlite(source: string, work: string): Promise<DatabaseCopy> {
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
 * Puts a backup's SQLite database and uploads in place of DATABASE_PATH and UPLOADS_DIR (`uploadsRoot`
 * null: STORAGE=s3, the images are in the bucket, which a restore leaves alone). It refuses while
 * anything has the database open, unpacks beside the data, checks the database (integrity_check, then
 * this version's migrations) and only then swaps by renaming, keeping the replaced data beside it.
 * Any failure before the swap leaves the current data untouched; a failed swap is undone.
 */
export async function restoreSqlite(archive: string, file: string, uploadsRoot: string | null, now: Date): Promise<RestoreSummary> {
  const target = path.resolve(file);
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

    const kept = swapIn({ stagedDb, target, uploads, stamp: stampOf(now) });
    return { manifest, missingImages: present ? urls.filter((url) => !present.has(uploadName(url))) : [], ...kept };
  } catch (error) {
    throw explain(error, dataDir, 'restore');
  } finally {
    fs.rmSync(stage, { recursive: true, force: true });
    if (uploadsStage) fs.rmSync(uploadsStage, { recursive: true, force: true });
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

/** A database file opened as a file, never created, with the given wait for SQLite's locks. */
function openFile(file: string, timeoutMs = 5000): DB {
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: new SQLite(file, { fileMustExist: true, timeout: timeoutMs }) }) });
}
