import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * No Docker engine runs on these machines, so this rebuilds the production image's runtime stage in a
 * temporary folder, from the Dockerfile's own lines: what its COPY lines take from the build stage
 * (node_modules pruned to production dependencies, dist/ from the build, package.json, the scripts),
 * its ENV (with /data moved into the folder), its CMD run by plain Node 24 with no tsx and no sources.
 * Then it does what docs/operations.md promises an operator there: /healthz, `npm run admin`, the scheduled
 * backup, `npm run backup`, and `npm run restore` (refused while the server runs, done once it stopped).
 */

const repo = path.resolve(import.meta.dirname, '../../..');

interface RuntimeStage {
  copies: Array<{ sources: string[]; dest: string }>;
  env: Record<string, string>;
  cmd: string[];
}

/** The Dockerfile's last stage: its COPY --from=build lines, ENV and CMD. */
function readRuntimeStage(): RuntimeStage {
  const lines = fs
    .readFileSync(path.join(repo, 'Dockerfile'), 'utf8')
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  const stage = lines.slice(lines.map((l) => l.startsWith('FROM ')).lastIndexOf(true));
  const stageInfo: RuntimeStage = { copies: [], env: {}, cmd: [] };
  for (const line of stage) {
    const [instruction, ...rest] = line.split(/\s+/);
    if (instruction === 'COPY' && rest[0] === '--from=build') {
      const paths = rest.slice(1);
      stageInfo.copies.push({ sources: paths.slice(0, -1), dest: paths.at(-1)! });
    } else if (instruction === 'ENV') {
      for (const pair of rest) {
        const [key, value] = pair.split('=') as [string, string];
        stageInfo.env[key] = value;
      }
    } else if (instruction === 'CMD') {
      stageInfo.cmd = JSON.parse(line.slice(4)) as string[];
    }
  }
  return stageInfo;
}

/**
 * compose.yaml's environment for the app, filled in as Docker Compose fills it from an operator's
 * .env: ${VAR:-default} and ${VAR:?message} take the .env value, or the default.
 */
function readComposeEnv(dotenv: Record<string, string>): Record<string, string> {
  const text = fs.readFileSync(path.join(repo, 'compose.yaml'), 'utf8');
  const app = text.slice(text.indexOf('\n  app:\n'), text.indexOf('\n  caddy:\n'));
  const block = app.slice(app.indexOf('\n    environment:\n')).split('\n').slice(2);
  const env: Record<string, string> = {};
  for (const line of block) {
    if (/^\s*#/.test(line)) continue;
    const match = /^ {6}([A-Z_]+): (.*)$/.exec(line);
    if (!match) break;
    const [, key, raw] = match as unknown as [string, string, string];
    env[key] = raw
      .replace(/^"(.*)"$/, '$1')
      .replace(/\$\{([A-Z_]+)(?::([-?])([^}]*))?\}/g, (_, name: string, kind?: string, rest?: string) => dotenv[name] ?? (kind === '-' ? (rest ?? '') : ''));
  }
  return env;
}

/** What `npm ci` then `npm prune --omit=dev` leave in node_modules: the lockfile's non-dev packages. */
function copyProductionModules(to: string): void {
  const lock = JSON.parse(fs.readFileSync(path.join(repo, 'package-lock.json'), 'utf8')) as { packages: Record<string, { dev?: boolean }> };
  for (const [key, meta] of Object.entries(lock.packages)) {
    if (!key.startsWith('node_modules/') || meta.dev) continue;
    if (key.slice('node_modules/'.length).includes('/node_modules/')) continue; // copied with its parent
    const from = path.join(repo, key);
    // Optional packages for other platforms (sharp's) are not installed here, nor would they be in the image.
    if (fs.existsSync(from)) fs.cpSync(from, path.join(to, key.slice('node_modules/'.length)), { recursive: true, verbatimSymlinks: true });
  }
}

/** Builds /app as the runtime stage has it. */
function buildLayout(root: string, stage: RuntimeStage): string {
  const app = path.join(root, 'app');
  const put = (source: string, dest: string) => {
    const relative = path.relative('/app', source);
    if (relative === 'node_modules') return copyProductionModules(dest);
    if (relative === 'dist') {
      // The Dockerfile's `npm run build`: the server half as it is (scripts/build-server.mjs); a stand-in
      // client, since the browser tests check the real one.
      const built = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: repo, env: { ...process.env, BUILD_DIR: dest }, encoding: 'utf8' });
      if (built.status !== 0) throw new Error(`build failed: ${built.stderr}`);
      fs.mkdirSync(path.join(dest, 'client'), { recursive: true });
      fs.writeFileSync(path.join(dest, 'client', 'index.html'), '<!doctype html><title>Marketplace</title><div id="root"></div>');
      return;
    }
    fs.cpSync(path.join(repo, relative), dest, { recursive: true });
  };
  for (const { sources, dest } of stage.copies) {
    const target = path.resolve(app, dest);
    for (const source of sources) put(source, dest.endsWith('/') ? path.join(target, path.basename(source)) : target);
  }
  return app;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

