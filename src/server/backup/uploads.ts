import fs from 'node:fs';
import path from 'node:path';

// The uploads folder's part of a backup (STORAGE=local): its files, and the images the database names.

/** The files under a folder, by their path inside it ("ab/cd.webp"), with their sizes. */
export function listFiles(root: string): Array<{ name: string; bytes: number }> {
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
export function uploadName(url: string): string {
  return url.replace(/^\/uploads\//, '');
}

/** A rename, or a copy when `to` is on another disk (EXDEV). */
export function moveAcrossDisks(from: string, to: string): void {
  try {
    fs.renameSync(from, to);
  } catch (error) {
    if ((error as { code?: unknown }).code !== 'EXDEV') throw error;
    fs.cpSync(from, to, { recursive: true });
  }
}
