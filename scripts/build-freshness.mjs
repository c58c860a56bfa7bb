// Whether a build (dist/ or another BUILD_DIR) is older than the sources it is made from.
import fs from 'node:fs';
import path from 'node:path';

const SOURCES = ['src', 'db/migrations', 'index.html', 'public', 'vite.config.ts', 'package-lock.json'];

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** True when `build` has no build stamp or a source changed after it (scripts/build-server.mjs writes it last). */
export function buildIsOlderThanSources(build) {
  const stamp = path.join(build, '.build-stamp');
  if (!fs.existsSync(stamp)) return true;
  return Math.max(...SOURCES.map(newestMtime)) > fs.statSync(stamp).mtimeMs;
}
