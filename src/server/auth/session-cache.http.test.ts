// The session cache (issue 22): a signed-in request reads its session and account from memory, and
// whatever ends a session or changes what the account may do takes effect on the very next request,
// on the instance that wrote it and on another one serving the same database (SQLite: a second
// connection, as a second process holds, heard through data_version; PostgreSQL: two linked
// instances, heard through the triggers' notifications).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../db/client';
import { createShop, createUser, TEST_PASSWORD } from '../testing/factories';
import { type Instance, mutateOn, startInstance } from '../testing/instances';
import { createTestEnv, type TestEnv } from '../testing/test-app';
import { secondHandle, testEngine } from '../testing/test-engine';
import { signInOverHttp } from '../testing/test-server';

const base = (instance: Instance) => `http://127.0.0.1:${instance.server.port}`;

/** What the tests read of an answer: a dashboard's shop, auth.me's roles. */
interface Answer {
  shop: { hiddenByAdmin: boolean };
  roles: string[];
}

async function query(instance: Instance, path: string, cookie: string, input?: unknown): Promise<{ status: number; data: Answer }> {
  const search = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
  const reply = await fetch(`${base(instance)}/api/trpc/${path}${search}`, { headers: { cookie } });
  const body = (await reply.json()) as { result?: { data: Answer } };
  return { status: reply.status, data: body.result?.data as Answer };
}

/** Signs out through `instance` as the browser does (the CSRF token, then the form). */
async function signOut(instance: Instance, session: string): Promise<void> {
  const csrf = await fetch(`${base(instance)}/auth/csrf`, { headers: { cookie: session } });
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const cookie = [session, ...csrf.headers.getSetCookie().map((c) => c.split(';')[0])].join('; ');
  const reply = await fetch(`${base(instance)}/auth/signout`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-auth-return-redirect': '1', origin: base(instance), cookie },
    body: new URLSearchParams({ csrfToken }).toString(),
  });
  expect(reply.status).toBe(200);
}

