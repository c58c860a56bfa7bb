import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createProduct, createShop, createUser, TEST_PASSWORD } from '../testing/factories';
import { rawRequest, signInOverHttp, startTestServer, type TestServer } from '../testing/test-server';
import * as sitemaps from './sitemaps';
import { ROBOTS_DISALLOW } from './sitemaps';

const SITE = 'https://shop.example.pk';
let server: TestServer;
afterEach(async () => {
  await server.close();
  await server.env.db.destroy();
});

const get = (urlPath: string, headers: Record<string, string> = {}, method = 'GET') => rawRequest(server.port, urlPath, { headers, method });

/** The document parsed by a real XML parser, after checking it is well-formed. */
function parseXml(text: string) {
  expect(XMLValidator.validate(text)).toBe(true);
  return new XMLParser({ ignoreAttributes: false, isArray: (name) => name === 'url' || name === 'sitemap' }).parse(text) as {
    sitemapindex?: { '@_xmlns': string; sitemap?: Array<{ loc: string }> };
    urlset?: { '@_xmlns': string; url?: Array<{ loc: string; lastmod?: string }> };
  };
}

async function sitemapIndex(headers: Record<string, string> = {}) {
  const res = await get('/sitemap.xml', headers);
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
  const doc = parseXml(res.text);
  expect(doc.sitemapindex?.['@_xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
  return (doc.sitemapindex?.sitemap ?? []).map((s) => s.loc);
}

async function urlSet(urlPath: string) {
  const res = await get(urlPath);
  expect(res.status, urlPath).toBe(200);
  const doc = parseXml(res.text);
  expect(doc.urlset?.['@_xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
  return doc.urlset?.url ?? [];
}

describe('sitemaps', () => {
  it('chunks the public products and shops (chunk size 2, 5 products: 3 chunks) with absolute URLs from PUBLIC_URL', async () => {
    server = await startTestServer({ publicUrl: `${SITE}/`, sitemapChunkSize: 2 });
    const shop = await createShop(server.env, { slug: 'lahore-lawn' });
    const products = [];
    for (let i = 0; i < 5; i++) products.push(await createProduct(server.env, shop, { name: `Kurta ${i}` }));
    // Hidden by its owner, and a hidden shop with its product: in no sitemap.
    const hidden = await createProduct(server.env, shop, { name: 'Hidden', isActive: false });
    const closed = await createShop(server.env, { slug: 'closed-shop', isActive: false });
    await createProduct(server.env, closed, { name: 'In a closed shop' });

    const index = await sitemapIndex({ host: 'evil.example', 'x-forwarded-host': 'evil.example' });
    expect(index).toEqual([`${SITE}/sitemaps/products-1.xml`, `${SITE}/sitemaps/products-2.xml`, `${SITE}/sitemaps/products-3.xml`, `${SITE}/sitemaps/shops-1.xml`]);

    const listed = [];
    for (const n of [1, 2, 3]) listed.push(...(await urlSet(`/sitemaps/products-${n}.xml`)));
    expect(listed.map((u) => u.loc)).toEqual(products.map((p) => `${SITE}/product/${p.slug}`));
    expect(listed.map((u) => u.loc)).not.toContain(`${SITE}/product/${hidden.slug}`);
    for (const url of listed) expect(new Date(url.lastmod!).toISOString()).toBe(url.lastmod);
    expect((await urlSet('/sitemaps/shops-1.xml')).map((u) => u.loc)).toEqual([`${SITE}/shop/lahore-lawn`]);

    // Out of range, malformed or unknown chunks are not found; HEAD answers without a body.
    for (const missing of ['/sitemaps/products-4.xml', '/sitemaps/shops-2.xml', '/sitemaps/products-0.xml', '/sitemaps/products-01.xml', '/sitemaps/orders-1.xml', '/sitemaps/']) {
      expect((await get(missing)).status, missing).toBe(404);
    }
    const head = await get('/sitemap.xml', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
  });

  it('drops a product its owner hides, and a shop an admin takes down, on the next request', async () => {
    // Without PUBLIC_URL (http://localhost:PORT), so the session cookie is the plain http one.
    server = await startTestServer();
    const SITE = `http://localhost:${server.port}`;
    const base = `http://127.0.0.1:${server.port}`;
    const ownerEmail = 'sitemap-owner@example.test';
    const owner = await createUser(server.env, { email: ownerEmail, roles: ['shopkeeper'], trialStartAt: new Date() });
    const shop = await createShop(server.env, { owner, slug: 'karachi-shoes' });
    const [kept, hidden] = [await createProduct(server.env, shop, { name: 'Kept' }), await createProduct(server.env, shop, { name: 'Hidden soon' })];
    const locs = async (urlPath: string) => (await urlSet(urlPath)).map((u) => u.loc);
    expect(await locs('/sitemaps/products-1.xml')).toEqual([`${SITE}/product/${kept.slug}`, `${SITE}/product/${hidden.slug}`]);
    // Answered from the public cache: the same ETag, 304 when the crawler holds it.
    const first = await get('/sitemaps/products-1.xml');
    expect((await get('/sitemaps/products-1.xml', { 'if-none-match': String(first.headers.etag) })).status).toBe(304);

    const cookie = await signInOverHttp(server.port, ownerEmail, TEST_PASSWORD);
    const hide = await fetch(`${base}/api/trpc/products.setActive`, {
      method: 'POST',
      headers: { cookie, origin: base, 'content-type': 'application/json' },
      body: JSON.stringify({ id: hidden.id, active: false }),
    });
    expect(hide.status).toBe(200);
    expect(await locs('/sitemaps/products-1.xml')).toEqual([`${SITE}/product/${kept.slug}`]);

    const adminEmail = 'sitemap-admin@example.test';
    await createUser(server.env, { email: adminEmail, roles: ['admin'] });
    const admin = await signInOverHttp(server.port, adminEmail, TEST_PASSWORD);
    const takedown = await fetch(`${base}/api/trpc/admin.setShopActive`, {
      method: 'POST',
      headers: { cookie: admin, origin: base, 'content-type': 'application/json' },
      body: JSON.stringify({ id: shop.id, isActive: false }),
    });
    expect(takedown.status).toBe(200);
    expect(await sitemapIndex()).toEqual([]);
    expect((await get('/sitemaps/products-1.xml')).status).toBe(404);
  });
});

/** RFC 9309's matching: a rule is a prefix, `*` any characters, `$` the end of the path. */
function ruleMatches(rule: string, urlPath: string): boolean {
  const pattern = rule.replace(/[.+?^{}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*');
  return new RegExp(`^${pattern.endsWith('$') ? pattern : `${pattern}`}`).test(urlPath);
}

describe('robots.txt', () => {
  it('keeps crawlers out of the private screens only, and names the sitemap by its absolute URL', async () => {
    server = await startTestServer({ publicUrl: SITE });
    const res = await get('/robots.txt', { host: 'evil.example' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.text.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain(`Sitemap: ${SITE}/sitemap.xml`);
    const rules = lines.filter((l) => l.startsWith('Disallow: ')).map((l) => l.slice('Disallow: '.length));
    expect(rules).toEqual([...ROBOTS_DISALLOW]);
    const blocked = (urlPath: string) => rules.some((rule) => ruleMatches(rule, urlPath));
    for (const path of ['/cart', '/checkout', '/buyer/orders', '/guest/orders', '/settings', '/shop/create', '/shop/dashboard', '/shop/products', '/shop/products/edit/4', '/shop/orders', '/shop/orders/slips', '/shop/settings', '/admin/users', '/auth', '/role-selection', '/api/trpc/auth.me']) {
      expect(blocked(path), path).toBe(true);
    }
    for (const path of ['/browse', '/shops', '/product/blue-kurta', '/shop/lahore-lawn', '/shop/products-lahore', '/sitemap.xml']) expect(blocked(path), path).toBe(false);
  });

  it('names http://localhost:PORT without PUBLIC_URL, whatever Host the request sends', async () => {
    server = await startTestServer();
    const res = await get('/robots.txt', { host: 'evil.example' });
    expect(res.text).toContain(`Sitemap: http://localhost:${server.port}/sitemap.xml`);
  });

  it('makes a chunk once for the crawlers that miss it at once', async () => {
    server = await startTestServer({ publicUrl: SITE });
    const shop = await createShop(server.env, { slug: 'busy-shop' });
    for (let i = 0; i < 3; i++) await createProduct(server.env, shop, { name: `Shawl ${i}` });
    // A chunk of the large seed takes tens of milliseconds to make: the crawlers all arrive meanwhile.
    const make = sitemaps.sitemapChunk;
    const made = vi.spyOn(sitemaps, 'sitemapChunk').mockImplementation(async (...args) => {
      await new Promise((resolve) => setTimeout(resolve, 100));
      return make(...args);
    });
    try {
      const answers = await Promise.all(Array.from({ length: 20 }, () => get('/sitemaps/products-1.xml')));
      expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
      expect(new Set(answers.map((a) => a.text)).size).toBe(1);
      expect(made).toHaveBeenCalledTimes(1);
      // A chunk that does not exist is looked up once too, and is a 404 for each.
      made.mockClear();
      const missing = await Promise.all(Array.from({ length: 5 }, () => get('/sitemaps/products-9.xml')));
      expect(missing.map((a) => a.status)).toEqual(Array(5).fill(404));
      expect(made).toHaveBeenCalledTimes(1);
    } finally {
      made.mockRestore();
    }
  });
});
