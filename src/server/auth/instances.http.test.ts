// Two server instances on one database, as behind a load balancer (issue 12 item 4): a session ended
// through one is ended on the other, and on PostgreSQL a rate limit counts the requests of both.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../db/client';
import { rateLimiterFor } from '../rate-limits/shared-rate-limiter';
import { createUser } from '../testing/factories';
import { createTestEnv, type TestEnv } from '../testing/test-app';
import { secondHandle, testEngine } from '../testing/test-engine';
import { rawRequest, signInOverHttp, startTestServer, type TestServer } from '../testing/test-server';

const base = (server: TestServer) => `http://127.0.0.1:${server.port}`;

async function me(server: TestServer, cookie: string): Promise<{ id: number } | null> {
  const reply = await fetch(`${base(server)}/api/trpc/auth.me`, { headers: { cookie } });
  return ((await reply.json()) as { result: { data: { id: number } | null } }).result.data;
}

/** Signs out through `server` as the browser does (the CSRF token, then the form). */
async function signOut(server: TestServer, session: string): Promise<void> {
  const csrf = await fetch(`${base(server)}/auth/csrf`, { headers: { cookie: session } });
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const cookie = [session, ...csrf.headers.getSetCookie().map((c) => c.split(';')[0])].join('; ');
  const reply = await fetch(`${base(server)}/auth/signout`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-auth-return-redirect': '1', origin: base(server), cookie },
    body: new URLSearchParams({ csrfToken }).toString(),
  });
  expect(reply.status).toBe(200);
}

describe('two instances on one database', () => {
  let env: TestEnv;
  let otherDb: DB;
  let one: TestServer;
  let other: TestServer;
  // Two guest-tracking searches per client, whichever instance answers them.
  const limits = { policies: { guestTrackingPerClient: { limit: 2, windowMs: 60_000 } } };

  beforeAll(async () => {
    env = createTestEnv();
    otherDb = await secondHandle(env);
    one = await startTestServer({ limiter: rateLimiterFor(env.db, limits) }, env);
    other = await startTestServer({ db: otherDb, limiter: rateLimiterFor(otherDb, limits) }, env);
  });

  afterAll(async () => {
    await one.close();
    await other.close();
    await otherDb.destroy();
    await env.db.destroy();
  });

  it('a sign-out through one instance ends the session on the other', async () => {
    const userId = await createUser(env, { email: 'two-instances@example.test' });
    const session = await signInOverHttp(one.port, 'two-instances@example.test');
    expect((await me(other, session))?.id).toBe(userId);
    await signOut(one, session);
    expect(await me(other, session)).toBeNull();
    expect(await me(one, session)).toBeNull();
  });

  // SQLite runs one process (its limiter is in memory); PostgreSQL instances count in one table.
  it.skipIf(testEngine !== 'postgres')('a rate limit counts the requests of every instance', async () => {
    const track = '/api/trpc/orders.track?input=' + encodeURIComponent(JSON.stringify({ email: 'nobody@example.com' }));
    const statuses = [];
    for (const server of [one, other, one, other]) statuses.push((await rawRequest(server.port, track)).status);
    expect(statuses).toEqual([200, 200, 429, 429]);
  });
});
