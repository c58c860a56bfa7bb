import { afterEach, describe, expect, it } from 'vitest';
import { RESET_TOKEN_PATTERN } from '../../shared/schemas/auth';
import { createUser, TEST_PASSWORD } from '../testing/factories';
import { deliverOutbox, useSmtpServer } from '../testing/smtp-server';
import { countRows, createTestEnv, type TestEnv } from '../testing/test-app';
import { startSession, resumeSession } from './auth.service';
import { RESET_LINK_INVALID } from './password-reset.service';
import { verifyCredentials } from '../users/users.service';

/**
 * Forgotten passwords (issue 31): "Forgot password?" by email through the outbox to a real SMTP
 * server, the token's life (single use, 60 minutes, the newest voids older ones, every session ended),
 * the same answer for unknown emails, and the admin's one-time link.
 */
const mailServer = useSmtpServer();
let env: TestEnv;
const MAIL = { publicUrl: 'https://shop.example.test', linkKey: 'test-email-link-key' };

afterEach(async () => {
  await env?.db.destroy();
});

/** Delivers what the outbox holds to the test SMTP server and returns the reset link of the last email. */
async function deliverAndReadLink(): Promise<string> {
  await deliverOutbox(env.db, mailServer.server, env.clock.now, 'shop@example.test');
  const last = mailServer.server.received.at(-1);
  const link = /https:\/\/shop\.example\.test\/(?:ur\/)?reset-password\?token=([A-Za-z0-9_-]+)/.exec(last?.text ?? '');
  if (!link) throw new Error(`no reset link in ${last?.text}`);
  return link[1]!;
}

const later = (minutes: number) => new Date(env.clock.now.getTime() + minutes * 60_000);

