import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';

/**
 * The real server in a process of its own, for what only a process shows: a SIGKILL, a SIGTERM and
 * its exit code. It is bundled as `npm run build` bundles it (scripts/build-server.mjs), once per test
 * file, into a temporary folder that links to node_modules so its external packages resolve: starting
 * the bundle takes a second where tsx would compile every file first.
 */
let bundled: Promise<string> | null = null;

function bundleServer(): Promise<string> {
  bundled ??= (async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-server-'));
    fs.symlinkSync(path.resolve('node_modules'), path.join(dir, 'node_modules'), 'dir');
    await build({
      entryPoints: { index: 'src/server/index.ts' },
      outdir: dir,
      outExtension: { '.js': '.mjs' },
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node24',
      packages: 'external',
      logLevel: 'warning',
    });
    return path.join(dir, 'index.mjs');
  })();
  return bundled;
}

export interface ServerProcess {
  port: number;
  child: ChildProcess;
  /** Everything the server wrote so far (its log). */
  output(): string;
  /** Resolves once the log matches. */
  logged(pattern: RegExp): Promise<void>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts the server on `databasePath` (port 0, loopback), resolving once it listens. */
export async function startServerProcess(databasePath: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const entry = await bundleServer();
  const dir = path.dirname(databasePath);
  const clientDist = path.join(dir, 'client');
  fs.mkdirSync(clientDist, { recursive: true });
  fs.writeFileSync(path.join(clientDist, 'index.html'), '<!doctype html><title>Marketplace</title>');
  const child = spawn(process.execPath, [entry], {
    // Only what the test decides: nothing of the developer's own environment leaks in.
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: '0',
      DATABASE_PATH: databasePath,
      UPLOADS_DIR: path.join(dir, 'uploads'),
      CLIENT_DIST: clientDist,
      AUTH_SECRET: 'server-process-test-secret-0123456789',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const waiting = new Set<{ pattern: RegExp; resolve: () => void }>();
  const onData = (chunk: Buffer) => {
    log += chunk.toString('utf8');
    for (const wait of waiting) {
      if (wait.pattern.test(log)) {
        waiting.delete(wait);
        wait.resolve();
      }
    }
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const logged = (pattern: RegExp) =>
    new Promise<void>((resolve, reject) => {
      if (pattern.test(log)) return resolve();
      waiting.add({ pattern, resolve });
      void exited.then(({ code, signal }) => reject(new Error(`server exited (${code ?? signal}) before logging ${pattern}:\n${log}`)));
    });
  await logged(/listening on http:\/\/127\.0\.0\.1:\d+/);
  const port = Number(/listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(log)?.[1]);
  return { port, child, output: () => log, logged, exited };
}

export interface TrpcAnswer {
  status: number;
  body: { result?: { data: unknown }; error?: { message: string; data?: { code?: string } } };
}

/**
 * One tRPC mutation over its own connection. `localAddress` picks the loopback address it comes from
 * (127.0.0.0/8 is all loopback on Linux), so many clients can be told apart by the rate limits.
 * `sent` is called once the server has the request's headers and is waiting for the body, before
 * `body` is written; `hold` delays writing it.
 */
export function postTrpc(
  port: number,
  procedure: string,
  input: unknown,
  options: { localAddress?: string; hold?: () => Promise<void>; cookie?: string } = {},
): Promise<TrpcAnswer> {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify(input);
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: `/api/trpc/${procedure}`,
        method: 'POST',
        localAddress: options.localAddress,
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          ...(options.cookie ? { cookie: options.cookie } : {}),
          // The server answers 100 Continue once it holds the request: only then is the body sent.
          ...(options.hold ? { expect: '100-continue' } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          try {
            resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as TrpcAnswer['body'] });
          } catch (error) {
            reject(error instanceof Error ? error : new Error(String(error)));
          }
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (options.hold) {
      const hold = options.hold;
      req.once('continue', () => void hold().then(() => req.end(body), reject));
      req.flushHeaders();
    } else {
      req.end(body);
    }
  });
}
