import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as tar from 'tar';
import { z } from 'zod';

// The backup archive both engines write and read: what it holds, how it is unpacked and checked, and
// how the disk's refusals are put to the operator. backup.service.ts is what the CLI and the server call.

/** A failure the operator can act on: its message says what happened and what to do. */
export class BackupError extends Error {
  override name = 'BackupError';
}

export const MANIFEST = 'backup.json';
export const ARCHIVE_DB = 'database.sqlite';
export const ARCHIVE_DUMP = 'database.dump';
export const ARCHIVE_UPLOADS = 'uploads';

const manifestSchema = z.object({
  format: z.literal('marketplace-backup'),
  version: z.number().int(),
  createdAt: z.string(),
  orders: z.number().int(),
  // Backups written before PostgreSQL existed say nothing of the engine: SQLite.
  database: z.object({ bytes: z.number().int(), engine: z.enum(['sqlite', 'postgres']).default('sqlite') }),
  uploads: z.object({ files: z.number().int(), bytes: z.number().int() }),
});

export type Manifest = z.infer<typeof manifestSchema>;

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

/** The database part of a backup: its file in the archive, and what the summary and the image check read from the same snapshot. */
export interface DatabaseCopy {
  entry: string;
  orders: number;
  urls: string[];
}

export async function unpack(archive: string, stage: string): Promise<void> {
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
export function readManifest(archive: string, stage: string, engine: BackupDatabase['engine']): Manifest {
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

/** Turns what the disk says into what the operator can do; other errors pass unchanged. */
export function explain(error: unknown, place: string, action: 'backup' | 'restore'): unknown {
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

export function stampOf(now: Date): string {
  return now.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
}

/** Makes a file's contents (or a folder's renames) durable before anything relies on them. */
export function fsyncPath(file: string): void {
  const fd = fs.openSync(file, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}