describe('forgot password, by email', () => {
  it('emails a link whose token is 32 random bytes, stores only its hash, and resets the password once', async () => {
    env = createTestEnv({ mail: MAIL });
    const userId = await createUser(env, { email: 'sana@example.test' });
    const sessionA = await startSession(env.db, userId, env.clock.now);
    const sessionB = await startSession(env.db, userId, env.clock.now);

    // The page then says "If an account exists for that email, we sent a link…" whatever the answer held.
    expect(await env.as(null).auth.requestPasswordReset({ email: 'Sana@Example.test ' })).toEqual({ ok: true });
    const token = await deliverAndReadLink();
    expect(token).toMatch(RESET_TOKEN_PATTERN);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const stored = await env.db.selectFrom('password_resets').selectAll().execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.token_hash).not.toContain(token);
    expect(JSON.stringify(stored)).not.toContain(token);
    // The sent email's body is not kept: the outbox does not hold a live link either.
    const row = await env.db.selectFrom('outbox').selectAll().executeTakeFirstOrThrow();
    expect(row.status).toBe('sent');
    expect(row.text_body + row.html_body).not.toContain(token);
    expect(mailServer.server.received[0]!.to).toEqual(['sana@example.test']);
    expect(mailServer.server.received[0]!.parsed.from?.value[0]).toMatchObject({ name: 'Marketplace', address: 'shop@example.test' });

    expect(await env.as(null).auth.checkResetToken({ token })).toEqual({ valid: true });
    await env.as(null).auth.resetPassword({ token, newPassword: 'new-secret-1' });
    expect(await verifyCredentials(env.db, 'sana@example.test', 'new-secret-1')).toMatchObject({ id: userId });
    expect(await verifyCredentials(env.db, 'sana@example.test', TEST_PASSWORD)).toBeNull();
    // Every session ended; none started.
    expect(await resumeSession(env.db, sessionA, userId, env.clock.now)).toBe(false);
    expect(await resumeSession(env.db, sessionB, userId, env.clock.now)).toBe(false);
    expect(await countRows(env.db, 'sessions')).toBe(0);
    // Single use.
    expect(await env.as(null).auth.checkResetToken({ token })).toEqual({ valid: false });
    await expect(env.as(null).auth.resetPassword({ token, newPassword: 'another-one' })).rejects.toThrow(RESET_LINK_INVALID);
    expect(await verifyCredentials(env.db, 'sana@example.test', 'new-secret-1')).toMatchObject({ id: userId });
  });

  it('expires a link after 60 minutes, and a newer request voids the older link', async () => {
    env = createTestEnv({ mail: MAIL });
    await createUser(env, { email: 'omar@example.test' });
    await env.as(null).auth.requestPasswordReset({ email: 'omar@example.test' });
    const first = await deliverAndReadLink();
    await env.as(null).auth.requestPasswordReset({ email: 'omar@example.test' });
    const second = await deliverAndReadLink();
    expect(second).not.toBe(first);
    await expect(env.as(null).auth.resetPassword({ token: first, newPassword: 'new-secret-1' })).rejects.toThrow(RESET_LINK_INVALID);

    env.clock.now = later(60);
    expect(await env.as(null).auth.checkResetToken({ token: second })).toEqual({ valid: false });
    await expect(env.as(null).auth.resetPassword({ token: second, newPassword: 'new-secret-1' })).rejects.toThrow(RESET_LINK_INVALID);
    expect(await verifyCredentials(env.db, 'omar@example.test', TEST_PASSWORD)).not.toBeNull();
  });

  it('answers an unknown email exactly as a known one, and writes nothing for it', async () => {
    env = createTestEnv({ mail: MAIL });
    await createUser(env, { email: 'known@example.test' });
    const known = await env.as(null, '10.0.0.1').auth.requestPasswordReset({ email: 'known@example.test' });
    const unknown = await env.as(null, '10.0.0.2').auth.requestPasswordReset({ email: 'nobody@example.test' });
    expect(unknown).toEqual(known);
    expect(await countRows(env.db, 'outbox')).toBe(1);
    expect(await countRows(env.db, 'password_resets')).toBe(1);
  });

  it('limits requests per email (known or not) and per client, with the same refusal', async () => {
    env = createTestEnv({ mail: MAIL });
    await createUser(env, { email: 'known@example.test' });
    for (const email of ['known@example.test', 'nobody@example.test']) {
      for (let i = 0; i < 3; i += 1) await env.as(null, `10.1.0.${i}`).auth.requestPasswordReset({ email });
      await expect(env.as(null, '10.1.0.9').auth.requestPasswordReset({ email })).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    }
    // 10 per client per hour, whatever the emails.
    for (let i = 0; i < 10; i += 1) await env.as(null, '10.2.0.1').auth.requestPasswordReset({ email: `n${i}@example.test` });
    await expect(env.as(null, '10.2.0.1').auth.requestPasswordReset({ email: 'last@example.test' })).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
  });

  it('without a mail server says so, and writes nothing', async () => {
    env = createTestEnv({ mail: null });
    await createUser(env, { email: 'known@example.test' });
    expect(await env.as(null).auth.resetOptions()).toEqual({ email: false, supportWhatsapp: { number: '15550001111', countryCode: '92' } });
    await expect(env.as(null).auth.requestPasswordReset({ email: 'known@example.test' })).rejects.toMatchObject({
      code: 'PRECONDITION_FAILED',
      message: 'Email is not set up on this marketplace. Ask its admin for a reset link.',
    });
    expect(await countRows(env.db, 'outbox')).toBe(0);
    expect(await countRows(env.db, 'password_resets')).toBe(0);
  });

  it('without a mail server offers the support WhatsApp when there is one, with the country code its links use (issue 53)', async () => {
    const answers = [];
    for (const config of [{ mail: null, supportWhatsapp: null }, { mail: null, countryCode: () => '44' }, { mail: MAIL }]) {
      env = createTestEnv(config);
      answers.push(await env.as(null).auth.resetOptions());
      await env.db.destroy();
    }
    expect(answers).toEqual([
      { email: false, supportWhatsapp: null },
      { email: false, supportWhatsapp: { number: '15550001111', countryCode: '44' } },
      // With email, the page sends the link itself.
      { email: true, supportWhatsapp: null },
    ]);
    env = createTestEnv();
  });

  it('refuses tokens of the wrong length or alphabet and passwords that break the rules, changing nothing', async () => {
    env = createTestEnv({ mail: MAIL });
    await createUser(env, { email: 'rules@example.test' });
    await env.as(null).auth.requestPasswordReset({ email: 'rules@example.test' });
    const token = await deliverAndReadLink();
    for (const bad of ['', 'short', `${token}A`, `${token.slice(0, 42)}!`, `${token.slice(0, 42)}=`]) {
      expect(await env.as(null).auth.checkResetToken({ token: bad })).toEqual({ valid: false });
      await expect(env.as(null).auth.resetPassword({ token: bad, newPassword: 'new-secret-1' })).rejects.toThrow(RESET_LINK_INVALID);
    }
    await expect(env.as(null).auth.resetPassword({ token, newPassword: '123' })).rejects.toThrow('Password must be at least 6 characters');
    expect(await env.as(null).auth.checkResetToken({ token })).toEqual({ valid: true });
    expect(await verifyCredentials(env.db, 'rules@example.test', TEST_PASSWORD)).not.toBeNull();
  });

  it('writes the email in the language of the page that asked, Urdu right to left', async () => {
    env = createTestEnv({ mail: MAIL });
    await createUser(env, { email: 'urdu@example.test' });
    await env.inLanguage('ur', null).auth.requestPasswordReset({ email: 'urdu@example.test' });
    await deliverAndReadLink();
    const email = mailServer.server.received[0]!;
    expect(email.subject).toContain('پاس ورڈ');
    expect(email.text).toContain('https://shop.example.test/ur/reset-password?token=');
    expect(email.html).toContain('dir="rtl"');
    expect(email.html).toContain('lang="ur"');
    expect(email.parsed.from?.value[0]?.name).toBe('مارکیٹ پلیس');
    expect(email.html).not.toMatch(/<img|<script|src=/i);
  });
});

