import http from 'node:http';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublicCache, DEFAULT_PUBLIC_CACHE } from '../cache/public-cache';
import { parseTrustProxy } from './client-address';
import { createLogger } from '../observability/logger';
import { createProduct, createShop, createUser, type ProductRef } from '../testing/factories';
import { createTestEnv } from '../testing/test-app';
import { rawRequest, type RawResponse, signInOverHttp, startTestServer, type TestServer, writeStandInRenderer } from '../testing/test-server';

/**
 * Answers replayed (http/replay.ts) through the real HTTP server: a guest's repeated GET of a cached
 * read or page is answered with the full path's own headers and bytes, under its own request id,
 * logged and counted; never across a write, another encoding, https or not, a language chosen, or
 * a request that carries a session, a range, a condition other than If-None-Match, or a body. A
 * revalidation is replayed as its 304.
 */
const RENDERER = `
export const isAppPath = () => true;
export async function renderPage({ path, router, createContext }) {
  const product = await router.createCaller(await createContext()).catalog.product({ slug: path.split('/').pop() });
  return { status: 200, html: '<h1>' + product.name + '</h1>', dataScript: '', screen: 'src/client/pages/product.tsx' };
}
`;

const lines: string[] = [];
const logger = createLogger({ level: 'info', destination: { write: (line: string) => void lines.push(line) } });
const logOf = (res: RawResponse) =>
  lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((r) => r.msg === 'request' && r.reqId === res.headers['x-request-id']);
const replayed = (res: RawResponse) => logOf(res)[0]?.replayed === true;

let server: TestServer;
let ownerCookie = '';
let product: ProductRef;
const input = (value: unknown) => `?input=${encodeURIComponent(JSON.stringify(value))}`;

/** Every header but the two each answer has of its own. */
const sameParts = (res: RawResponse) => {
  const { date: _date, 'x-request-id': _id, ...rest } = res.headers;
  return rest;
};

async function rename(name: string): Promise<void> {
  const reply = await fetch(`http://127.0.0.1:${server.port}/api/trpc/products.update`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: `http://127.0.0.1:${server.port}`, cookie: ownerCookie },
    body: JSON.stringify({ id: product.id, product: { name, brand: '', descriptionHtml: '<p>Nice.</p>', sellingPrice: '19.99', stockAmount: '50', unit: 'pieces' } }),
  });
  expect(reply.status).toBe(200);
}

beforeAll(async () => {
  const env = createTestEnv();
  writeStandInRenderer(env, RENDERER);
  // Its own public cache, kept also in the run with the caches off (TEST_CACHES=off): replays live on it.
  server = await startTestServer({ publicCache: createPublicCache(DEFAULT_PUBLIC_CACHE), observability: { logger } }, env);
  const owner = await createUser(env, { email: 'replay-owner@example.test', roles: ['shopkeeper'], isPro: true, trialStartAt: new Date() });
  const shop = await createShop(env, { owner, name: 'Replay Shop', slug: 'replay-shop' });
  product = await createProduct(env, shop, { name: 'Replay kettle' });
  // Enough products for a list above the size that is sent compressed.
  for (let i = 0; i < 8; i += 1) await createProduct(env, shop, { name: `Replay filler ${i}` });
  ownerCookie = await signInOverHttp(server.port, 'replay-owner@example.test');
});

afterAll(async () => {
  await server.close();
  await server.env.db.destroy();
});

