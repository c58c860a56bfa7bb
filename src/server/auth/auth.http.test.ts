import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MemoryRateLimiter } from '../rate-limit';
import { createUser, TEST_PASSWORD } from '../testing/factories';
import { createTestEnv, type TestEnv } from '../testing/test-app';
import { type RawResponse, rawRequest, startTestServer, type TestServer } from '../testing/test-server';

/**
 * Sign-in limits and session ending against the real HTTP server: raw node:http requests, so paths
 * such as /auth/./callback reach the server exactly as an attacker would send them (fetch would
 * normalise them first). Each test starts its own server, so its rate limiter starts empty.
 */
let env: TestEnv;
let server: TestServer | null = null;

beforeAll(() => {
  env = createTestEnv();
});
afterEach(async () => {
  await server?.close();
  server = null;
});
afterAll(async () => {
  await env.db.destroy();
});

// Fewer attempts per account than the default 10, as RATE_LIMIT_SIGN_IN_ACCOUNT would set: each one
// pays for a password hash, and ten of them per case took 16 s on a loaded machine.
const ACCOUNT_LIMIT = 3;

async function startServer(accountLimit = ACCOUNT_LIMIT): Promise<void> {
  await server?.close();
  const limiter = new MemoryRateLimiter({ policies: { signInPerAccount: { limit: accountLimit, windowMs: 15 * 60_000 } } });
  server = await startTestServer({ limiter }, env);
}

/** One browser: a cookie jar over raw requests. */
class Device {
  private readonly cookies = new Map<string, string>();

  async request(method: string, path: string, options: { body?: string; headers?: Record<string, string> } = {}): Promise<RawResponse> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const reply = await rawRequest(server!.port, path, {
      method,
      body: options.body,
      headers: { ...(cookie ? { cookie } : {}), origin: `http://127.0.0.1:${server!.port}`, ...options.headers },
    });
    for (const line of reply.headers['set-cookie'] ?? []) {
      const pair = line.split(';')[0]!;
      const eq = pair.indexOf('=');
      const [name, value] = [pair.slice(0, eq), pair.slice(eq + 1)];
      if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return reply;
  }

  /** The session cookie as it is now, to replay later as a stolen or saved copy would be. */
  sessionCookie(): string | undefined {
    return this.cookies.get('authjs.session-token');
  }

  setSessionCookie(value: string): void {
    this.cookies.set('authjs.session-token', value);
  }

  async csrf(): Promise<string> {
    return (await this.request('GET', '/auth/csrf')).json<{ csrfToken: string }>().csrfToken;
  }

  /** Posts credentials in one of the shapes an attacker might try. */
  async signIn(email: string, password: string, shape: Shape = 'form', decoy = 'decoy@example.test'): Promise<RawResponse> {
    const csrfToken = await this.csrf();
    const path = shape === 'double-slash' ? '/auth//callback/credentials' : shape === 'dot' ? '/auth/./callback/credentials' : '/auth/callback/credentials';
    const json = shape === 'json';
    let body = json ? JSON.stringify({ email, password, csrfToken }) : new URLSearchParams({ email, password, csrfToken }).toString();
    // Auth.js reads the last of repeated fields; a limiter reading the first would count the decoy.
    if (shape === 'duplicate-email') body = `email=${encodeURIComponent(decoy)}&${body}`;
    return this.request('POST', path, {
      body,
      headers: { 'content-type': json ? 'application/json' : 'application/x-www-form-urlencoded', 'x-auth-return-redirect': '1' },
    });
  }

