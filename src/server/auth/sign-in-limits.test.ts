import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimiterFor } from '../rate-limits/shared-rate-limiter';
import { createUser, TEST_PASSWORD } from '../testing/factories';
import { createTestEnv, type TestEnv } from '../testing/test-app';
import { changePassword, signInWithPassword } from './auth.service';

/**
 * The per-account sign-in limit counts failures only (issue 53, OWASP's authentication cheat sheet): a
 * correct password clears the account's count, so a shop signing in on several phones is never locked
 * out by succeeding. On the engine under test: in memory on SQLite, the `rate_limits` table on PostgreSQL.
 */
const ACCOUNT_LIMIT = 3;
let env: TestEnv;

beforeAll(() => {
  env = createTestEnv();
});
afterAll(async () => {
  await env.db.destroy();
});

function limiter() {
  return rateLimiterFor(env.db, { policies: { signInPerAccount: { limit: ACCOUNT_LIMIT, windowMs: 15 * 60_000 } } });
}

async function account() {
  const email = `phone-${Math.random().toString(36).slice(2, 10)}@example.test`;
  await createUser(env, { email });
  return email;
}

describe('the per-account sign-in limit counts failures only', () => {
  it('signs in again and again with the right password', async () => {
    const limits = limiter();
    const email = await account();
    // Each from another phone (client address), as a shop's staff would.
    for (let i = 0; i < ACCOUNT_LIMIT * 3; i++) {
      const outcome = await signInWithPassword(env.db, limits, `10.0.0.${i + 1}`, { email, password: TEST_PASSWORD });
      expect(outcome.status, `sign-in ${i + 1}`).toBe('signed-in');
    }
  });

  it('a success clears the failures counted before it', async () => {
    const limits = limiter();
    const email = await account();
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < ACCOUNT_LIMIT - 1; i++) {
        expect((await signInWithPassword(env.db, limits, '10.0.1.1', { email, password: 'wrong-password' })).status).toBe('invalid');
      }
      expect((await signInWithPassword(env.db, limits, '10.0.1.2', { email, password: TEST_PASSWORD })).status).toBe('signed-in');
    }
  });

  it('still locks the account after too many failures, for the right password too', async () => {
    const limits = limiter();
    const email = await account();
    for (let i = 0; i < ACCOUNT_LIMIT; i++) {
      expect((await signInWithPassword(env.db, limits, `10.0.2.${i + 1}`, { email, password: 'wrong-password' })).status).toBe('invalid');
    }
    const outcome = await signInWithPassword(env.db, limits, '10.0.2.9', { email, password: TEST_PASSWORD });
    expect(outcome).toMatchObject({ status: 'limited', message: 'Too many sign-in attempts. Try again in 15 minutes.' });
  });

  it('a password change with the right current password counts no failure', async () => {
    const limits = limiter();
    const email = await account();
    const user = await env.db.selectFrom('users').select(['id', 'email']).where('email', '=', email).executeTakeFirstOrThrow();
    for (let i = 0; i < ACCOUNT_LIMIT; i++) {
      await changePassword(env.db, limits, user, null, { currentPassword: TEST_PASSWORD, newPassword: TEST_PASSWORD });
    }
    expect((await signInWithPassword(env.db, limits, '10.0.3.1', { email, password: TEST_PASSWORD })).status).toBe('signed-in');
  });
});
