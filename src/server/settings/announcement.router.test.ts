// The announcement bar (issue 47): only an admin reads and saves it; bad input is refused by its field
// with nothing saved; public pages read it through pages.shell while its window holds, with the key a
// browser remembers its dismissal by; settings changes are in the activity log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announcementKey } from '../../shared/announcement';
import {
  ANNOUNCEMENT_ENDS_BEFORE_STARTS,
  ANNOUNCEMENT_LENGTH,
  ANNOUNCEMENT_LINK_INVALID,
  ANNOUNCEMENT_TEXT_REQUIRED,
  ANNOUNCEMENT_TIME_INVALID,
  ANNOUNCEMENT_URDU_LENGTH,
  type AnnouncementInput,
} from '../../shared/schemas/settings';
import { createUser } from '../testing/factories';
import { createTestEnv, type TestEnv } from '../testing/test-app';

let env: TestEnv;
let adminId = 0;
let buyerId = 0;

beforeAll(async () => {
  env = createTestEnv();
  adminId = await createUser(env, { roles: ['admin'], fullName: 'Admin Ayesha' });
  buyerId = await createUser(env, { roles: ['buyer'] });
});
afterAll(async () => {
  await env.db.destroy();
});

const EID = { text: 'Eid sale: free delivery this week', textUr: 'عید سیل: اس ہفتے مفت ڈیلیوری', link: '/p/delivery', startsAt: null, endsAt: null } satisfies AnnouncementInput;
const row = () => env.db.selectFrom('marketplace_announcement').selectAll().execute();
const shown = async () => (await env.as(null).pages.shell()).announcement;

describe('the announcement', () => {
  it('is none at first; an admin only reads and saves it, a refused call changes nothing', async () => {
    expect(await env.as(adminId).settings.announcement()).toEqual({ text: '', textUr: '', link: '', startsAt: null, endsAt: null });
    expect(await shown()).toBeNull();
    for (const user of [null, buyerId]) {
      const code = user === null ? 'UNAUTHORIZED' : 'FORBIDDEN';
      await expect(env.as(user).settings.announcement()).rejects.toMatchObject({ code });
      await expect(env.as(user).settings.saveAnnouncement(EID)).rejects.toMatchObject({ code });
    }
    expect(await row()).toEqual([]);
  });

  it('shows on every public page once saved, with the key of its texts', async () => {
    const saved = await env.as(adminId).settings.saveAnnouncement({ ...EID, text: `  ${EID.text}  ` });
    expect(saved).toEqual({ ...EID });
    expect(await shown()).toEqual({ ...EID, key: announcementKey(EID) });
  });

  it('refuses bad input by its field and keeps what was saved', async () => {
    const before = await row();
    const refused: Array<[Partial<AnnouncementInput>, string]> = [
      [{ text: 'x'.repeat(141) }, ANNOUNCEMENT_LENGTH],
      [{ textUr: 'x'.repeat(141) }, ANNOUNCEMENT_URDU_LENGTH],
      [{ text: '   ' }, ANNOUNCEMENT_TEXT_REQUIRED],
      [{ link: 'javascript:alert(1)' }, ANNOUNCEMENT_LINK_INVALID],
      [{ link: 'data:text/html,<script>alert(1)</script>' }, ANNOUNCEMENT_LINK_INVALID],
      [{ link: '//evil.example' }, ANNOUNCEMENT_LINK_INVALID],
      [{ link: 'www.example.com' }, ANNOUNCEMENT_LINK_INVALID],
      [{ startsAt: 'next week' }, ANNOUNCEMENT_TIME_INVALID],
      [{ startsAt: '2026-06-10T00:00:00.000Z', endsAt: '2026-06-09T00:00:00.000Z' }, ANNOUNCEMENT_ENDS_BEFORE_STARTS],
      [{ startsAt: '2026-06-10T00:00:00.000Z', endsAt: '2026-06-10T00:00:00.000Z' }, ANNOUNCEMENT_ENDS_BEFORE_STARTS],
    ];
    for (const [change, message] of refused) {
      await expect(env.as(adminId).settings.saveAnnouncement({ ...EID, ...change }), message).rejects.toMatchObject({ code: 'BAD_REQUEST', message });
    }
    expect(await row()).toEqual(before);
  });

  it('shows only within its window, by the server\'s clock', async () => {
    // The test clock: 2026-06-01T12:00Z.
    await env.as(adminId).settings.saveAnnouncement({ ...EID, startsAt: '2026-06-02T00:00:00+05:00', endsAt: '2026-06-05T00:00:00Z' });
    expect(await env.as(adminId).settings.announcement()).toMatchObject({ startsAt: '2026-06-01T19:00:00.000Z', endsAt: '2026-06-05T00:00:00.000Z' });
    expect(await shown()).toBeNull();
    const now = env.clock.now;
    try {
      env.clock.now = new Date('2026-06-01T19:00:00.000Z');
      expect(await shown()).toMatchObject({ text: EID.text, endsAt: '2026-06-05T00:00:00.000Z' });
      env.clock.now = new Date('2026-06-05T00:00:00.000Z');
      expect(await shown()).toBeNull();
    } finally {
      env.clock.now = now;
    }
    // Cleared: none.
    await env.as(adminId).settings.saveAnnouncement({ text: '', textUr: '', link: '', startsAt: '', endsAt: '' });
    expect(await shown()).toBeNull();
  });

  it('and the marketplace section are recorded in the activity log, before → after', async () => {
    await env.as(adminId).settings.save({ name: 'Lahore Bazaar', shortName: '', tagline: '', brandColour: '#1d4ed8', supportWhatsapp: '', contactEmail: '', countryCode: '92' });
    const { items } = await env.as(adminId).activity.list({ kind: 'settings' });
    expect(items.map((e) => e.action)).toEqual(['settings.saved', 'settings.announcement_saved', 'settings.announcement_saved', 'settings.announcement_saved']);
    expect(items.every((e) => e.actor.name === 'Admin Ayesha')).toBe(true);
    expect(items[0]!.changes).toContainEqual({ field: 'name', before: 'Marketplace', after: 'Lahore Bazaar' });
    expect(items[0]!.changes).toContainEqual({ field: 'brandColour', before: '#0d7a6f', after: '#1d4ed8' });
    expect(items.at(-1)!.changes).toContainEqual({ field: 'text', before: '', after: EID.text });
    expect(items[1]!.changes).toContainEqual({ field: 'text', before: EID.text, after: '' });
  });
});
