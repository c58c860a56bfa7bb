import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, TEST_PASSWORD } from '../testing/factories';
import { createTestEnv, type TestEnv } from '../testing/test-app';
import { startSession } from './auth.service';
import { verifyPassword } from './password';

let env: TestEnv;
beforeAll(() => {
  env = createTestEnv();
});
afterAll(async () => {
  await env.db.destroy();
});

const valid = { fullName: 'Ayesha Khan', phone: '+92 300 1234567', email: 'Ayesha@Example.com', password: 'secret1' };

async function countUsers() {
  const row = await env.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('auth.signUp', () => {
  it('creates the account and its profile with a hashed password and no role yet', async () => {
    await env.as(null).auth.signUp(valid);
    const user = await env.db
      .selectFrom('users')
      .innerJoin('profiles', 'profiles.user_id', 'users.id')
      .selectAll()
      .where('email', '=', 'ayesha@example.com')
      .executeTakeFirstOrThrow();
    expect(user.full_name).toBe('Ayesha Khan');
    expect(user.role_selected).toBe(0);
    expect(user.password_hash).not.toContain('secret1');
    expect(await verifyPassword('secret1', user.password_hash)).toBe(true);
  });

  it('refuses a duplicate email, whatever its case, and writes nothing', async () => {
    const before = await countUsers();
    await expect(env.as(null).auth.signUp({ ...valid, email: 'AYESHA@example.com' })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining('already registered'),
    });
    expect(await countUsers()).toBe(before);
  });

  it("refuses bad input with the spec's messages", async () => {
    const before = await countUsers();
    await expect(env.as(null).auth.signUp({ ...valid, email: 'not-an-email' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Invalid email address',
    });
    await expect(env.as(null).auth.signUp({ ...valid, email: 'b@example.com', password: '123' })).rejects.toMatchObject({
      message: 'Password must be at least 6 characters',
    });
    await expect(env.as(null).auth.signUp({ ...valid, email: 'c@example.com', fullName: '' })).rejects.toMatchObject({
      message: 'Full name is required',
    });
    expect(await countUsers()).toBe(before);
  });

  it('is rate-limited per client', async () => {
    const caller = env.as(null, '10.9.9.9');
    let refused: unknown = null;
    for (let i = 0; i < 40 && !refused; i++) {
      try {
        await caller.auth.signUp({ ...valid, email: 'x' });
      } catch (error) {
        if (error instanceof TRPCError && error.code === 'TOO_MANY_REQUESTS') refused = error;
      }
    }
    expect(refused).toBeInstanceOf(TRPCError);
  });
});

describe('auth.me', () => {
  it('is null for a guest or an unknown session', async () => {
    expect(await env.as(null).auth.me()).toBeNull();
    expect(await env.as(424242).auth.me()).toBeNull();
  });

  it('describes the user, roles, shop and trial', async () => {
    const id = await createUser(env, { roles: ['shopkeeper', 'buyer'], trialStartAt: new Date(env.clock.now.getTime() - 20 * 60_000) });
    const me = await env.as(id).auth.me();
    expect(me).toMatchObject({ id, roles: ['buyer', 'shopkeeper'], shop: null, trialExpired: true, trialMinutes: 10 });
    expect(me).not.toHaveProperty('password_hash');
  });
});

describe('auth.changePassword and auth.signOutEverywhere', () => {
  async function sessionsOf(userId: number) {
    return (await env.db.selectFrom('sessions').select('id').where('user_id', '=', userId).execute()).length;
  }
  async function hashOf(userId: number) {
    return (await env.db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirstOrThrow()).password_hash;
  }

  it('refuses a wrong current password and changes nothing', async () => {
    const id = await createUser(env);
    await startSession(env.db, id, env.clock.now);
    const before = await hashOf(id);
    await expect(env.as(id).auth.changePassword({ currentPassword: 'not-it', newPassword: 'brand-new-1' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Current password is incorrect',
    });
    expect(await hashOf(id)).toBe(before);
    expect(await sessionsOf(id)).toBe(1);
  });

  it("refuses a short new password with the spec's message, and guests", async () => {
    const id = await createUser(env);
    await expect(env.as(id).auth.changePassword({ currentPassword: TEST_PASSWORD, newPassword: '123' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Password must be at least 6 characters',
    });
    await expect(env.as(null).auth.changePassword({ currentPassword: TEST_PASSWORD, newPassword: 'brand-new-1' })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
  });

  it('stores the new password and ends the sessions of that user only', async () => {
    const [id, other] = [await createUser(env), await createUser(env)];
    await startSession(env.db, id, env.clock.now);
    await startSession(env.db, other, env.clock.now);
    await env.as(id).auth.changePassword({ currentPassword: TEST_PASSWORD, newPassword: 'brand-new-1' });
    expect(await verifyPassword('brand-new-1', await hashOf(id))).toBe(true);
    expect(await sessionsOf(id)).toBe(0);
    expect(await sessionsOf(other)).toBe(1);
  });

  it('counts current-password checks against the account, like sign-in', async () => {
    const id = await createUser(env);
    const caller = env.as(id);
    for (let i = 0; i < 10; i++) await expect(caller.auth.changePassword({ currentPassword: 'guess', newPassword: 'brand-new-1' })).rejects.toThrow();
    await expect(caller.auth.changePassword({ currentPassword: TEST_PASSWORD, newPassword: 'brand-new-1' })).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: 'Too many sign-in attempts. Try again in 15 minutes.',
    });
  });

  it('"Sign out of all devices" ends every session of the caller and no one else\'s', async () => {
    const [id, other] = [await createUser(env), await createUser(env)];
    for (const user of [id, id, other]) await startSession(env.db, user, env.clock.now);
    await env.as(id).auth.signOutEverywhere();
    expect(await sessionsOf(id)).toBe(0);
    expect(await sessionsOf(other)).toBe(1);
    await expect(env.as(null).auth.signOutEverywhere()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});
