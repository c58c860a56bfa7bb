// Issue 52: a batch of public reads (the storefront asks `catalog.shop` and `catalog.shopProducts` in one
// request) is answered from the public cache as a single read is: one entry for the whole batch, its
// bytes compressed once per encoding, its ETag answering 304, replayed to a guest who asks again, and
// emptied by a write on this instance or another. A batch with a private call is answered call by call,
// as before, and says so in the log at debug level.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DB } from '../db/client';
import { createLogger } from '../observability/logger';
import { createProduct, createShop, createUser, type ShopRef } from '../testing/factories';
import { type Instance, startInstance } from '../testing/instances';
import { createTestEnv, type TestEnv } from '../testing/test-app';
import { secondHandle } from '../testing/test-engine';
import { rawRequest, type RawResponse, signInOverHttp, startTestServer, type TestServer } from '../testing/test-server';
import { MemoryRateLimiter } from '../rate-limit';
import { createQueryHandler, planQueries } from '../trpc/http-queries';
import { createPublicCache, DEFAULT_PUBLIC_CACHE, type PublicCache } from './public-cache';

const lines: string[] = [];
const logger = createLogger({ level: 'debug', destination: { write: (line: string) => void lines.push(line) } });
const records = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);
const replayed = (res: RawResponse) => records().some((r) => r.msg === 'request' && r.reqId === res.headers['x-request-id'] && r.replayed === true);

/** The storefront's two reads in one request, as tRPC's batching link sends them. */
const storefront = (shop: Pick<ShopRef, 'id' | 'slug'>) => `/api/trpc/catalog.shop,catalog.shopProducts?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: { slug: shop.slug }, 1: { shopId: shop.id } }))}`;

type Batch = [{ result: { data: { name: string } } }, { result: { data: { items: Array<{ id: number; name: string }> } } }];

const productNames = (res: RawResponse) => res.json<Batch>()[1].result.data.items.map((p) => p.name);

function rename(port: number, cookie: string, id: number, name: string) {
  return fetch(`http://127.0.0.1:${port}/api/trpc/products.update`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: `http://127.0.0.1:${port}`, cookie },
    body: JSON.stringify({ id, product: { name, brand: '', descriptionHtml: '<p>Nice.</p>', sellingPrice: '19.99', stockAmount: '50', unit: 'pieces' } }),
  }).then((reply) => reply.status);
}

