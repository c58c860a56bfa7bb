import { afterEach, describe, expect, it } from 'vitest';
import { createShareHeadRenderer } from '../catalog/share-head';
import { createProduct, createShop } from '../testing/factories';
import { elements, textOf } from '../testing/html';
import { createTestEnv } from '../testing/test-app';
import { rawRequest, startTestServer, type TestServer } from '../testing/test-server';

/** Each page in English and in Urdu, as the raw HTML a crawler or a browser first reads (issue 21, item 1). */

const SITE = 'https://bazaar.example.pk';
let server: TestServer;
afterEach(async () => {
  await server.close();
  await server.env.db.destroy();
});

async function start() {
  const env = createTestEnv();
  server = await startTestServer({ publicUrl: SITE, renderHead: createShareHeadRenderer(env.db, env.config.storage) }, env);
  const shop = await createShop(env, { name: 'لاہور لان', slug: 'lahore-lawn' });
  const product = await createProduct(env, shop, { name: 'Lawn Kurta' });
  return { env, product };
}

const html = (page: string) => elements(page, 'html')[0]?.attribs ?? {};
const alternates = (page: string) =>
  Object.fromEntries(elements(page, 'link').filter((l) => l.attribs.rel === 'alternate').map((l) => [l.attribs.hreflang, l.attribs.href]));
const canonical = (page: string) => elements(page, 'link').filter((l) => l.attribs.rel === 'canonical').map((l) => l.attribs.href);
const title = (page: string) => elements(page, 'title').map(textOf);
const descriptions = (page: string) => elements(page, 'meta').filter((m) => m.attribs.name === 'description').map((m) => m.attribs.content ?? '');
const LATIN_WORD = /[A-Za-z]{2,}/;

describe('a page in each language', () => {
  it('public pages: lang and dir, their own canonical URL, hreflang alternates en, ur and x-default, one description in the language', async () => {
    const { product } = await start();
    for (const route of ['/browse', '/shops', `/product/${product.slug}`, '/shop/lahore-lawn']) {
      const en = await rawRequest(server.port, route);
      const ur = await rawRequest(server.port, `/ur${route}`);
      expect([en.status, ur.status], route).toEqual([200, 200]);
      expect(html(en.text), route).toMatchObject({ lang: 'en' });
      expect(html(en.text).dir ?? 'ltr', route).toBe('ltr');
      expect(html(ur.text), route).toMatchObject({ lang: 'ur', dir: 'rtl' });
      const both = { en: `${SITE}${route}`, ur: `${SITE}/ur${route}`, 'x-default': `${SITE}${route}` };
      expect(alternates(en.text), route).toEqual(both);
      expect(alternates(ur.text), route).toEqual(both);
      expect(canonical(en.text), route).toEqual([both.en]);
      expect(canonical(ur.text), route).toEqual([both.ur]);
      expect(descriptions(en.text), route).toHaveLength(1);
      expect(descriptions(ur.text), route).toHaveLength(1);
    }
    // The lists' titles and descriptions are the marketplace's own words: Urdu through and through.
    for (const route of ['/browse', '/shops']) {
      const ur = (await rawRequest(server.port, `/ur${route}`)).text;
      expect(title(ur)[0], route).not.toMatch(LATIN_WORD);
      expect(descriptions(ur)[0], route).not.toMatch(LATIN_WORD);
    }
    // A product's title names it as written, in the Urdu frame.
    expect(title((await rawRequest(server.port, `/ur/product/${product.slug}`)).text)[0]?.replace(/[\u2068\u2069]/g, '')).toBe('Lawn Kurta · لاہور لان · مارکیٹ پلیس');
  });

  it('private pages in Urdu read right to left, stay out of search engines and name no alternates', async () => {
    await start();
    for (const route of ['/cart', '/checkout', '/guest/orders', '/shop/dashboard', '/admin/users', '/auth']) {
      const ur = await rawRequest(server.port, `/ur${route}`);
      expect(ur.status, route).toBe(200);
      expect(html(ur.text), route).toMatchObject({ lang: 'ur', dir: 'rtl' });
      expect(elements(ur.text, 'meta').find((m) => m.attribs.name === 'robots')?.attribs.content, route).toBe('noindex,nofollow');
      expect(alternates(ur.text), route).toEqual({});
      expect(descriptions(ur.text), route).toEqual(['مقامی دکانوں سے خریدیں اور ادائیگی ڈیلیوری پر نقد کریں۔']);
    }
  });

  // An unknown prefix (/fr/browse) is a 404: the built client's routes decide, tests/e2e/urdu.spec.ts.
  it('/ follows the lang cookie; /ur is Urdu\'s root', async () => {
    await start();
    const plain = await rawRequest(server.port, '/');
    expect([plain.status, plain.headers.location]).toEqual([302, '/browse']);
    const urdu = await rawRequest(server.port, '/?q=lawn', { headers: { cookie: 'theme=x; lang=ur' } });
    expect([urdu.status, urdu.headers.location]).toEqual([302, '/ur/browse?q=lawn']);
    expect(urdu.headers['cache-control']).toBe('no-store');
    const english = await rawRequest(server.port, '/', { headers: { cookie: 'lang=en' } });
    expect(english.headers.location).toBe('/browse');
    const root = await rawRequest(server.port, '/ur');
    expect([root.status, root.headers.location]).toEqual([302, '/ur/browse']);
    // A cookie naming no language of ours changes nothing.
    expect((await rawRequest(server.port, '/', { headers: { cookie: 'lang=fr' } })).headers.location).toBe('/browse');
  });
});
