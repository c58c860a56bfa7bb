// `npm start`: checks the Node version, builds what is not built (or is older than its sources),
// then runs the bundled server, which migrates the database and serves the app and the API.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { requireNode24 } from './node-version.mjs';

requireNode24();

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

// npm start is how operators run the app: production mode unless told otherwise (no stack traces in errors).
process.env.NODE_ENV ??= 'production';

const stamp = 'dist/.build-stamp';
const sources = ['src', 'db/migrations', 'index.html', 'public', 'vite.config.ts', 'package-lock.json'];
const hasSources = fs.existsSync('src');
const built = fs.existsSync(stamp) && fs.existsSync('dist/server/index.js') && fs.existsSync('dist/client/index.html');
const stale = hasSources && (!built || Math.max(...sources.map(newestMtime)) > fs.statSync(stamp).mtimeMs);
if (stale) {
  console.log(built ? 'Sources changed since the last build: building...' : 'No build yet: building...');
  execSync('npm run build', { stdio: 'inherit' });
}

await import(path.resolve('dist/server/index.js'));
