// `npm start`: checks the Node version, builds what is not built (or is older than its sources),
// then runs the bundled server, which migrates the database and serves the app and the API.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildIsOlderThanSources } from './build-freshness.mjs';
import { requireNode24 } from './node-version.mjs';
import { serverEnv, serverNodeFlags } from './server-runtime.mjs';

requireNode24();

// The memory settings (server-runtime.mjs) are read when a process starts: without them, this same
// process (same pid, so signals and the exit code stay as they are) starts again with them.
const flags = serverNodeFlags(process.env, process.execArgv);
if ((flags.length > 0 || process.env.MALLOC_ARENA_MAX === undefined) && typeof process.execve === 'function') {
  process.execve(process.execPath, [process.execPath, ...process.execArgv, ...flags, ...process.argv.slice(1)], serverEnv());
}

// npm start is how operators run the app: production mode unless told otherwise (no stack traces in errors).
process.env.NODE_ENV ??= 'production';

const hasSources = fs.existsSync('src');
const built = fs.existsSync('dist/.build-stamp') && fs.existsSync('dist/server/index.js') && fs.existsSync('dist/client/index.html');
const stale = hasSources && (!built || buildIsOlderThanSources('dist'));
if (stale) {
  console.log(built ? 'Sources changed since the last build: building...' : 'No build yet: building...');
  execSync('npm run build', { stdio: 'inherit' });
}

await import(path.resolve('dist/server/index.js'));
