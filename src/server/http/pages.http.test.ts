import http from 'node:http';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublicCache, DEFAULT_PUBLIC_CACHE } from '../cache/public-cache';
import { createProduct, createShop, createUser } from '../testing/factories';
import { createTestEnv } from '../testing/test-app';
import { signInOverHttp, startTestServer, type TestServer, writeStandInRenderer } from '../testing/test-server';

/**
 * Server-rendered pages through the real HTTP server, with a stand-in renderer in place of the built
 * one (dist/ssr/entry-server.js): it reads a product through the router with the page's context, as the
 * real one does, takes a while, and counts its renders. A guest's page is rendered once however many
 * guests ask at once, then sent from the public cache until a write; a signed-in viewer's never is.
 */
const RENDERER = `
let renders = 0;
export const rendersSoFar = () => renders;
export const isAppPath = () => true;
export async function renderPage({ path, router, createContext }) {
  renders += 1;
  const context = await createContext();
  // A render takes tens of milliseconds: requests that arrive meanwhile overlap it.
  await new Promise((resolve) => setTimeout(resolve, 40));
  try {
    const product = await router.createCaller(context).catalog.product({ slug: path.split('/').pop() });
    return { status: 200, html: '<h1>' + product.name + '</h1>', dataScript: '', screen: 'src/client/pages/product.tsx' };
  } catch {
    return { status: 404, html: '<h1>Not found</h1>', dataScript: '', screen: 'src/client/pages/product.tsx' };
  }
}
`;

let server: TestServer;
let renders: () => number;
let ownerCookie = '';
let shop: { id: number; slug: string; ownerId: number; currency: string };
const base = () => `http://127.0.0.1:${server.port}`;

const page = async (urlPath: string, cookie?: string) => {
  const reply = await fetch(`${base()}${urlPath}`, { headers: cookie ? { cookie } : {} });
  return { status: reply.status, text: await reply.text(), cacheControl: reply.headers.get('cache-control'), etag: reply.headers.get('etag') };
};

