// One instance of the built app as a throw-away service, for runs with several instances behind
// balancer.mjs (tests/e2e-scale): the bundled server (BUILD_DIR, default dist) started as `npm start`
// starts it (server-runtime.mjs's memory settings), on a free 127.0.0.1 port, with a temporary folder
// for whatever it keeps locally, its output in a log file. stop() (or the process exiting or being
// interrupted) stops it and removes the folder.
import fs from 'node:fs';
import path from 'node:path';
import { serverEnv, serverNodeFlags } from '../server-runtime.mjs';
import { cleanupAtExit, freePort, makeTempDir, secondsSince, spawnService, stopAndRemove, stopChildSync } from './lifecycle.mjs';

/**
 * Starts the built server with `env` (DATABASE_URL, STORAGE, AUTH_SECRET…) on top of this process's
 * environment; resolves once /healthz answers.
 * @param {{ name: string, env: Record<string, string>, build?: string, logFile?: string, timeoutMs?: number }} options
 */
export async function startApp({ name, env, build = process.env.BUILD_DIR ?? 'dist', logFile, timeoutMs = 60_000 }) {
  const started = Date.now();
  const bundle = path.resolve(build, 'server', 'index.js');
  if (!fs.existsSync(bundle)) throw new Error(`No build at ${bundle}: run \`npm run build\` first.`);
  const dir = makeTempDir(`app-${name}`);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const processEnv = serverEnv({
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    // The instance's own files (an auth secret when none is given, the SQLite file when no DATABASE_URL).
    DATABASE_PATH: path.join(dir, 'db.sqlite'),
    UPLOADS_DIR: path.join(dir, 'uploads'),
    CLIENT_DIST: path.resolve(build, 'client'),
    ...env,
    PORT: String(port),
  });
  const healthy = () =>
    fetch(`${url}/healthz`)
      .then((response) => response.ok)
      .catch(() => false);
  const service = spawnService(process.execPath, [...serverNodeFlags(processEnv), bundle], { name: `app ${name} (${url})`, probe: healthy, timeoutMs, env: processEnv });
  const { child } = service;
  if (logFile) {
    const log = fs.createWriteStream(logFile);
    child.stdout.pipe(log);
    child.stderr.pipe(log);
  }
  const forget = cleanupAtExit(() => {
    stopChildSync(child, 'SIGTERM');
    fs.rmSync(dir, { recursive: true, force: true });
  });
  // SIGTERM: the server's graceful shutdown (SHUTDOWN_TIMEOUT_S), live streams end.
  const stop = () => stopAndRemove({ child, signal: 'SIGTERM', graceMs: 15_000, dir, forget });
  try {
    await service.started;
  } catch (error) {
    await stop();
    throw error;
  }
  return { name, url, port, dir, startSeconds: secondsSince(started), output: service.output, stop };
}