describe("a guest's repeated GET of a cached answer", () => {
  it('is replayed with the full path’s headers and bytes, under its own request id, and logged', async () => {
    const url = `/api/trpc/catalog.product${input({ slug: product.slug })}`;
    const first = await rawRequest(server.port, url);
    const second = await rawRequest(server.port, url);
    const third = await rawRequest(server.port, url, { headers: { 'x-request-id': 'proxy-replay-0001' } });
    expect(first.status).toBe(200);
    expect(replayed(first)).toBe(false);
    expect([replayed(second), replayed(third)]).toEqual([true, true]);
    for (const again of [second, third]) {
      expect(again.status).toBe(200);
      expect(sameParts(again)).toEqual(sameParts(first));
      expect(again.text).toBe(first.text);
      expect(again.headers.date).toEqual(expect.any(String));
      expect(logOf(again)).toHaveLength(1);
      expect(logOf(again)[0]).toMatchObject({ method: 'GET', procedures: ['catalog.product'], status: 200, level: 30 });
    }
    expect(new Set([first, second].map((r) => r.headers['x-request-id'])).size).toBe(2);
    expect(third.headers['x-request-id']).toBe('proxy-replay-0001');
    expect(first.json<{ result: { data: { name: string } } }>().result.data.name).toBe('Replay kettle');
  });

  it('is made per encoding asked for, each the bytes the full path sends for it', async () => {
    const url = `/api/trpc/catalog.shopProducts${input({ shopId: product.shopId })}`;
    const asked = { br: { 'accept-encoding': 'br' }, gzip: { 'accept-encoding': 'gzip' }, none: {} };
    const decoded = (res: RawResponse, raw: Buffer) =>
      res.headers['content-encoding'] === 'br' ? zlib.brotliDecompressSync(raw) : res.headers['content-encoding'] === 'gzip' ? zlib.gunzipSync(raw) : raw;
    const bodies: string[] = [];
    for (const [name, headers] of Object.entries(asked)) {
      const full = await rawBytes(url, headers);
      const again = await rawBytes(url, headers);
      expect(replayed(again.res)).toBe(true);
      expect(again.res.headers['content-encoding']).toBe(name === 'none' ? undefined : name);
      expect(sameParts(again.res)).toEqual(sameParts(full.res));
      expect(again.raw.equals(full.raw)).toBe(true);
      bodies.push(decoded(again.res, again.raw).toString('utf8'));
    }
    expect(bodies[0]!.length).toBeGreaterThan(1024);
    expect(new Set(bodies).size).toBe(1);
  });

  it('ends with a write: the next request reads afresh, and the one after replays that', async () => {
    const url = `/api/trpc/catalog.product${input({ slug: product.slug })}`;
    const name = (res: RawResponse) => res.json<{ result: { data: { name: string } } }>().result.data.name;
    await rawRequest(server.port, url);
    expect(replayed(await rawRequest(server.port, url))).toBe(true);
    await rename('Replay teapot');
    const after = await rawRequest(server.port, url);
    expect([name(after), replayed(after)]).toEqual(['Replay teapot', false]);
    const again = await rawRequest(server.port, url);
    expect([name(again), replayed(again)]).toEqual(['Replay teapot', true]);
    await rename('Replay kettle');
  });

  it('is a page too, and a visit that chooses its language still gets its cookie', async () => {
    const urdu = `/ur/product/${product.slug}`;
    const first = await rawRequest(server.port, urdu);
    const second = await rawRequest(server.port, urdu);
    expect(second.text).toContain('<h1>Replay kettle</h1>');
    expect(replayed(second)).toBe(true);
    expect(sameParts(second)).toEqual(sameParts(first));
    expect(second.headers['set-cookie']).toBeUndefined();
    // A link the visitor followed on this site into Urdu (http/pages.ts): the same URL, another answer.
    const followed = { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'navigate', 'sec-fetch-user': '?1' };
    for (let i = 0; i < 2; i += 1) {
      const chosen = await rawRequest(server.port, urdu, { headers: followed });
      expect(chosen.headers['set-cookie']).toEqual(['lang=ur; Path=/; Max-Age=31536000; SameSite=Lax']);
      expect(replayed(chosen)).toBe(i === 1);
    }
  });
});