async function mutate(procedure: string, value: unknown, cookie: string): Promise<void> {
  const reply = await fetch(`${base()}/api/trpc/${procedure}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base(), cookie },
    body: JSON.stringify(value),
  });
  if (reply.status !== 200) throw new Error(`${procedure} answered ${reply.status}: ${await reply.text()}`);
}

beforeAll(async () => {
  const env = createTestEnv();
  const renderer = writeStandInRenderer(env, RENDERER);
  renders = ((await import(pathToFileURL(renderer).href)) as { rendersSoFar: () => number }).rendersSoFar;
  // Its own public cache, kept also in the run with the caches off (TEST_CACHES=off): the cache is what this tests.
  server = await startTestServer({ publicCache: createPublicCache(DEFAULT_PUBLIC_CACHE) }, env);
  const owner = await createUser(env, { email: 'pages-owner@example.test', roles: ['shopkeeper'], isPro: true, trialStartAt: new Date() });
  shop = await createShop(env, { owner, name: 'Pages Shop', slug: 'pages-shop' });
  ownerCookie = await signInOverHttp(server.port, 'pages-owner@example.test');
});

afterAll(async () => {
  await server.close();
  await server.env.db.destroy();
});

describe("a guest's server-rendered page", () => {
  it('is rendered once for all the guests who ask at once, then sent from the cache until a write', async () => {
    const product = await createProduct(server.env, shop, { name: 'Page kettle' });
    const before = renders();
    const together = await Promise.all(Array.from({ length: 12 }, () => page(`/product/${product.slug}`)));
    expect(together.map((p) => p.status)).toEqual(Array(12).fill(200));
    expect(new Set(together.map((p) => p.text)).size).toBe(1);
    expect(together[0]!.text).toContain('<h1>Page kettle</h1>');
    expect(renders() - before).toBe(1);

    for (let i = 0; i < 3; i += 1) {
      const again = await page(`/product/${product.slug}`);
      expect(again).toMatchObject({ status: 200, cacheControl: 'no-cache', etag: together[0]!.etag });
    }
    expect(renders() - before).toBe(1);

    await mutate(
      'products.update',
      { id: product.id, product: { name: 'Page teapot', brand: '', descriptionHtml: '<p>Nice.</p>', sellingPrice: '19.99', stockAmount: '50', unit: 'pieces' } },
      ownerCookie,
    );
    expect((await page(`/product/${product.slug}`)).text).toContain('<h1>Page teapot</h1>');
    expect(renders() - before).toBe(2);
  });
});

describe("a signed-in viewer's page", () => {
  it('is rendered for them each time, sent private, and never kept for guests', async () => {
    const product = await createProduct(server.env, shop, { name: 'Hidden vase' });
    await mutate('products.setActive', { id: product.id, active: false }, ownerCookie);
    const before = renders();
    for (let i = 0; i < 2; i += 1) {
      const mine = await page(`/product/${product.slug}`, ownerCookie);
      expect(mine).toMatchObject({ status: 200, cacheControl: 'private, no-cache' });
      expect(mine.text).toContain('<h1>Hidden vase</h1>');
      const guest = await page(`/product/${product.slug}`);
      expect(guest.status).toBe(404);
      expect(guest.text).not.toContain('Hidden vase');
    }
    expect(renders() - before).toBe(4);
  });
});

describe('the language switch tapped before the page could run its script', () => {
  // What a browser sends for a link the visitor followed on this site (Sec-Fetch-*).
  const followed = { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'navigate', 'sec-fetch-user': '?1' };
  // node:http, not fetch, which writes its own Sec-Fetch-Mode.
  const setCookie = (urlPath: string, headers: Record<string, string>) =>
    new Promise<string | null>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port: server.port, path: urlPath, headers }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.headers['set-cookie']?.join('\n') ?? null));
        })
        .on('error', reject);
    });

  it('keeps the choice when the visitor follows a link of this site into the other language', async () => {
    const product = await createProduct(server.env, shop, { name: 'Lawn suit' });
    expect(await setCookie(`/ur/product/${product.slug}`, followed)).toBe('lang=ur; Path=/; Max-Age=31536000; SameSite=Lax');
    expect(await setCookie(`/product/${product.slug}`, { ...followed, cookie: 'lang=ur' })).toBe('lang=en; Path=/; Max-Age=31536000; SameSite=Lax');
    // And `/` then sends the visitor to the language they chose.
    const root = await fetch(`${base()}/`, { headers: { cookie: 'lang=ur' }, redirect: 'manual' });
    expect(root.headers.get('location')).toBe('/ur/browse');
  });

  it('changes nothing for a page in the language already chosen, or one reached from elsewhere', async () => {
    const product = await createProduct(server.env, shop, { name: 'Cotton shawl' });
    const urdu = `/ur/product/${product.slug}`;
    // Already chosen; English is the choice of a visitor who made none.
    expect(await setCookie(urdu, { ...followed, cookie: 'lang=ur' })).toBeNull();
    expect(await setCookie(`/product/${product.slug}`, followed)).toBeNull();
    // A shared link, a search result, an email: another site, or no page at all (the address bar).
    expect(await setCookie(urdu, { ...followed, 'sec-fetch-site': 'cross-site' })).toBeNull();
    expect(await setCookie(urdu, { ...followed, 'sec-fetch-site': 'none' })).toBeNull();
    // Not the visitor's own navigation (a prefetch, a frame), or a browser that says nothing.
    expect(await setCookie(urdu, { ...followed, 'sec-fetch-user': '' })).toBeNull();
    expect(await setCookie(urdu, { ...followed, 'sec-fetch-mode': 'no-cors' })).toBeNull();
    expect(await setCookie(urdu, {})).toBeNull();
  });
});
