import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** A fingerprint of a folder: every file's path and content, to show that two folders hold the same or that nothing changed. */
export function folderFingerprint(dir: string): string {
  const hash = createHash('sha256');
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true }).sort((a, b) => a.parentPath.localeCompare(b.parentPath) || a.name.localeCompare(b.name))) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    hash.update(path.relative(dir, full)).update(fs.readFileSync(full));
  }
  return hash.digest('hex');
}
