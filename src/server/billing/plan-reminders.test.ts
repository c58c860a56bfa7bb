import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShop, createUser } from '../testing/factories';
import { createTestEnv, type TestEnv } from '../testing/test-app';
import { PLAN_NOTICE_DAYS, sendPlanReminders } from './plan-reminders.service';

/**
 * The plan-end notices (issue 48 part 3): 7 days and 1 day before a dated Pro plan ends, one email to
 * the shop's owner, once each, when mail is set up; a renewal's new end date has its own. Both engines.
 */
const MAIL = { publicUrl: 'https://bazaar.example.test', linkKey: 'test-link-key' };
const DAY = 86_400_000;
const END = new Date('2027-01-20T12:00:00Z');
const at = (msBeforeEnd: number) => new Date(END.getTime() - msBeforeEnd);

let env: TestEnv;
let owner = 0;
beforeAll(async () => {
  env = createTestEnv({ mail: MAIL });
  owner = await createUser(env, { email: 'ending@example.test', roles: ['shopkeeper'] });
  await createShop(env, { owner, name: 'Zari Threads' });
  await env.db.updateTable('profiles').set({ is_pro: 1, pro_until: END.toISOString() }).where('user_id', '=', owner).execute();
  // Pro with no end date, and Pro ending in 10 days: no notice for either.
  const forever = await createUser(env, { email: 'forever@example.test', roles: ['shopkeeper'], isPro: true });
  await createShop(env, { owner: forever, name: 'Forever Shop' });
  const later = await createUser(env, { email: 'later@example.test', roles: ['shopkeeper'] });
  await createShop(env, { owner: later, name: 'Later Shop' });
  await env.db.updateTable('profiles').set({ is_pro: 1, pro_until: new Date(END.getTime() + 10 * DAY).toISOString() }).where('user_id', '=', later).execute();
});
afterAll(async () => {
  await env.db.destroy();
});

const notices = () =>
  env.db.selectFrom('outbox').select(['to_address', 'subject', 'text_body', 'kind']).where('kind', '=', 'plan-ending').orderBy('id').execute();
const run = (now: Date, config = env.config) => sendPlanReminders(env.db, config, now);

describe('the plan-end notices', () => {
  it('send nothing without mail', async () => {
    expect(await run(at(6 * DAY), { ...env.config, mail: null })).toBe(0);
    expect(await notices()).toEqual([]);
  });

  it('send the 7-day notice once, however many runs race for it, and not before', async () => {
    expect(PLAN_NOTICE_DAYS).toEqual([7, 1]);
    expect(await run(at(7 * DAY + 60_000))).toBe(0);
    const sent = await Promise.all(Array.from({ length: 20 }, () => run(at(6 * DAY))));
    expect(sent.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await run(at(5 * DAY))).toBe(0);
    const [email] = await notices();
    expect(email).toMatchObject({ to_address: 'ending@example.test', subject: 'Your Pro plan on Marketplace ends on Jan 20, 2027' });
    expect(email!.text_body).toContain('Your Pro plan for Zari Threads on Marketplace ends on Jan 20, 2027.');
    // Renew on WhatsApp: the support number, with the shop and the date in its text; and the billing page.
    expect(email!.text_body).toMatch(/https:\/\/wa\.me\/15550001111\?text=[^\s]*Zari%20Threads/);
    expect(email!.text_body).toContain('https://bazaar.example.test/shop/billing');
    expect(await notices()).toHaveLength(1);
  });

  it('send the 1-day notice once, and nothing after the end', async () => {
    const sent = await Promise.all(Array.from({ length: 20 }, () => run(at(20 * 3_600_000))));
    expect(sent.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await run(at(3_600_000))).toBe(0);
    expect(await run(at(-3_600_000))).toBe(0);
    expect((await notices()).map((n) => n.to_address)).toEqual(['ending@example.test', 'ending@example.test']);
  });

  it('start again for a renewal’s new end date', async () => {
    const renewed = new Date(END.getTime() + 31 * DAY);
    await env.db.updateTable('profiles').set({ pro_until: renewed.toISOString() }).where('user_id', '=', owner).execute();
    expect(await run(new Date(renewed.getTime() - 6 * DAY))).toBe(1);
    expect(await run(new Date(renewed.getTime() - 12 * 3_600_000))).toBe(1);
    const all = await notices();
    expect(all).toHaveLength(4);
    expect(all[3]!.subject).toBe('Your Pro plan on Marketplace ends on Feb 20, 2027');
  });
});
