import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../testing/factories';
import { createTestEnv, type TestEnv } from '../testing/test-app';
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
