import fs from 'node:fs';
import path from 'node:path';
import { contentTypeOf } from '../http/static';
import type { UploadStorage } from './storage';

/** A reason the copy cannot start or did not end right, worded for the operator. */
export class CopyUploadsError extends Error {}

export interface CopyUploadsResult {
  /** Files found in the folder (what the bucket must hold afterwards). */
  files: number;
  bytes: number;
  copied: number;
  copiedBytes: number;
  /** Already in the store with the same size. */
  skipped: number;
}

// What localStorage.put writes aside before its rename: half a file, never an upload.
const WRITE_IN_PROGRESS = /\.[0-9a-f]{12}\.tmp$/;
const CONCURRENCY = 8;

/**
 * Copies every file below `from` into `to` under its path as key (`ab/x.webp`), skipping keys the
 * store already holds with the same size, then checks that every key is there with its file's size.
 * Safe to run again: a second run copies only what is missing or differs.
 */
export async function copyUploads(options: { from: string; to: UploadStorage; onProgress?: (done: number, total: number) => void }): Promise<CopyUploadsResult> {
  const root = path.resolve(options.from);
  const stat = await fs.promises.stat(root).catch(() => null);
  if (!stat?.isDirectory()) throw new CopyUploadsError(`The uploads folder ${root} does not exist (set UPLOADS_DIR, or pass --from FOLDER).`);
  try {
    await options.to.check();
  } catch (error) {
    throw new CopyUploadsError(`${error instanceof Error ? error.message : String(error)}. Nothing was copied.`);
  }

  const files = await listFiles(root);
  const result: CopyUploadsResult = { files: files.length, bytes: 0, copied: 0, copiedBytes: 0, skipped: 0 };
  let done = 0;
  await eachConcurrently(files, async (file) => {
    result.bytes += file.size;
    if ((await options.to.size(file.key)) === file.size) {
      result.skipped += 1;
    } else {
      const data = await fs.promises.readFile(file.path);
      await options.to.put(file.key, data, contentTypeOf(file.key));
      result.copied += 1;
      result.copiedBytes += data.length;
    }
    options.onProgress?.(++done, files.length);
  });

  const wrong: string[] = [];
  let verifiedBytes = 0;
  await eachConcurrently(files, async (file) => {
    const stored = await options.to.size(file.key);
    if (stored === file.size) verifiedBytes += stored;
    else wrong.push(`${file.key} (${file.size} bytes here, ${stored === null ? 'missing' : `${stored} bytes`} in the store)`);
  });
  if (wrong.length > 0 || verifiedBytes !== result.bytes) {
    throw new CopyUploadsError(
      `Verification failed: ${wrong.length} of ${files.length} files are not in the ${options.to.description} with their size, e.g. ${wrong.slice(0, 3).join(', ')}. ` +
        'Run the command again; it copies only what is missing.',
    );
  }
  return result;
}

interface LocalFile {
  path: string;
  /** The path below the folder with `/` separators: the key and the part of the URL after /uploads/. */
  key: string;
  size: number;
}

async function listFiles(root: string): Promise<LocalFile[]> {
  const found: LocalFile[] = [];
  for (const entry of await fs.promises.readdir(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || WRITE_IN_PROGRESS.test(entry.name)) continue;
    const full = path.join(entry.parentPath, entry.name);
    found.push({ path: full, key: path.relative(root, full).split(path.sep).join('/'), size: (await fs.promises.stat(full)).size });
  }
  return found.sort((a, b) => a.key.localeCompare(b.key));
}

async function eachConcurrently<T>(items: readonly T[], work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, items.length) }, worker));
}