describe('what a replay never crosses', () => {
  it('for a request with a session, another condition than If-None-Match, or a HEAD: each is the full path’s', async () => {
    const url = `/api/trpc/catalog.product${input({ slug: product.slug })}`;
    const plain = await rawRequest(server.port, url);
    expect(replayed(await rawRequest(server.port, url))).toBe(true);

    for (let i = 0; i < 2; i += 1) {
      const signedIn = await rawRequest(server.port, url, { headers: { cookie: ownerCookie } });
      expect([signedIn.headers['cache-control'], replayed(signedIn)]).toEqual(['private, no-cache', false]);
      const since = await rawRequest(server.port, url, { headers: { 'if-modified-since': 'Wed, 21 Oct 2015 07:28:00 GMT' } });
      expect([since.status, replayed(since)]).toEqual([200, false]);
      const head = await rawRequest(server.port, url, { method: 'HEAD' });
      expect([head.text, replayed(head)]).toEqual(['', false]);
    }
    expect(plain.status).toBe(200);
  });

  it('across https and http: Strict-Transport-Security follows the request, not the recording', async () => {
    // Behind a trusted proxy that says how the browser came in, and without PUBLIC_URL.
    const proxied = await startTestServer({ publicCache: createPublicCache(DEFAULT_PUBLIC_CACHE), trustProxy: parseTrustProxy('loopback'), observability: { logger } }, server.env);
    try {
      const url = `/api/trpc/catalog.product${input({ slug: product.slug })}`;
      const hsts = (res: RawResponse) => res.headers['strict-transport-security'] ?? null;
      const overHttps = { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' };
      for (let i = 0; i < 2; i += 1) {
        const secure = await rawRequest(proxied.port, url, { headers: overHttps });
        const plain = await rawRequest(proxied.port, url, { headers: { 'x-forwarded-proto': 'http' } });
        expect([hsts(secure), replayed(secure)]).toEqual(['max-age=31536000', i === 1]);
        expect([hsts(plain), replayed(plain)]).toEqual([null, i === 1]);
      }
    } finally {
      await proxied.close();
    }
  });
});

describe('a revalidation (If-None-Match)', () => {
  it('is replayed as the full path’s 304 while the ETag it names is the answer’s, and gets the 200 once a write changed it', async () => {
    const url = `/api/trpc/catalog.product${input({ slug: product.slug })}`;
    const plain = await rawRequest(server.port, url);
    const etag = String(plain.headers.etag);
    const full = await rawRequest(server.port, url, { headers: { 'if-none-match': etag } });
    const again = await rawRequest(server.port, url, { headers: { 'if-none-match': etag } });
    expect([full.status, full.text, replayed(full)]).toEqual([304, '', false]);
    expect([again.status, again.text, replayed(again)]).toEqual([304, '', true]);
    expect(sameParts(again)).toEqual(sameParts(full));
    expect(again.headers['content-length']).toBeUndefined();
    // Another ETag (not this answer's): the full path, which sends the answer.
    const other = await rawRequest(server.port, url, { headers: { 'if-none-match': 'W/"not-this-one"' } });
    expect([other.status, replayed(other)]).toEqual([200, false]);
    expect(other.text).toBe(plain.text);

    await rename('Replay samovar');
    const stale = await rawRequest(server.port, url, { headers: { 'if-none-match': etag } });
    expect([stale.status, replayed(stale)]).toEqual([200, false]);
    expect(stale.json<{ result: { data: { name: string } } }>().result.data.name).toBe('Replay samovar');
    const fresh = String(stale.headers.etag);
    expect(fresh).not.toBe(etag);
    await rawRequest(server.port, url, { headers: { 'if-none-match': fresh } });
    const revalidated = await rawRequest(server.port, url, { headers: { 'if-none-match': fresh } });
    expect([revalidated.status, replayed(revalidated)]).toEqual([304, true]);
    await rename('Replay kettle');
  });

});

/** A GET over node:http whose body is kept as bytes (compressed as sent). */
async function rawBytes(url: string, headers: Record<string, string>): Promise<{ res: RawResponse; raw: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port: server.port, path: url, headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          resolve({ raw, res: { status: res.statusCode ?? 0, headers: res.headers, text: raw.toString('latin1'), json: () => JSON.parse(raw.toString('utf8')) } });
        });
      })
      .on('error', reject);
  });
}