describe("the admin's one-time link", () => {
  it('is made by admins only, lives 24 hours, works once and voids the older link', async () => {
    env = createTestEnv({ mail: null });
    const admin = await createUser(env, { roles: ['admin'] });
    const buyer = await createUser(env, { email: 'buyer@example.test', phone: '+92 300 1234567', roles: ['buyer'] });
    const session = await startSession(env.db, buyer, env.clock.now);

    await expect(env.as(buyer).admin.resetLink({ userId: buyer })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(env.as(null).admin.resetLink({ userId: buyer })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect(await countRows(env.db, 'password_resets')).toBe(0);
    await expect(env.as(admin).admin.resetLink({ userId: 999_999 })).rejects.toMatchObject({ code: 'NOT_FOUND' });

    const first = await env.as(admin).admin.resetLink({ userId: buyer });
    const second = await env.as(admin).admin.resetLink({ userId: buyer });
    expect(second.phone).toBe('+92 300 1234567');
    // The site's origin (PUBLIC_URL, or the listening port's) as the request's context has it; tests: http://localhost:3000.
    expect(second.url).toMatch(/^http:\/\/localhost:3000\/reset-password\?token=[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(second.expiresAt) - env.clock.now.getTime()).toBe(24 * 3_600_000);
    const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;
    const stored = await env.db.selectFrom('password_resets').select(['created_by']).execute();
    expect(stored).toEqual([{ created_by: admin }]);
    await expect(env.as(null).auth.resetPassword({ token: tokenOf(first.url), newPassword: 'new-secret-1' })).rejects.toThrow(RESET_LINK_INVALID);

    env.clock.now = later(23 * 60);
    await env.as(null).auth.resetPassword({ token: tokenOf(second.url), newPassword: 'new-secret-1' });
    expect(await resumeSession(env.db, session, buyer, env.clock.now)).toBe(false);
    await expect(env.as(null).auth.resetPassword({ token: tokenOf(second.url), newPassword: 'new-secret-2' })).rejects.toThrow(RESET_LINK_INVALID);
    expect(await verifyCredentials(env.db, 'buyer@example.test', 'new-secret-1')).toMatchObject({ id: buyer });
  });

  it('expires after 24 hours', async () => {
    env = createTestEnv();
    const admin = await createUser(env, { roles: ['admin'] });
    const buyer = await createUser(env);
    const { url } = await env.as(admin).admin.resetLink({ userId: buyer });
    env.clock.now = later(24 * 60);
    await expect(env.as(null).auth.resetPassword({ token: new URL(url).searchParams.get('token')!, newPassword: 'new-secret-1' })).rejects.toThrow(RESET_LINK_INVALID);
  });
});
