// The marketplace's pages over HTTP (issue 47): a draft is in no sitemap and its head is private
// (noindex: its answer is the 404 page); once published it is listed in the sitemap at /p/{address},
// and its head has its title, canonical URL and hreflang alternates, in each language. A page published
// or an announcement saved through one instance is what another instance of the same database answers
// next (SQLite: data_version; PostgreSQL: the tables' triggers).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShareHeadRenderer } from '../catalog/share-head';
import type { DB } from '../db/client';
import { createUser, TEST_PASSWORD } from '../testing/factories';
import { elements, textOf } from '../testing/html';
import { type Instance, mutateOn, startInstance } from '../testing/instances';
import { createTestEnv, type TestEnv } from '../testing/test-app';
import { secondHandle } from '../testing/test-engine';
import { rawRequest, signInOverHttp, startTestServer, type TestServer } from '../testing/test-server';


const canonical = (html: string) => elements(html, 'link').filter((l) => l.attribs.rel === 'canonical').map((l) => l.attribs.href);
const alternates = (html: string) => Object.fromEntries(elements(html, 'link').filter((l) => l.attribs.rel === 'alternate').map((l) => [l.attribs.hreflang, l.attribs.href]));
const robots = (html: string) => elements(html, 'meta').find((m) => m.attribs.name === 'robots')?.attribs.content;
const title = (html: string) => elements(html, 'title').map(textOf)[0];
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);

/** The Terms page as its form saves it, published or not. */
async function termsInput(env: TestEnv, adminId: number, published: boolean) {
  const terms = (await env.as(adminId).pages.list()).find((p) => p.address === 'terms')!;
  const form = await env.as(adminId).pages.get({ id: terms.id });
  return { id: form.id, title: form.title, address: form.address, text: form.text, titleUr: form.titleUr, textUr: form.textUr, showInFooter: form.showInFooter, published };
}