  async signOut(): Promise<RawResponse> {
    const csrfToken = await this.csrf();
    return this.request('POST', '/auth/signout', {
      body: new URLSearchParams({ csrfToken }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-auth-return-redirect': '1' },
    });
  }

  async me(): Promise<{ id: number; roles: string[] } | null> {
    return (await this.request('GET', '/api/trpc/auth.me')).json<{ result: { data: { id: number; roles: string[] } | null } }>().result.data;
  }

  query(path: string): Promise<RawResponse> {
    return this.request('GET', `/api/trpc/${path}`);
  }

  mutate(path: string, input?: unknown): Promise<RawResponse> {
    return this.request('POST', `/api/trpc/${path}`, {
      body: input === undefined ? '' : JSON.stringify(input),
      headers: { 'content-type': 'application/json' },
    });
  }
}

type Shape = 'form' | 'double-slash' | 'dot' | 'json' | 'duplicate-email';
const SHAPES: Shape[] = ['form', 'double-slash', 'dot', 'json', 'duplicate-email'];

function signedIn(reply: RawResponse): boolean {
  return reply.status === 200 && !reply.json<{ url: string }>().url.includes('error=');
}

async function newAccount(roles: ('buyer' | 'admin')[] = ['buyer']) {
  const email = `victim-${Math.random().toString(36).slice(2, 10)}@example.test`;
  const id = await createUser(env, { email, roles });
  return { id, email };
}

describe('sign-in limits hold whatever the request looks like', () => {
  // One case per shape: each pays for ACCOUNT_LIMIT password hashes.
  it.each(SHAPES)('a %s request counts against the account Auth.js checks', async (shape) => {
    await startServer();
    const victim = await newAccount();
    const attacker = new Device();
    for (let i = 0; i < ACCOUNT_LIMIT; i++) {
      const reply = await attacker.signIn(victim.email.toUpperCase(), 'wrong-password', shape, `decoy-${i}@example.test`);
      expect(signedIn(reply)).toBe(false);
    }
    const owner = await new Device().signIn(victim.email, TEST_PASSWORD);
    expect(owner.status).toBe(429);
    expect(owner.json<{ message: string }>().message).toBe('Too many sign-in attempts. Try again in 15 minutes.');
    expect(Number(owner.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('an account locked by the per-account limit stays locked for every request shape', async () => {
    await startServer();
    const victim = await newAccount();
    const attacker = new Device();
    for (let i = 0; i < ACCOUNT_LIMIT; i++) await attacker.signIn(victim.email, 'wrong-password');
    for (const shape of SHAPES) {
      const reply = await new Device().signIn(victim.email, TEST_PASSWORD, shape);
      expect(reply.status, shape).toBe(429);
    }
  });

  it('the per-client limit counts attempts on every path', async () => {
    await startServer();
    const account = await newAccount();
    const client = new Device();
    // Invalid emails never reach a password check, so these are cheap; they still count.
    const shapes: Shape[] = ['double-slash', 'dot', 'json'];
    for (let i = 0; i < 60; i++) await client.signIn(`not-an-email-${i}`, 'whatever1', shapes[i % shapes.length]);
    const reply = await client.signIn(account.email, TEST_PASSWORD);
    expect(reply.status).toBe(429);
    expect(client.sessionCookie()).toBeUndefined();
  });

  it('a correct password signs in through the ordinary form', async () => {
    await startServer();
    const account = await newAccount();
    const device = new Device();
    expect(signedIn(await device.signIn(account.email, TEST_PASSWORD))).toBe(true);
    expect((await device.me())?.id).toBe(account.id);
  });
});

describe('sessions end on the server', () => {
  it('a cookie saved before sign-out no longer works', async () => {
    await startServer();
    const account = await newAccount();
    const device = new Device();
    await device.signIn(account.email, TEST_PASSWORD);
    const saved = device.sessionCookie()!;
    expect((await device.me())?.id).toBe(account.id);

    await device.signOut();
    expect(device.sessionCookie()).toBeUndefined();
    const thief = new Device();
    thief.setSessionCookie(saved);
    expect(await thief.me()).toBeNull();
    expect((await thief.mutate('users.startTrial')).status).toBe(401);
  });

  it('a session past its expiry is refused, and Auth.js reports it signed out too', async () => {
    await startServer();
    const account = await newAccount();
    const device = new Device();
    await device.signIn(account.email, TEST_PASSWORD);
    expect((await device.request('GET', '/auth/session')).json<{ user?: unknown }>().user).toBeDefined();
    await env.db.updateTable('sessions').set({ created_at: '1999-12-01T00:00:00.000Z', expires_at: '2000-01-01T00:00:00.000Z' }).where('user_id', '=', account.id).execute();
    expect(await device.me()).toBeNull();
    expect((await device.request('GET', '/auth/session')).json()).toBeNull();
  });

  it('"Sign out of all devices" ends every session of the user, and only theirs', async () => {
    await startServer();
    const account = await newAccount();
    const other = await newAccount();
    const [laptop, phone, someoneElse] = [new Device(), new Device(), new Device()];
    await laptop.signIn(account.email, TEST_PASSWORD);
    await phone.signIn(account.email, TEST_PASSWORD);
    await someoneElse.signIn(other.email, TEST_PASSWORD);

    expect((await phone.mutate('auth.signOutEverywhere')).status).toBe(200);
    expect(await laptop.me()).toBeNull();
    expect(await phone.me()).toBeNull();
    expect((await someoneElse.me())?.id).toBe(other.id);
    // Signing in again works as before.
    await laptop.signIn(account.email, TEST_PASSWORD);
    expect((await laptop.me())?.id).toBe(account.id);
  });

  it('a password change ends the other sessions and keeps this one', async () => {
    // Two sign-ins, the change and two more sign-ins all check a password against this one account.
    await startServer(10);
    const account = await newAccount();
    const [laptop, phone] = [new Device(), new Device()];
    await laptop.signIn(account.email, TEST_PASSWORD);
    await phone.signIn(account.email, TEST_PASSWORD);

    const changed = await laptop.mutate('auth.changePassword', { currentPassword: TEST_PASSWORD, newPassword: 'new-secret-42' });
    expect(changed.status).toBe(200);
    expect((await laptop.me())?.id).toBe(account.id);
    expect(await phone.me()).toBeNull();
    expect(signedIn(await new Device().signIn(account.email, TEST_PASSWORD))).toBe(false);
    expect(signedIn(await new Device().signIn(account.email, 'new-secret-42'))).toBe(true);
  });

  it('an admin removing a role takes effect on the next request', async () => {
    await startServer();
    const boss = await newAccount(['admin']);
    const helper = await newAccount(['admin']);
    const [bossDevice, helperDevice] = [new Device(), new Device()];
    await bossDevice.signIn(boss.email, TEST_PASSWORD);
    await helperDevice.signIn(helper.email, TEST_PASSWORD);
    expect((await helperDevice.query('admin.stats')).status).toBe(200);

    expect((await bossDevice.mutate('admin.setAdmin', { userId: helper.id, isAdmin: false })).status).toBe(200);
    const refused = await helperDevice.query('admin.stats');
    expect(refused.status).toBe(403);
    expect(refused.json<{ error: { message: string } }>().error.message).toBe('Only admins can do this');
    expect((await helperDevice.me())?.roles).not.toContain('admin');
  });
});
