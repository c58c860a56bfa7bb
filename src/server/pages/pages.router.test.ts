// The marketplace's pages (issue 47): six drafts from the migration; only an admin lists, makes and
// edits pages; a draft or unknown address is not found, a published one is read rendered and
// sanitized, in Urdu where it is written and else in English saying so; bad input is refused by its
// field with nothing saved; every change is in the activity log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import { AppError } from '../errors';
import {
  PAGE_ADDRESS_INVALID,
  PAGE_ADDRESS_LENGTH,
  PAGE_ADDRESS_REQUIRED,
  PAGE_ADDRESS_TAKEN,
  PAGE_TEXT_LENGTH,
  PAGE_TEXT_REQUIRED,
  PAGE_TITLE_LENGTH,
  PAGE_TITLE_REQUIRED,
  PAGE_URDU_TEXT_LENGTH,
  type PageInput,
} from '../../shared/schemas/pages';
import { createUser } from '../testing/factories';
import { createTestEnv, type TestEnv } from '../testing/test-app';

let env: TestEnv;
let adminId = 0;
let buyerId = 0;
let shopkeeperId = 0;

beforeAll(async () => {
  env = createTestEnv();
  adminId = await createUser(env, { roles: ['admin'], fullName: 'Admin Ayesha' });
  buyerId = await createUser(env, { roles: ['buyer'] });
  shopkeeperId = await createUser(env, { roles: ['shopkeeper'], trialStartAt: env.clock.now });
});
afterAll(async () => {
  await env.db.destroy();
});

const rows = () => env.db.selectFrom('pages').selectAll().orderBy('id').execute();
const admin = () => env.as(adminId).pages;
const idOf = async (address: string) => (await admin().list()).find((p) => p.address === address)!.id;

/** The field a refusal is shown by (trpc/init.ts's fieldErrors): a validation's first issue, or a service's detail. */
function fieldOf(error: unknown): string | undefined {
  const cause = (error as { cause?: unknown }).cause;
  if (cause instanceof ZodError) return cause.issues[0]?.path.join('.');
  return cause instanceof AppError ? cause.detail?.field : undefined;
}

const NEW_PAGE: PageInput = { title: 'Size guide', address: 'size-guide', text: '## Sizes\n\n- **S**: 36\n- **M**: 38', titleUr: '', textUr: '', showInFooter: true, published: false };

