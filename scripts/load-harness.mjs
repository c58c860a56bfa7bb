// What the bench and the soak share: reading their options, the production server on a temporary
// database with every per-client rate limit raised through the operator's own variables, and a
// client that signs in through /auth as the browser does. Loopback only.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { serverEnv, serverNodeFlags } from './server-runtime.mjs';

/** `--name value` from the command line, or the fallback. */
export function readOption(args, name, fallback) {
  const i = args.indexOf(`--${name}`);
  return i === -1 ? fallback : args[i + 1];
}

/**
 * The server's environment for a load run in `dir`, built in `build`. One client (this machine's
 * loopback) sends everything, so each per-client limit is raised out of the way, as an operator would.
 */
export function loadRunEnv(dir, build, extra = {}) {
  return {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    DATABASE_PATH: path.join(dir, 'db.sqlite'),
    UPLOADS_DIR: path.join(dir, 'uploads'),
    CLIENT_DIST: path.join(build, 'client'),
    AUTH_SECRET: randomUUID() + randomUUID(),
    ...Object.fromEntries(
      ['SIGN_IN_ACCOUNT', 'SIGN_IN_CLIENT', 'SIGN_UP', 'GUEST_TRACKING', 'CHECKOUT', 'UPLOADS'].map((name) => [`RATE_LIMIT_${name}`, '999999999/1m']),
    ),
    ...extra,
  };
}

export function freePort() {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** A fetch that keeps the status, headers and text, sent with the same-site Origin a browser adds. */
export function createClient(base) {
  async function request(urlPath, { method = 'GET', headers = {}, body } = {}) {
    const res = await fetch(base + urlPath, { method, headers: { origin: base, ...headers }, body, redirect: 'manual' });
    return { status: res.status, headers: res.headers, text: await res.text() };
  }

  /** Signs in through /auth as the browser does, trying each password; returns the session cookie. */
  async function signIn(email, passwords) {
    for (const password of passwords) {
      const csrf = await request('/auth/csrf');
      const csrfCookie = csrf.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
      const res = await request('/auth/callback/credentials', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: csrfCookie, 'x-auth-return-redirect': '1' },
        body: new URLSearchParams({ csrfToken: JSON.parse(csrf.text).csrfToken, email, password }).toString(),
      });
      const session = res.headers.getSetCookie().map((c) => c.split(';')[0]).find((c) => c.startsWith('authjs.session-token='));
      if (session) return session;
    }
    throw new Error(`signing in as ${email} failed with ${passwords.length === 1 ? 'its password' : 'every known password'}`);
  }

  return { base, request, signIn };
}

export function trpcPath(procedure, input) {
  return `/api/trpc/${procedure}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`;
}

/**
 * Starts the built server on a free port with its output in `logFile`, and waits (a minute at most)
 * until /healthz answers and `alsoReady` (another check, e.g. a second server) is true.
 */
export async function startBuiltServer(build, env, logFile, alsoReady = async () => true, { nodeFlags = [] } = {}) {
  const port = await freePort();
  const log = fs.openSync(logFile, 'w');
  // With the memory settings `npm start` gives it (server-runtime.mjs).
  const server = spawn(process.execPath, [...serverNodeFlags(env), ...nodeFlags, path.join(build, 'server', 'index.js')], {
    env: serverEnv({ ...env, PORT: String(port) }),
    stdio: ['ignore', log, log],
  });
  // The server holds its own copy of the log's descriptor.
  fs.closeSync(log);
  let exit = null;
  server.on('exit', (code, signal) => (exit = signal ?? code));
  const client = createClient(`http://127.0.0.1:${port}`);
  for (let i = 0; ; i += 1) {
    if (exit !== null) throw new Error(`the server exited (${exit}) before answering: see ${logFile}`);
    if (i > 300) {
      server.kill('SIGTERM');
      throw new Error(`the server did not answer /healthz within a minute: see ${logFile}`);
    }
    const ok = await client.request('/healthz').then((r) => r.status === 200, () => false);
    if (ok && (await alsoReady())) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { server, client, exitCode: () => exit };
}