async function waitFor<T>(what: string, check: () => Promise<T | null> | T | null, deadlineMs = 30_000): Promise<T> {
  const until = Date.now() + deadlineMs;
  for (;;) {
    const found = await check();
    if (found !== null) return found;
    if (Date.now() > until) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the production image layout', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-image-'));
  const data = path.join(root, 'data');
  const backups = path.join(root, 'backups');
  let app: string;
  let env: NodeJS.ProcessEnv;
  let server: { child: ChildProcess; output: () => string } | null = null;
  let stage: RuntimeStage;

  // The operator's .env for compose.yaml.
  const dotenv = { DOMAIN: 'shop.example.test', ADMIN_EMAIL: 'owner@image.test', ADMIN_PASSWORD: 'owner-password' };

  /**
   * A shell of the container compose.yaml runs: the image's ENV, then compose's environment, with the
   * /data and /backups volumes here, and Node 24 first on PATH as in the node:24 image.
   */
  beforeAll(async () => {
    stage = readRuntimeStage();
    app = buildLayout(root, stage);
    const nodeDir = path.dirname(process.execPath);
    const systemPath = (process.env.PATH ?? '').split(path.delimiter).filter((p) => !p.includes('node_modules'));
    const volumes = (value: string) => value.replace(/^\/data\b/, data).replace(/^\/backups\b/, backups);
    env = {
      PATH: [nodeDir, ...systemPath].join(path.delimiter),
      HOME: process.env.HOME,
      ...Object.fromEntries(Object.entries({ ...stage.env, ...readComposeEnv(dotenv) }).map(([k, v]) => [k, volumes(v)])),
      // Loopback and a free port: the test's stand-in for the container's own network.
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
    };
  }, 60_000);

  afterAll(async () => {
    await stop();
    fs.rmSync(root, { recursive: true, force: true });
  });

  function start() {
    const [command, ...args] = stage.cmd;
    expect(command).toBe('node');
    const child = spawn(process.execPath, args, { cwd: app, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server = { child, output: () => output };
    return waitFor('/healthz', async () => {
      if (child.exitCode !== null) throw new Error(`the server exited: ${output}`);
      const res = await fetch(`http://127.0.0.1:${env.PORT}/healthz`).catch(() => null);
      return res?.ok ? res : null;
    });
  }

  async function stop() {
    const running = server?.child;
    server = null;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGTERM');
    await exited;
  }

  /** `npm run <script> -- args` in the image's folder, as an operator runs it there. */
  function npmRun(script: string, ...args: string[]) {
    const run = spawnSync('npm', ['run', '--silent', script, '--', ...args], { cwd: app, env, encoding: 'utf8' });
    return { status: run.status, out: `${run.stdout}${run.stderr}`.replace(/^npm warn.*\n/gm, '') };
  }

  it('is configured by compose.yaml with variables the server reads', () => {
    const known = fs.readFileSync(path.join(repo, 'src/server/env.ts'), 'utf8');
    const composeEnv = readComposeEnv(dotenv);
    expect(composeEnv).toMatchObject({ PUBLIC_URL: 'https://shop.example.test', TRUST_PROXY: '1', BACKUP_DIR: '/backups' });
    for (const key of Object.keys(composeEnv)) expect(known, key).toMatch(new RegExp(`\\n  ${key}: `));
    // Caddy forwards to the port the image listens on.
    expect(fs.readFileSync(path.join(repo, 'Caddyfile'), 'utf8')).toContain(`reverse_proxy app:${stage.env.PORT}`);
  });

  it('holds no sources, no tsx and no dev dependencies', () => {
    expect(fs.existsSync(path.join(app, 'src'))).toBe(false);
    expect(fs.existsSync(path.join(app, 'node_modules', 'tsx'))).toBe(false);
    expect(fs.existsSync(path.join(app, 'node_modules', 'vitest'))).toBe(false);
    for (const tool of ['admin', 'backup', 'restore', 'migrate-data', 'copy-uploads']) expect(fs.existsSync(path.join(app, 'dist/server/cli', `${tool}.js`))).toBe(true);
  });

  it('serves /healthz, runs the admin command and takes its first scheduled backup', async () => {
    await start();

    const granted = npmRun('admin', 'grant', 'owner@image.test');
    expect(granted.out).toContain('owner@image.test is now an admin');
    expect(granted.status).toBe(0);
    expect(npmRun('admin', 'grant', 'nobody@image.test').out).toContain('No account with the email nobody@image.test');

    // BACKUP_DIR is set and empty: the server takes a backup as it starts.
    const scheduled = await waitFor('the scheduled backup', () =>
      fs.existsSync(backups) ? (fs.readdirSync(backups).find((n) => n.endsWith('.tar.gz')) ?? null) : null,
    );
    expect(scheduled).toMatch(/^marketplace-\d{8}-\d{6}\.tar\.gz$/);
    await waitFor('its log line', () => (server!.output().includes('[backup] Backup written to') ? true : null));
  });

  it('takes a backup by hand, refuses to restore under the running server, restores once it stopped', async () => {
    const file = path.join(root, 'by-hand.tar.gz');
    const backup = npmRun('backup', file);
    expect(backup.out).toMatch(/^Backup written to .*by-hand\.tar\.gz: \d+ KB \(database \d+ KB with 0 orders, 0 upload files/);
    expect(backup.status).toBe(0);

    const refused = npmRun('restore', file);
    expect(refused.out).toContain('Stop it first');
    expect(refused.status).toBe(1);

    await stop();
    const restored = npmRun('restore', file);
    expect(restored.out).toContain(`Restored ${file}`);
    expect(restored.status).toBe(0);
    await start();
  });
});
