import { afterEach, describe, expect, it } from 'vitest';
import type { DB } from '../db/client';
import { runHousekeeping } from '../housekeeping/housekeeping.service';
import { createTestEnv, countRows, type TestEnv } from '../testing/test-app';
import { secondHandle, testEngine } from '../testing/test-engine';
import { useSmtpServer } from '../testing/smtp-server';
import { composeEmail, paragraph } from './message';
import { deliverDue, emailStatus, enqueueEmail, MAX_ATTEMPTS, nextAttemptAt, outboxHealth, RETRY_DELAYS_MS } from './outbox.service';
import { parseSmtpUrl, smtpSender } from './transport';

/**
 * The outbox (issue 31): delivery to a real SMTP server, the retry schedule on 4xx, 5xx and a server
 * that hangs, failing for good after the last try, pruning, and on PostgreSQL each row sent once by
 * instances working at the same moment.
 */
const mailServer = useSmtpServer();
let env: TestEnv;
const others: DB[] = [];
const FROM = { from: 'outbox@example.test' };

afterEach(async () => {
  for (const db of others.splice(0)) await db.destroy();
  await env?.db.destroy();
});

const sender = (timeouts = {}) => smtpSender(parseSmtpUrl(mailServer.server.url), timeouts);

async function queue(db: DB, count: number, now: Date, kind: 'receipt' | 'password-reset' = 'receipt') {
  for (let i = 0; i < count; i += 1) {
    const content = composeEmail('en', `Message ${i}`, [paragraph(`Body ${i}`)], { text: 'Sent by Marketplace', url: 'https://shop.example.test/' });
    await enqueueEmail(db, { kind, to: `person${i}@example.test`, language: 'en', content, now });
  }
}

const rows = (db: DB) => db.selectFrom('outbox').select(['status', 'attempts', 'next_attempt_at', 'last_error', 'text_body']).orderBy('id').execute();

describe('the retry schedule', () => {
  it('waits about 1 min, 5 min, 30 min, 2 h and 12 h, then gives up', () => {
    const now = new Date('2026-06-01T12:00:00.000Z');
    const waits = [1, 2, 3, 4, 5, 6].map((n) => nextAttemptAt(n, now)?.getTime() ?? null).map((at) => (at === null ? null : (at - now.getTime()) / 60_000));
    expect(waits).toEqual([1, 5, 30, 120, 720, null]);
    expect(MAX_ATTEMPTS).toBe(RETRY_DELAYS_MS.length + 1);
  });
});