describe('the marketplace pages', () => {
  it('start as six drafts with starter text, in the footer once published', async () => {
    const pages = await admin().list();
    expect(pages.map((p) => [p.address, p.title])).toEqual([
      ['about', 'About us'],
      ['terms', 'Terms of service'],
      ['privacy', 'Privacy policy'],
      ['returns', 'Returns and refunds'],
      ['delivery', 'Delivery'],
      ['contact', 'Contact'],
    ]);
    expect(pages.every((p) => !p.published && p.showInFooter)).toBe(true);
    const terms = await admin().get({ id: pages[1]!.id });
    expect(terms.text).toMatch(/^## /);
    expect(await env.as(null).pages.shell()).toEqual({ footer: [], announcement: null, year: 2026 });
  });

  it('are listed, read, made and edited by an admin only; a refused call changes nothing', async () => {
    const before = await rows();
    const id = before[0]!.id;
    for (const user of [null, buyerId, shopkeeperId]) {
      const code = user === null ? 'UNAUTHORIZED' : 'FORBIDDEN';
      const pages = env.as(user).pages;
      await expect(pages.list()).rejects.toMatchObject({ code });
      await expect(pages.get({ id })).rejects.toMatchObject({ code });
      await expect(pages.create(NEW_PAGE)).rejects.toMatchObject({ code });
      await expect(pages.update({ id, ...NEW_PAGE, published: true })).rejects.toMatchObject({ code });
    }
    expect(await rows()).toEqual(before);
  });

  it('answer "not found" for a draft and an unknown address; a published page is read rendered, in its language', async () => {
    const guest = env.as(null).pages;
    for (const address of ['terms', 'no-such-page', 'Terms', '', '../admin']) {
      await expect(guest.page({ address }), address).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Page not found' });
    }
    const id = await idOf('terms');
    const terms = await admin().get({ id });
    await admin().update({ ...terms, id, text: '# Terms\n\nPay **in cash**. <script>alert(1)</script>', published: true });

    expect(await guest.page({ address: 'terms' })).toMatchObject({
      address: 'terms',
      title: 'Terms of service',
      titleLanguage: 'en',
      html: '<h2>Terms</h2>\n<p>Pay <strong>in cash</strong>. &lt;script&gt;alert(1)&lt;/script&gt;</p>',
      textLanguage: 'en',
    });
    // The starter's Urdu title; no Urdu text yet: the Urdu page shows the English text, saying it is English.
    expect(await guest.page({ address: 'terms', language: 'ur' })).toMatchObject({ title: 'شرائط و ضوابط', titleLanguage: 'ur', textLanguage: 'en' });
    await admin().update({ ...terms, id, published: true, titleUr: 'شرائط', textUr: 'نقد **ادائیگی**' });
    expect(await guest.page({ address: 'terms', language: 'ur' })).toMatchObject({ title: 'شرائط', titleLanguage: 'ur', html: '<p>نقد <strong>ادائیگی</strong></p>', textLanguage: 'ur' });
    expect(await guest.page({ address: 'terms', language: 'en' })).toMatchObject({ title: 'Terms of service', titleLanguage: 'en' });

    // The footer: the published pages shown in it, in their order.
    expect((await guest.shell()).footer).toEqual([{ address: 'terms', title: 'Terms of service', titleUr: 'شرائط' }]);
    const about = await admin().get({ id: await idOf('about') });
    await admin().update({ ...about, published: true, showInFooter: false });
    const returns = await admin().get({ id: await idOf('returns') });
    await admin().update({ ...returns, published: true });
    expect((await guest.shell()).footer.map((p) => p.address)).toEqual(['terms', 'returns']);
    expect(await guest.page({ address: 'about' })).toMatchObject({ title: 'About us' });

    // Unpublished: not found again.
    await admin().update({ ...about, published: false });
    await expect(guest.page({ address: 'about' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('refuse bad input by its field and save nothing', async () => {
    const before = await rows();
    const termsId = await idOf('terms');
    const refused: Array<[Partial<PageInput>, string, string]> = [
      [{ title: '     ' }, 'title', PAGE_TITLE_REQUIRED],
      [{ title: 'x'.repeat(121) }, 'title', PAGE_TITLE_LENGTH],
      [{ address: '' }, 'address', PAGE_ADDRESS_REQUIRED],
      [{ address: 'about us' }, 'address', PAGE_ADDRESS_INVALID],
      [{ address: '-about' }, 'address', PAGE_ADDRESS_INVALID],
      [{ address: 'a/b' }, 'address', PAGE_ADDRESS_INVALID],
      [{ address: 'ürdu' }, 'address', PAGE_ADDRESS_INVALID],
      [{ address: 'x'.repeat(61) }, 'address', PAGE_ADDRESS_LENGTH],
      [{ text: '  \n ' }, 'text', PAGE_TEXT_REQUIRED],
      [{ text: 'x'.repeat(50_001) }, 'text', PAGE_TEXT_LENGTH],
      [{ textUr: 'x'.repeat(50_001) }, 'textUr', PAGE_URDU_TEXT_LENGTH],
    ];
    for (const [change, field, message] of refused) {
      const error = await admin()
        .create({ ...NEW_PAGE, ...change })
        .catch((e: unknown) => e);
      expect(error, JSON.stringify(change).slice(0, 60)).toMatchObject({ code: 'BAD_REQUEST', message });
      expect(fieldOf(error)).toBe(field);
    }
    // Another page's address, new or edited (an address in capitals is the same address).
    for (const call of [() => admin().create({ ...NEW_PAGE, address: 'privacy' }), () => admin().create({ ...NEW_PAGE, address: ' PRIVACY ' }), () => admin().update({ ...NEW_PAGE, id: termsId, address: 'privacy' })]) {
      const error = await call().catch((e: unknown) => e);
      expect(error).toMatchObject({ code: 'BAD_REQUEST', message: PAGE_ADDRESS_TAKEN });
      expect(fieldOf(error)).toBe('address');
    }
    await expect(admin().update({ ...NEW_PAGE, id: 999_999 })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await rows()).toEqual(before);
  });

  it('makes a new page at exactly 50,000 characters, and keeps its own address on an edit', async () => {
    const made = await admin().create({ ...NEW_PAGE, address: 'Size-Guide', text: 'x'.repeat(50_000) });
    expect(made).toMatchObject({ address: 'size-guide', title: 'Size guide', published: false, showInFooter: true });
    expect(made.text).toHaveLength(50_000);
    const saved = await admin().update({ ...made, title: 'Sizes', published: true });
    expect(saved).toMatchObject({ address: 'size-guide', title: 'Sizes', published: true });
  });

  it('deletes a page for an admin only: its address is then not found, it leaves the footer, and the log says so', async () => {
    const made = await admin().create({ ...NEW_PAGE, title: 'Old offer', address: 'old-offer', published: true });
    expect((await env.as(null).pages.shell()).footer.map((p) => p.address)).toContain('old-offer');
    for (const user of [null, buyerId, shopkeeperId]) {
      await expect(env.as(user).pages.delete({ id: made.id })).rejects.toMatchObject({ code: user === null ? 'UNAUTHORIZED' : 'FORBIDDEN' });
    }
    expect(await idOf('old-offer')).toBe(made.id);
    await admin().delete({ id: made.id });
    expect((await admin().list()).map((p) => p.address)).not.toContain('old-offer');
    await expect(env.as(null).pages.page({ address: 'old-offer', language: 'en' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await env.as(null).pages.shell()).footer.map((p) => p.address)).not.toContain('old-offer');
    await expect(admin().delete({ id: made.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const { items } = await env.as(adminId).activity.list({ kind: 'page' });
    expect(items[0]).toMatchObject({ action: 'page.deleted', subject: { type: 'page', label: 'Old offer' } });
    // Its address is free again.
    await admin().delete({ id: (await admin().create({ ...NEW_PAGE, title: 'Old offer', address: 'old-offer' })).id });
  });

  it('records each change in the activity log with the fields before and after', async () => {
    const { items: all } = await env.as(adminId).activity.list({ kind: 'page' });
    // After the deletions above (their own test).
    const items = all.filter((e) => e.subject.label !== 'Old offer');
    expect(items.map((e) => e.action)).toEqual(['page.published', 'page.created', 'page.unpublished', 'page.published', 'page.published', 'page.updated', 'page.published']);
    expect(items.every((e) => e.actor.name === 'Admin Ayesha')).toBe(true);
    const created = items.find((e) => e.action === 'page.created')!;
    expect(created.subject).toMatchObject({ type: 'page', label: 'Size guide' });
    expect(created.changes).toContainEqual({ field: 'path', before: '', after: '/p/size-guide' });
    const published = items.at(-1)!;
    expect(published.subject).toMatchObject({ type: 'page', label: 'Terms of service' });
    expect(published.changes).toContainEqual({ field: 'published', before: 'false', after: 'true' });
    // A long text is kept as its start.
    expect(created.changes.find((c) => c.field === 'text')!.after.length).toBeLessThan(300);
  });
});
