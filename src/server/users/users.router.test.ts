import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../testing/factories';
import { createTestEnv, type TestEnv } from '../testing/test-app';
import { adminBootstrapMessage, bootstrapAdmin, grantAdmin } from './users.service';

let env: TestEnv;
beforeAll(() => {
  env = createTestEnv();
});
afterAll(async () => {
  await env.db.destroy();
});

async function profile(id: number) {
  return env.db.selectFrom('profiles').selectAll().where('user_id', '=', id).executeTakeFirstOrThrow();
}
async function roles(id: number) {
  return (await env.db.selectFrom('user_roles').select('role').where('user_id', '=', id).orderBy('role').execute()).map((r) => r.role);
}

describe('users.chooseRole', () => {
  it('makes a shopkeeper: role row, role_selected and the trial clock', async () => {
    const id = await createUser(env);
    await env.as(id).users.chooseRole({ role: 'shopkeeper' });
    const p = await profile(id);
    expect(p.role_selected).toBe(1);
    expect(p.trial_start_at).toBe(env.clock.now.toISOString());
    expect(await roles(id)).toEqual(['shopkeeper']);
  });

  it('makes a buyer without starting a trial, and choosing twice is harmless', async () => {
    const id = await createUser(env);
    await env.as(id).users.chooseRole({ role: 'buyer' });
    await env.as(id).users.chooseRole({ role: 'buyer' });
    expect((await profile(id)).trial_start_at).toBeNull();
    expect(await roles(id)).toEqual(['buyer']);
  });

  it('never restarts a trial that has already started', async () => {
    const started = new Date('2026-05-01T00:00:00.000Z');
    const id = await createUser(env, { roles: ['shopkeeper'], trialStartAt: started });
    await env.as(id).users.chooseRole({ role: 'shopkeeper' });
    expect((await profile(id)).trial_start_at).toBe(started.toISOString());
  });

  it('refuses the admin role and guests', async () => {
    const id = await createUser(env);
    // @ts-expect-error admin is not a self-service role
    await expect(env.as(id).users.chooseRole({ role: 'admin' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(env.as(null).users.chooseRole({ role: 'buyer' })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect(await roles(id)).toEqual([]);
  });
});

describe('users.toggleRole', () => {
  it('adds and removes a role and reports the roles held', async () => {
    const id = await createUser(env, { roles: ['buyer'] });
    expect((await env.as(id).users.toggleRole({ role: 'shopkeeper', enabled: true })).roles).toEqual(['buyer', 'shopkeeper']);
    expect((await env.as(id).users.toggleRole({ role: 'buyer', enabled: false })).roles).toEqual(['shopkeeper']);
    expect((await profile(id)).role_selected).toBe(1);
  });
});

describe('users.startTrial', () => {
  it("starts only a non-pro shopkeeper's unset trial, once", async () => {
    const keeper = await createUser(env, { roles: ['shopkeeper'], trialStartAt: null });
    const buyer = await createUser(env, { roles: ['buyer'] });
    const pro = await createUser(env, { roles: ['shopkeeper'], trialStartAt: null, isPro: true });
    for (const id of [keeper, buyer, pro]) await env.as(id).users.startTrial();
    expect((await profile(keeper)).trial_start_at).toBe(env.clock.now.toISOString());
    expect((await profile(buyer)).trial_start_at).toBeNull();
    expect((await profile(pro)).trial_start_at).toBeNull();
    const started = env.clock.now.toISOString();
    const saved = env.clock.now;
    try {
      env.clock.now = new Date(saved.getTime() + 60_000);
      await env.as(keeper).users.startTrial();
      expect((await profile(keeper)).trial_start_at).toBe(started);
    } finally {
      env.clock.now = saved;
    }
    await expect(env.as(null).users.startTrial()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});

describe('users.updateProfile', () => {
  it('saves the name, phone and default shipping address of the caller only', async () => {
    const id = await createUser(env, { roles: ['buyer'] });
    const other = await createUser(env, { roles: ['buyer'], fullName: 'Other Person' });
    await env.as(id).users.updateProfile({
      fullName: 'New Name',
      phone: '+44 20 7946 0000',
      shippingAddress: { address: '1 High St', city: 'London', postalCode: 'N1 1AA' },
    });
    const me = await env.as(id).auth.me();
    expect(me?.shippingAddress).toEqual({ address: '1 High St', city: 'London', postalCode: 'N1 1AA' });
    expect(me?.fullName).toBe('New Name');
    expect((await profile(other)).full_name).toBe('Other Person');
  });

  it('refuses an empty name', async () => {
    const id = await createUser(env, { fullName: 'Kept' });
    await expect(
      env.as(id).users.updateProfile({ fullName: ' ', phone: '+1 555 0000', shippingAddress: { address: '', city: '', postalCode: '' } }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'Full name is required' });
    expect((await profile(id)).full_name).toBe('Kept');
  });
});

describe('admin bootstrap', () => {
  it('creates the account once and grants admin, idempotently', async () => {
    expect(await bootstrapAdmin(env.db, 'boss@example.test', 'boss-pass', env.clock.now)).toBe('created');
    expect(await bootstrapAdmin(env.db, 'boss@example.test', 'boss-pass', env.clock.now)).toBe('already-admin');
    const row = await env.db.selectFrom('users').select('id').where('email', '=', 'boss@example.test').executeTakeFirstOrThrow();
    expect(await roles(row.id)).toEqual(['admin']);
  });

  it('does not make an admin of someone who registered ADMIN_EMAIL first with their own password', async () => {
    await env.as(null).auth.signUp({ email: 'Operator@example.test', password: 'squatter-pass', fullName: 'Squatter', phone: '+1 555 0100' });
    const id = (await env.db.selectFrom('users').select('id').where('email', '=', 'operator@example.test').executeTakeFirstOrThrow()).id;
    // The next start, with the operator's ADMIN_EMAIL and ADMIN_PASSWORD:
    const outcome = await bootstrapAdmin(env.db, 'operator@example.test', 'operator-pass', env.clock.now);
    expect(outcome).toBe('refused');
    expect(adminBootstrapMessage('operator@example.test', outcome)).toContain('was NOT made an admin');
    expect(await roles(id)).toEqual([]);
    await expect(env.as(id).admin.stats()).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('makes an existing account admin when its password is ADMIN_PASSWORD', async () => {
    const id = await createUser(env, { email: 'owner@example.test', password: 'owner-pass', roles: ['buyer'] });
    expect(await bootstrapAdmin(env.db, 'owner@example.test', 'owner-pass', env.clock.now)).toBe('granted');
    expect(await roles(id)).toEqual(['admin', 'buyer']);
  });

  it('grantAdmin refuses an unknown email', async () => {
    await expect(grantAdmin(env.db, 'nobody@example.test', env.clock.now)).rejects.toThrow('No account');
  });
});