describe('a published page in the sitemap and in search engines\' heads', () => {
  let server: TestServer;
  let env: TestEnv;
  let adminId = 0;
  let cookie = '';
  // Without PUBLIC_URL (http://localhost:PORT), so the session cookie is the plain http one.
  let SITE = '';
  const get = (urlPath: string) => rawRequest(server.port, urlPath);
  beforeAll(async () => {
    env = createTestEnv();
    server = await startTestServer({ renderHead: createShareHeadRenderer(env.db, env.config.storage) }, env);
    SITE = `http://localhost:${server.port}`;
    adminId = await createUser(env, { email: 'pages-http-admin@example.test', roles: ['admin'] });
    cookie = await signInOverHttp(server.port, 'pages-http-admin@example.test', TEST_PASSWORD);
  });
  afterAll(async () => {
    await server.close();
    await env.db.destroy();
  });

  it('a page the browser renders alone carries the footer and the announcement, so the bar is there at its first render', async () => {
    const shellData = async (urlPath: string) =>
      JSON.parse(/<script type="application\/json" id="shell-data">([^<]*)<\/script>/.exec((await get(urlPath)).text)?.[1] ?? 'null') as { footer: unknown[]; announcement: { text: string } | null } | null;
    // Saved as the admin saves it, over HTTP: the write empties the cache the shell is kept in.
    const saveAnnouncement = async (text: string) => {
      const base = `http://127.0.0.1:${server.port}`;
      const saved = await fetch(`${base}/api/trpc/settings.saveAnnouncement`, {
        method: 'POST',
        headers: { cookie, origin: base, 'content-type': 'application/json' },
        body: JSON.stringify({ text, textUr: '', link: '', startsAt: null, endsAt: null }),
      });
      expect(saved.status).toBe(200);
    };
    expect(await shellData('/cart')).toMatchObject({ footer: [], announcement: null });
    await saveAnnouncement('Eid sale </script><b>');
    for (const urlPath of ['/cart', '/ur/checkout', '/no-such-screen']) expect((await shellData(urlPath))?.announcement?.text, urlPath).toBe('Eid sale </script><b>');
    await saveAnnouncement('');
    expect((await shellData('/cart'))?.announcement).toBeNull();
  });

  it('lists no draft, and a page once it is published', async () => {
    expect(locs((await get('/sitemap.xml')).text)).not.toContain(`${SITE}/sitemaps/pages-1.xml`);
    expect((await get('/sitemaps/pages-1.xml')).status).toBe(404);
    const draft = await get('/p/terms');
    expect(robots(draft.text)).toBe('noindex,nofollow');
    expect(canonical(draft.text)).toEqual([]);

    const base = `http://127.0.0.1:${server.port}`;
    const saved = await fetch(`${base}/api/trpc/pages.update`, {
      method: 'POST',
      headers: { cookie, origin: base, 'content-type': 'application/json' },
      body: JSON.stringify(await termsInput(env, adminId, true)),
    });
    expect(saved.status).toBe(200);

    expect(locs((await get('/sitemap.xml')).text)).toContain(`${SITE}/sitemaps/pages-1.xml`);
    const listed = await get('/sitemaps/pages-1.xml');
    expect(listed.status).toBe(200);
    expect(locs(listed.text)).toEqual([`${SITE}/p/terms`]);
    expect(listed.text).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}T/);

    const page = await get('/p/terms');
    expect(title(page.text)).toBe('Terms of service · Marketplace');
    expect(robots(page.text)).toBeUndefined();
    expect(canonical(page.text)).toEqual([`${SITE}/p/terms`]);
    expect(alternates(page.text)).toEqual({ en: `${SITE}/p/terms`, ur: `${SITE}/ur/p/terms`, 'x-default': `${SITE}/p/terms` });
    expect(elements(page.text, 'meta').find((m) => m.attribs.name === 'description')?.attribs.content).toMatch(/^Using this marketplace Write here/);
    const urdu = await get('/ur/p/terms');
    expect(canonical(urdu.text)).toEqual([`${SITE}/ur/p/terms`]);
    // The starter page's Urdu title (migration 2026_12_21_010000).
    expect(title(urdu.text)).toBe('\u2068شرائط و ضوابط\u2069 · \u2068مارکیٹ پلیس\u2069');
    // An unknown address: private, like any unknown page.
    expect(robots((await get('/p/no-such-page')).text)).toBe('noindex,nofollow');
  });
});

describe('pages and the announcement, on two instances of one database', () => {
  let env: TestEnv;
  let otherDb: DB;
  let one: Instance;
  let other: Instance;
  let adminId = 0;
  let cookie = '';
  const shellOn = async (instance: Instance) =>
    ((await (await fetch(`http://127.0.0.1:${instance.server.port}/api/trpc/pages.shell`)).json()) as { result: { data: { footer: Array<{ address: string }>; announcement: { text: string } | null } } }).result.data;

  beforeAll(async () => {
    env = createTestEnv();
    otherDb = await secondHandle(env);
    one = await startInstance(env, env.db);
    other = await startInstance(env, otherDb);
    adminId = await createUser(env, { email: 'pages-instances-admin@example.test', roles: ['admin'] });
    cookie = await signInOverHttp(one.server.port, 'pages-instances-admin@example.test');
  });
  afterAll(async () => {
    await one.stop();
    await other.stop();
    await otherDb.destroy();
    await env.db.destroy();
  });

  it('a page published and an announcement saved through one instance are what the other answers next', async () => {
    // The other instance has the drafts' empty footer in its cache.
    expect(await shellOn(other)).toMatchObject({ footer: [], announcement: null });

    expect(await mutateOn(one, 'pages.update', cookie, await termsInput(env, adminId, true))).toBe(200);
    // No waiting: the write's answer came once every instance was told.
    expect((await shellOn(other)).footer.map((p) => p.address)).toEqual(['terms']);

    expect(await mutateOn(one, 'settings.saveAnnouncement', cookie, { text: 'Eid sale', textUr: '', link: '', startsAt: null, endsAt: null })).toBe(200);
    expect((await shellOn(other)).announcement).toMatchObject({ text: 'Eid sale' });
  });
});
