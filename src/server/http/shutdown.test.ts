import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { expect, it } from 'vitest';
import { createProduct, createShop, createUser, SHIPPING, TEST_PASSWORD } from '../testing/factories';
import { postTrpc, startServerProcess } from '../testing/server-process';
import { createTestEnv } from '../testing/test-app';
import { rawRequest } from '../testing/test-server';
import { describeSqliteOnly } from '../testing/test-engine';

// Graceful shutdown (issue "Run it for years"): the real server, sent SIGTERM while it works.

async function seed() {
  const env = createTestEnv();
  const shop = await createShop(env);
  const product = await createProduct(env, shop, { stock: 5 });
  const email = 'shutdown-buyer@example.test';
  await createUser(env, { email, roles: ['buyer'] });
  await env.db.destroy();
  return { file: path.join(env.dir, 'db.sqlite'), productId: product.id, email };
}

async function signIn(port: number, email: string): Promise<string> {
  const csrf = await rawRequest(port, '/auth/csrf');
  const csrfCookie = (csrf.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');
  const { csrfToken } = csrf.json<{ csrfToken: string }>();
  const signedIn = await rawRequest(port, '/auth/callback/credentials', {
    method: 'POST',
    headers: { cookie: csrfCookie, 'content-type': 'application/x-www-form-urlencoded', 'x-auth-return-redirect': '1' },
    body: new URLSearchParams({ email, password: TEST_PASSWORD, csrfToken }).toString(),
  });
  const session = (signedIn.headers['set-cookie'] ?? []).find((c) => c.startsWith('authjs.session-token='));
  if (!session) throw new Error(`sign-in failed: ${signedIn.status} ${signedIn.text}`);
  return session.split(';')[0]!;
}

/** A live stream (the buyer's orders screen): resolves with it once the server has opened it. */
function openLiveStream(port: number, cookie: string): Promise<{ text: () => string; ended: Promise<void> }> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: '/api/trpc/orders.onMineChanged', headers: { cookie }, agent: false }, (res) => {
      let text = '';
      const ended = new Promise<void>((done) => res.on('end', done));
      res.on('data', (chunk: Buffer) => {
        const first = text === '';
        text += chunk.toString('utf8');
        if (first) resolve({ text: () => text, ended });
      });
    });
    req.on('error', reject);
  });
}

/** Whether a new connection is turned away: refused, or reset when it reached the port as it closed. */
function connectionRefused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path: '/healthz', agent: false }, (res) => {
      res.resume();
      resolve(false);
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED' || error.code === 'ECONNRESET'));
  });
}

// SQLite only for now: the server process is started on the environment's SQLite file.
describeSqliteOnly('graceful shutdown', () => {
  it('on SIGTERM finishes the request in flight, ends live streams, refuses new connections, closes the database and exits 0', async () => {
    const { file, productId, email } = await seed();
    const server = await startServerProcess(file, { SHUTDOWN_TIMEOUT_S: '60' });
    const cookie = await signIn(server.port, email);
    const stream = await openLiveStream(server.port, cookie);

    const checkout = postTrpc(
      server.port,
      'orders.checkout',
      { items: [{ productId, quantity: 1, color: null, size: null }], shipping: SHIPPING, attemptKey: 'shutdown-test-attempt-0001' },
      {
        cookie,
        // The server holds the request (headers read, body awaited) when SIGTERM arrives; the body
        // follows only once the server has begun shutting down.
        hold: async () => {
          server.child.kill('SIGTERM');
          await server.logged(/SIGTERM: shutting down/);
          expect(await connectionRefused(server.port)).toBe(true);
        },
      },
    );

    const answer = await checkout;
    expect(answer.status).toBe(200);
    expect(answer.body.result?.data).toMatchObject({ orders: [{ total: expect.any(Number) }] });
    // The stream was cut as a dropped connection is (no completion event), so the browser reconnects.
    await stream.ended;
    expect(stream.text()).not.toContain('event: return');
    expect(await server.exited).toEqual({ code: 0, signal: null });
    // SQLite removes the write-ahead log when the last connection closes cleanly.
    expect(fs.existsSync(`${file}-wal`)).toBe(false);
    expect(server.output()).not.toMatch(/"level":50|Error/);
    // The checkout's request line, logged as the process was ending, was written before it exited.
    expect(server.output()).toMatch(/"procedures":\["orders\.checkout"\],"status":200,/);
  });

  it('cuts what is still running when SHUTDOWN_TIMEOUT_S is up, and still exits 0', async () => {
    const { file, productId } = await seed();
    const server = await startServerProcess(file, { SHUTDOWN_TIMEOUT_S: '0' });
    const never = new Promise<void>(() => {});
    const stuck = postTrpc(
      server.port,
      'orders.checkout',
      { items: [{ productId, quantity: 1, color: null, size: null }], shipping: SHIPPING },
      {
        hold: () => {
          server.child.kill('SIGTERM');
          return never;
        },
      },
    );
    await expect(stuck).rejects.toThrow(/socket hang up|ECONNRESET/);
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(server.output()).toMatch(/still running at shutdown/);
  });
});