/** The body's bytes as sent, with its headers (rawRequest decodes to text). */
function rawBytes(port: number, url: string, headers: Record<string, string>): Promise<{ headers: http.IncomingHttpHeaders; raw: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: url, headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c)).on('end', () => resolve({ headers: res.headers, raw: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

describe('a batch of public reads, on one instance', () => {
  let server: TestServer;
  let cache: PublicCache;
  let shop: ShopRef;
  let productIds: number[];
  let ownerCookie = '';
  let buyerCookie = '';

  beforeAll(async () => {
    const env = createTestEnv();
    // Its own public cache, kept also in the run with the caches off (TEST_CACHES=off).
    cache = createPublicCache(DEFAULT_PUBLIC_CACHE);
    server = await startTestServer({ publicCache: cache, observability: { logger } }, env);
    const owner = await createUser(env, { email: 'batch-owner@example.test', roles: ['shopkeeper'], isPro: true, trialStartAt: new Date() });
    await createUser(env, { email: 'batch-buyer@example.test', roles: ['buyer'] });
    shop = await createShop(env, { owner, name: 'Batch Shop', slug: 'batch-shop' });
    productIds = [];
    // Enough products for a batch above the size that is sent compressed.
    for (let i = 0; i < 8; i += 1) productIds.push((await createProduct(env, shop, { name: `Batch kettle ${i}`, descriptionHtml: '<p>Long enough.</p>' })).id);
    ownerCookie = await signInOverHttp(server.port, 'batch-owner@example.test');
    buyerCookie = await signInOverHttp(server.port, 'batch-buyer@example.test');
  });

  afterAll(async () => {
    vi.restoreAllMocks();
    await server.close();
    await server.env.db.destroy();
  });

  it('is answered from the cache as one entry (the database is not asked again) and compressed once per encoding', async () => {
    const url = storefront(shop);
    const first = await rawRequest(server.port, url);
    expect(first.status).toBe(200);
    expect(first.json<Batch>()[0].result.data.name).toBe('Batch Shop');
    expect(first.text.length).toBeGreaterThan(1024);
    // A change the app did not make through its own writes: what is answered next comes from memory.
    await server.env.db.updateTable('products').set({ name: 'Unseen' }).where('id', '=', productIds[0]!).execute();
    const hits = cache.stats().hits;
    // A cookie (not a session) keeps every request on the full path: no replay.
    const again = await rawRequest(server.port, url, { headers: { cookie: 'other=1' } });
    expect(again.text).toBe(first.text);
    expect(cache.stats().hits).toBe(hits + 1);

    const brotli = vi.spyOn(zlib, 'brotliCompressSync');
    const gzip = vi.spyOn(zlib, 'gzipSync');
    for (const [encoding, asked, decode] of [
      ['br', 'br, gzip', zlib.brotliDecompressSync],
      ['gzip', 'gzip', zlib.gunzipSync],
    ] as const) {
      for (let i = 0; i < 3; i += 1) {
        const reply = await rawBytes(server.port, url, { 'accept-encoding': asked, cookie: 'other=1' });
        expect(reply.headers['content-encoding']).toBe(encoding);
        expect(reply.headers.etag).toBe(first.headers.etag);
        expect(decode(reply.raw).toString('utf8')).toBe(first.text);
      }
    }
    expect([brotli.mock.calls.length, gzip.mock.calls.length]).toEqual([1, 1]);
    brotli.mockRestore();
    gzip.mockRestore();
  });

  it("keeps the ETag (304 until a write changes it) and is replayed to a guest who asks again", async () => {
    const url = storefront(shop);
    const first = await rawRequest(server.port, url);
    const etag = first.headers.etag!;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    const second = await rawRequest(server.port, url);
    expect(replayed(second)).toBe(true);
    expect(second.text).toBe(first.text);
    const revalidated = await rawRequest(server.port, url, { headers: { 'if-none-match': etag } });
    expect(revalidated.status).toBe(304);
    expect(revalidated.text).toBe('');
    expect(revalidated.headers.etag).toBe(etag);

    expect(await rename(server.port, ownerCookie, productIds[1]!, 'Renamed kettle')).toBe(200);
    const changed = await rawRequest(server.port, url, { headers: { 'if-none-match': etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(productNames(changed)).toContain('Renamed kettle');
    expect(replayed(changed)).toBe(false);
    expect(replayed(await rawRequest(server.port, url))).toBe(false);
  });

  it('with a private call, is answered call by call as before, not kept, and says so at debug level', async () => {
    const url = `/api/trpc/catalog.shop,orders.mine?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: { slug: shop.slug }, 1: {} }))}`;
    const first = await rawRequest(server.port, url, { headers: { cookie: buyerCookie } });
    expect(first.status).toBe(200);
    const [shopAnswer, mine] = first.json<[{ result: { data: { name: string } } }, { result: { data: { items: unknown[] } } }]>();
    expect(shopAnswer.result.data.name).toBe('Batch Shop');
    expect(mine.result.data.items).toEqual([]);
    expect(first.headers['cache-control']).toBe('private, no-store');
    const { entries, hits } = cache.stats();
    const again = await rawRequest(server.port, url, { headers: { cookie: buyerCookie } });
    expect(again.text).toBe(first.text);
    // The public call's own entry answers; no entry for the batch.
    expect(cache.stats()).toMatchObject({ entries, hits: hits + 1 });
    const said = records().filter((r) => r.msg === 'batch answered without the cache: it asks more than public reads');
    expect(said.length).toBeGreaterThanOrEqual(2);
    expect(said.at(-1)).toMatchObject({ level: 20, procedures: ['catalog.shop', 'orders.mine'], uncached: ['orders.mine'], reqId: again.headers['x-request-id'] });
  });
});

describe('a batch of public reads that raced a write', () => {
  it('is not stored: the next request computes it again', async () => {
    const env = createTestEnv();
    const shop = await createShop(env, { owner: await createUser(env, { roles: ['shopkeeper'], isPro: true }) });
    await createProduct(env, shop);
    const cache = createPublicCache(DEFAULT_PUBLIC_CACHE);
    let contexts = 0;
    let writeMeanwhile = true;
    const handle = createQueryHandler({
      createContext: async () => {
        contexts += 1;
        // A write commits while the batch's calls read.
        if (writeMeanwhile) cache.publicDataChanged();
        return { db: env.db, config: env.config, events: env.events, limiter: new MemoryRateLimiter(), now: () => new Date(), sessionUserId: null, sessionId: null, clientIp: '127.0.0.1' };
      },
      viewerOf: async () => null,
      cache,
      onError: () => {},
    });
    const own = http.createServer((req, res) => {
      const plan = planQueries(req, (req.url ?? '/').split('?')[0]!);
      if (plan) void handle(req, res, plan);
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => own.listen(0, '127.0.0.1', resolve));
    const port = (own.address() as AddressInfo).port;
    try {
      expect((await rawRequest(port, storefront(shop))).status).toBe(200);
      expect(contexts).toBe(1);
      writeMeanwhile = false;
      expect((await rawRequest(port, storefront(shop))).status).toBe(200);
      expect(contexts).toBe(2);
      // Stored now: no write came while it was read.
      expect((await rawRequest(port, storefront(shop))).status).toBe(200);
      expect(contexts).toBe(2);
      expect(cache.stats().entries).toBe(3);
    } finally {
      await new Promise((resolve) => own.close(resolve));
      await env.db.destroy();
    }
  });
});

describe('a batch of public reads, on two instances of one database', () => {
  let env: TestEnv;
  let otherDb: DB;
  let one: Instance;
  let other: Instance;
  let shop: ShopRef;
  let productId: number;
  let owner = '';

  beforeAll(async () => {
    env = createTestEnv();
    otherDb = await secondHandle(env);
    one = await startInstance(env, env.db);
    other = await startInstance(env, otherDb);
    const ownerId = await createUser(env, { email: 'batch-two-owner@example.test', roles: ['shopkeeper'], isPro: true, trialStartAt: new Date() });
    shop = await createShop(env, { owner: ownerId });
    productId = (await createProduct(env, shop, { name: 'Two-instance kettle' })).id;
    owner = await signInOverHttp(other.server.port, 'batch-two-owner@example.test');
  });

  afterAll(async () => {
    await one.stop();
    await other.stop();
    await otherDb.destroy();
    await env.db.destroy();
  });

  it('is emptied by a write on the other instance: the next request shows it', async () => {
    for (const instance of [one, other]) {
      expect(productNames(await rawRequest(instance.server.port, storefront(shop)))).toEqual(['Two-instance kettle']);
      const hits = instance.publicCache.stats().hits;
      // A cookie (not a session): the full path, not a replay, so the cache is asked.
      const again = await rawRequest(instance.server.port, storefront(shop), { headers: { cookie: 'other=1' } });
      expect(productNames(again)).toEqual(['Two-instance kettle']);
      expect(instance.publicCache.stats().hits).toBe(hits + 1);
    }
    expect(await rename(other.server.port, owner, productId, 'Renamed elsewhere')).toBe(200);
    for (const instance of [one, other]) expect(productNames(await rawRequest(instance.server.port, storefront(shop)))).toEqual(['Renamed elsewhere']);
  });
});