describe('delivering the outbox', () => {
  it('sends what is due once, and leaves nothing due', async () => {
    env = createTestEnv();
    await queue(env.db, 3, env.clock.now);
    const mail = sender();
    expect(await deliverDue(env.db, mail, FROM, () => env.clock.now)).toEqual({ sent: 3, retried: 0, failed: 0 });
    expect(await deliverDue(env.db, mail, FROM, () => env.clock.now)).toEqual({ sent: 0, retried: 0, failed: 0 });
    mail.close();
    expect(mailServer.server.received.map((email) => email.subject).sort()).toEqual(['Message 0', 'Message 1', 'Message 2']);
    expect((await rows(env.db)).map((row) => row.status)).toEqual(['sent', 'sent', 'sent']);
    expect(await outboxHealth(env.db, env.clock.now)).toEqual({ depth: 0, failing: 0, failed: 0, oldestAgeSeconds: 0 });
  });

  it('retries a refused email (5xx, then 4xx) on the schedule, and fails it after the sixth try', async () => {
    env = createTestEnv();
    const start = env.clock.now;
    await queue(env.db, 1, start, 'password-reset');
    const mail = sender();
    mailServer.server.refuseNext(MAX_ATTEMPTS, 550);
    expect(await deliverDue(env.db, mail, FROM, () => env.clock.now)).toEqual({ sent: 0, retried: 1, failed: 0 });
    let [row] = await rows(env.db);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, next_attempt_at: new Date(start.getTime() + 60_000).toISOString() });
    expect(row!.last_error).toMatch(/550/);
    // Not due before its time.
    env.clock.now = new Date(start.getTime() + 59_000);
    expect(await deliverDue(env.db, mail, FROM, () => env.clock.now)).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(await emailStatus(env.db, true, env.clock.now)).toEqual({ configured: true, failing: 1 });
    mailServer.server.refuseNext(MAX_ATTEMPTS - 1, 451);
    for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt += 1) {
      env.clock.now = new Date((await rows(env.db))[0]!.next_attempt_at);
      await deliverDue(env.db, mail, FROM, () => env.clock.now);
    }
    mail.close();
    [row] = await rows(env.db);
    expect(row).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
    expect(row!.last_error).toMatch(/451/);
    // A reset email's live link is not kept once it failed for good.
    expect(row!.text_body).toBe('');
    expect(mailServer.server.received).toHaveLength(0);
    expect(await outboxHealth(env.db, env.clock.now)).toMatchObject({ depth: 0, failing: 1, failed: 1 });
    expect(await emailStatus(env.db, false, env.clock.now)).toEqual({ configured: false, failing: 0 });
  });

  it('retries an email whose server never answers, after its timeout', async () => {
    env = createTestEnv();
    await queue(env.db, 1, env.clock.now);
    mailServer.server.hangNext(1);
    const mail = sender({ socket: 500 });
    expect(await deliverDue(env.db, mail, FROM, () => env.clock.now)).toEqual({ sent: 0, retried: 1, failed: 0 });
    env.clock.now = new Date(env.clock.now.getTime() + 60_000);
    expect(await deliverDue(env.db, mail, FROM, () => env.clock.now)).toEqual({ sent: 1, retried: 0, failed: 0 });
    mail.close();
    expect(mailServer.server.received).toHaveLength(1);
  });

  it('retries when the server cannot be reached at all', async () => {
    env = createTestEnv();
    await queue(env.db, 1, env.clock.now);
    const mail = smtpSender(parseSmtpUrl('smtp://127.0.0.1:1'), { connection: 500 });
    expect(await deliverDue(env.db, mail, FROM, () => env.clock.now)).toEqual({ sent: 0, retried: 1, failed: 0 });
    expect((await rows(env.db))[0]!.last_error).toMatch(/ECONNREFUSED/);
    expect(await outboxHealth(env.db, new Date(env.clock.now.getTime() + 90_000))).toEqual({ depth: 1, failing: 1, failed: 0, oldestAgeSeconds: 90 });
  });

  it('is pruned by housekeeping 30 days after sending', async () => {
    env = createTestEnv();
    await queue(env.db, 2, env.clock.now);
    const mail = sender();
    await deliverDue(env.db, mail, FROM, () => env.clock.now);
    mail.close();
    await queue(env.db, 1, env.clock.now);
    const day = 24 * 3_600_000;
    expect((await runHousekeeping(env.db, env.config.storage, new Date(env.clock.now.getTime() + 29 * day))).emails).toBe(0);
    expect((await runHousekeeping(env.db, env.config.storage, new Date(env.clock.now.getTime() + 31 * day))).emails).toBe(2);
    // The one still waiting stays.
    expect(await countRows(env.db, 'outbox')).toBe(1);
  });

  (testEngine === 'postgres' ? it : it.skip)('sends each row once when two instances work through the outbox at the same moment (PostgreSQL)', async () => {
    env = createTestEnv();
    await queue(env.db, 30, env.clock.now);
    const other = await secondHandle(env);
    others.push(other);
    const [a, b] = [sender(), sender()];
    const results = await Promise.all([deliverDue(env.db, a, FROM, () => env.clock.now), deliverDue(other, b, FROM, () => env.clock.now)]);
    a.close();
    b.close();
    expect(results[0]!.sent + results[1]!.sent).toBe(30);
    // Both took part: SKIP LOCKED let the second take other rows instead of waiting.
    expect(results[0]!.sent).toBeGreaterThan(0);
    expect(results[1]!.sent).toBeGreaterThan(0);
    const subjects = mailServer.server.received.map((email) => email.subject);
    expect(new Set(subjects).size).toBe(30);
    expect(subjects).toHaveLength(30);
  });
});
