// The session-signing secret: generated beside a SQLite database, required on PostgreSQL (several
// instances must share it), and carried over when a shop moves from SQLite to PostgreSQL.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startPostgres, type TestPostgres } from '../../../scripts/services/postgres.mjs';
import { createShareHeadRenderer } from '../catalog/share-head';
import { createPostgresDb } from '../db/client';
import { copySqliteToPostgres } from '../db/copy-data';
import { rateLimiterFor } from '../rate-limits/shared-rate-limiter';
import { startServerProcess } from '../testing/server-process';
import { createUser } from '../testing/factories';
import { createTestEnv } from '../testing/test-app';
import { describeSqliteOnly } from '../testing/test-engine';
import { signInOverHttp, startTestServer } from '../testing/test-server';
import { authSecretFile, resolveAuthSecret } from './secret';

const folders: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auth-secret-'));
  folders.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
});

describe('resolveAuthSecret', () => {
  it('on SQLite, generates one into the data folder once and keeps it', () => {
    const dataDir = tempDir();
    const secret = resolveAuthSecret({ dataDir });
    expect(secret.length).toBeGreaterThanOrEqual(32);
    expect(fs.readFileSync(authSecretFile(dataDir), 'utf8').trim()).toBe(secret);
    expect(resolveAuthSecret({ dataDir })).toBe(secret);
    expect(resolveAuthSecret({ dataDir, AUTH_SECRET: 'configured-secret-0123456789' })).toBe('configured-secret-0123456789');
  });

  it('on PostgreSQL, requires AUTH_SECRET and generates nothing', () => {
    const dataDir = tempDir();
    const url = 'postgres://app@db.example.test/marketplace';
    expect(() => resolveAuthSecret({ dataDir, DATABASE_URL: url })).toThrow(
      `AUTH_SECRET must be set when DATABASE_URL is set: every instance signs and checks session cookies with it, so give all of them the same value. ` +
        `Moving from SQLite? Use the secret the old server generated, and nobody is signed out: AUTH_SECRET="$(cat ${authSecretFile(dataDir)})".`,
    );
    expect(fs.existsSync(authSecretFile(dataDir))).toBe(false);
    expect(resolveAuthSecret({ dataDir, DATABASE_URL: url, AUTH_SECRET: 'configured-secret-0123456789' })).toBe('configured-secret-0123456789');
  });

  it('the server on DATABASE_URL without AUTH_SECRET stops before it connects or listens', async () => {
    const dir = tempDir();
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as net.AddressInfo;
    await new Promise((resolve) => probe.close(resolve));
    const started = startServerProcess(path.join(dir, 'unused.sqlite'), { DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/x`, AUTH_SECRET: '' });
    await expect(started).rejects.toThrow(/server exited \(1\)[\s\S]*Failed to start: AUTH_SECRET must be set when DATABASE_URL is set/);
    expect(fs.readdirSync(dir).filter((name) => name !== 'client')).toEqual([]);
  }, 120_000);
});

// It reads the SQLite file of its own test environment, which exists in the SQLite run only.
describeSqliteOnly('moving from SQLite to PostgreSQL', () => {
  let server: TestPostgres | undefined;
  afterAll(async () => {
    await server?.stop();
  });

  it('keeps everybody signed in when AUTH_SECRET is the secret the SQLite server generated', async () => {
    server = await startPostgres({ database: 'secret_move' });
    const env = createTestEnv();
    const userId = await createUser(env, { email: 'stays@example.test' });
    const sqliteSecret = resolveAuthSecret({ dataDir: env.dir });
    const before = await startTestServer({ authSecret: sqliteSecret }, env);
    const session = await signInOverHttp(before.port, 'stays@example.test');
    await before.close();
    await env.db.destroy();

    const db = createPostgresDb(server.url, 2);
    try {
      await copySqliteToPostgres({ from: path.join(env.dir, 'db.sqlite'), to: db });
      const authSecret = resolveAuthSecret({ DATABASE_URL: server.url, AUTH_SECRET: fs.readFileSync(authSecretFile(env.dir), 'utf8').trim(), dataDir: tempDir() });
      const after = await startTestServer({ db, authSecret, limiter: rateLimiterFor(db), renderHead: createShareHeadRenderer(db) }, env);
      try {
        const reply = await fetch(`http://127.0.0.1:${after.port}/api/trpc/auth.me`, { headers: { cookie: session } });
        expect(((await reply.json()) as { result: { data: { id: number } | null } }).result.data?.id).toBe(userId);
      } finally {
        await after.close();
      }
    } finally {
      await db.destroy();
      fs.rmSync(env.dir, { recursive: true, force: true });
    }
  }, 120_000);
});
