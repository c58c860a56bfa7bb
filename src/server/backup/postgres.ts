import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { analyze, createPostgresDb } from '../db/client';
import { migrateToLatest } from '../db/migrate';
import { ARCHIVE_DUMP, ARCHIVE_UPLOADS, BackupError, type DatabaseCopy, explain, fsyncPath, type PgTools, readManifest, type RestoreSummary, stampOf, unpack } from './archive';
import * as repo from './backup.repository';
import { listFiles, uploadName } from './uploads';

// The PostgreSQL side of backups (DATABASE_URL): PostgreSQL's own pg_dump and pg_restore, run as child
// processes, and a restore into an empty database only.

/**
 * pg_dump in its custom format (compressed, restored by pg_restore), from the snapshot of a read-only
 * transaction that also counts the orders and lists the images: the dump and what the backup says of
 * it are one moment, while the instances keep writing. pg_restore --list then reads the whole dump back.
 */
export async function dumpPostgres(source: { url: string; tools?: PgTools }, work: string): Promise<DatabaseCopy> {
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

/**
 * A PostgreSQL backup goes into an empty database (DATABASE_URL): nothing there is overwritten, so
 * nothing needs keeping aside. pg_restore runs as one transaction (a failure leaves the database
 * empty), this version's migrations follow, then the uploads are swapped in as on SQLite.
 */
export async function restorePostgres(archive: string, database: { url: string; tools?: PgTools }, uploadsRoot: string | null, now: Date): Promise<RestoreSummary> {
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