describe('the session cache, on two instances of one database', () => {
  let env: TestEnv;
  let otherDb: DB;
  let one: Instance;
  let other: Instance;
  let adminCookie: string;
  let emails = 0;

  beforeAll(async () => {
    env = createTestEnv();
    otherDb = await secondHandle(env);
    one = await startInstance(env, env.db);
    other = await startInstance(env, otherDb);
    await createUser(env, { email: 'cache-admin@example.test', roles: ['admin'] });
    adminCookie = await signInOverHttp(one.server.port, 'cache-admin@example.test');
  });

  afterAll(async () => {
    await one.stop();
    await other.stop();
    await otherDb.destroy();
    await env.db.destroy();
  });

  /** A new buyer signed in `sessions` times (through `one`): its id and cookies, each already verified by both instances. */
  async function signedInBuyer(sessions = 1, roles: Array<'admin' | 'shopkeeper'> = []) {
    const email = `cache-${++emails}@example.test`;
    const id = await createUser(env, { email, roles });
    const cookies: string[] = [];
    for (let i = 0; i < sessions; i++) cookies.push(await signInOverHttp(one.server.port, email));
    for (const cookie of cookies) for (const instance of [one, other]) expect((await query(instance, 'orders.mine', cookie, {})).status).toBe(200);
    return { id, email, cookies };
  }

  it('answers a verified session from memory: a change no writer reports is not seen', async () => {
    const { id, cookies } = await signedInBuyer();
    // Triggers off and a spelling the driver does not take for the sessions table: only a cache could still find the session.
    await env.db.transaction().execute(async (trx) => {
      if (testEngine === 'postgres') await sql`set local session_replication_role = replica`.execute(trx);
      await sql`DELETE FROM ${sql.raw(testEngine === 'postgres' ? 'public' : 'main')}.sessions WHERE user_id = ${id}`.execute(trx);
    });
    expect((await query(one, 'orders.mine', cookies[0]!, {})).status).toBe(200);
    // SQLite: the other connection sees that a commit happened (data_version), whatever it was, and reads again.
    expect((await query(other, 'orders.mine', cookies[0]!, {})).status).toBe(testEngine === 'postgres' ? 200 : 401);
  });

  it('a sign-out takes effect on the next request, on both instances', async () => {
    const { cookies } = await signedInBuyer();
    await signOut(one, cookies[0]!);
    expect((await query(other, 'orders.mine', cookies[0]!, {})).status).toBe(401);
    expect((await query(one, 'orders.mine', cookies[0]!, {})).status).toBe(401);
  });

  it('a password change ends the other sessions on the next request, on both instances, and keeps its own', async () => {
    const { cookies } = await signedInBuyer(2);
    const [mine, elsewhere] = cookies as [string, string];
    expect(await mutateOn(one, 'auth.changePassword', mine, { currentPassword: TEST_PASSWORD, newPassword: 'brand-new-1' })).toBe(200);
    expect((await query(other, 'orders.mine', elsewhere, {})).status).toBe(401);
    expect((await query(one, 'orders.mine', elsewhere, {})).status).toBe(401);
    expect((await query(other, 'orders.mine', mine, {})).status).toBe(200);
  });

  it("an admin's suspension (issue 49) ends the account's sessions on its next request to the other instance; its sign-in says why", async () => {
    const { id, email, cookies } = await signedInBuyer(2);
    expect(await mutateOn(one, 'admin.suspend', adminCookie, { userId: id, reason: 'Fake orders' })).toBe(200);
    for (const cookie of cookies) for (const instance of [other, one]) expect((await query(instance, 'orders.mine', cookie, {})).status).toBe(401);
    const base = `http://127.0.0.1:${other.server.port}`;
    const csrf = await fetch(`${base}/auth/csrf`);
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const reply = await fetch(`${base}/auth/callback/credentials`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-auth-return-redirect': '1', origin: base, cookie: csrf.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ') },
      body: new URLSearchParams({ csrfToken, email, password: TEST_PASSWORD }).toString(),
    });
    expect(reply.status).toBe(403);
    expect(await reply.json()).toEqual({ message: 'This account is suspended. Contact support.' });
    expect(await mutateOn(other, 'admin.unsuspend', adminCookie, { userId: id })).toBe(200);
    const again = await signInOverHttp(other.server.port, email);
    expect((await query(one, 'orders.mine', again, {})).status).toBe(200);
  });

  it('"sign out of all devices" ends every session on the next request, on both instances', async () => {
    const { cookies } = await signedInBuyer(2);
    expect(await mutateOn(other, 'auth.signOutEverywhere', cookies[0]!)).toBe(200);
    for (const cookie of cookies) for (const instance of [one, other]) expect((await query(instance, 'orders.mine', cookie, {})).status).toBe(401);
  });

  it("an admin's removal of a role takes effect on the next request, on both instances", async () => {
    const { id, cookies } = await signedInBuyer(1, ['admin']);
    for (const instance of [one, other]) expect((await query(instance, 'admin.stats', cookies[0]!)).status).toBe(200);
    expect(await mutateOn(one, 'admin.setAdmin', adminCookie, { userId: id, isAdmin: false })).toBe(200);
    expect((await query(other, 'admin.stats', cookies[0]!)).status).toBe(403);
    expect((await query(one, 'admin.stats', cookies[0]!)).status).toBe(403);
    expect((await query(other, 'auth.me', cookies[0]!)).data.roles).not.toContain('admin');
  });

  it("a takedown shows in the owner's next request, on both instances", async () => {
    const { id, cookies } = await signedInBuyer(1, ['shopkeeper']);
    const shop = await createShop(env, { owner: id });
    for (const instance of [one, other]) expect((await query(instance, 'shops.dashboard', cookies[0]!)).data.shop.hiddenByAdmin).toBe(false);
    expect(await mutateOn(one, 'admin.setShopActive', adminCookie, { id: shop.id, isActive: false })).toBe(200);
    expect((await query(other, 'shops.dashboard', cookies[0]!)).data.shop.hiddenByAdmin).toBe(true);
    expect((await query(one, 'shops.dashboard', cookies[0]!)).data.shop.hiddenByAdmin).toBe(true);
  });
});
