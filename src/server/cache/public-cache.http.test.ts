import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, createShop, createUser, SHIPPING } from '../testing/factories';
import { createTestEnv } from '../testing/test-app';
import { itSqliteOnly } from '../testing/test-engine';
import { rawRequest, startTestServer, type TestServer, signInOverHttp } from '../testing/test-server';
import { createDb, otherConnectionsWrote } from '../db/client';
import { createPublicCache } from './public-cache';

/**
 * The public cache through the real HTTP server: a cached read sees every kind of write on the very
 * next request (product edit, review, stock change by checkout, moderation), a guest is never shown
 * what an owner was, and answers carry ETags (304) and are compressed when asked.
 */
let server: TestServer;
let ids: { owner: number; admin: number; buyer: number };
let shop: { id: number; slug: string; ownerId: number; currency: string };
const emails = { owner: 'cache-owner@example.test', admin: 'cache-admin@example.test', buyer: 'cache-buyer@example.test' };
const cookies: Record<keyof typeof emails, string> = { owner: '', admin: '', buyer: '' };

const base = () => `http://127.0.0.1:${server.port}`;
const input = (value: unknown) => `?input=${encodeURIComponent(JSON.stringify(value))}`;

const signIn = (email: string) => signInOverHttp(server.port, email);

async function query<T>(procedure: string, value?: unknown, cookie?: string): Promise<{ status: number; data: T; headers: Headers }> {
  const reply = await fetch(`${base()}/api/trpc/${procedure}${value === undefined ? '' : input(value)}`, { headers: cookie ? { cookie } : {} });
  const body = (await reply.json()) as { result?: { data: T } };
  return { status: reply.status, data: body.result?.data as T, headers: reply.headers };
}

async function mutate(procedure: string, value: unknown, cookie?: string): Promise<void> {
  const reply = await fetch(`${base()}/api/trpc/${procedure}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base(), ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(value),
  });
  if (reply.status !== 200) throw new Error(`${procedure} answered ${reply.status}: ${await reply.text()}`);
}

interface Page {
  id: number;
  name: string;
  stock: number;
  reviewCount: number;
}

beforeAll(async () => {
  server = await startTestServer();
  const env = server.env;
  const now = new Date();
  ids = {
    owner: await createUser(env, { email: emails.owner, roles: ['shopkeeper'], isPro: true, trialStartAt: now }),
    admin: await createUser(env, { email: emails.admin, roles: ['admin'] }),
    buyer: await createUser(env, { email: emails.buyer, roles: ['buyer'] }),
  };
  shop = await createShop(env, { owner: ids.owner, name: 'Cache Shop', slug: 'cache-shop' });
  for (const who of ['owner', 'admin', 'buyer'] as const) cookies[who] = await signIn(emails[who]);
});

afterAll(async () => {
  await server.close();
  await server.env.db.destroy();
});

describe('a cached public read sees a write on the next request', () => {
  it('is answered from the cache: a change the app did not make through its own writes shows only after the maximum age', async () => {
    const env = createTestEnv();
    const owner = await createUser(env, { roles: ['shopkeeper'], isPro: true });
    const product = await createProduct(env, await createShop(env, { owner }), { name: 'Before' });
    const short = await startTestServer({ publicCache: createPublicCache({ maxBytes: 1024 * 1024, maxAgeMs: 400 }) }, env);
    const read = async () => (await fetch(`http://127.0.0.1:${short.port}/api/trpc/catalog.product${input({ slug: product.slug })}`).then((r) => r.json())) as { result: { data: Page } };
    try {
      expect((await read()).result.data.name).toBe('Before');
      await env.db.updateTable('products').set({ name: 'Elsewhere' }).where('id', '=', product.id).execute();
      expect((await read()).result.data.name).toBe('Before');
      await new Promise((resolve) => setTimeout(resolve, 450));
      expect((await read()).result.data.name).toBe('Elsewhere');
    } finally {
      await short.close();
      await env.db.destroy();
    }
  });

  itSqliteOnly("sees at once what another process committed to the database file (the operator's commands, a restore, fixtures)", async () => {
    const env = createTestEnv();
    const owner = await createUser(env, { roles: ['shopkeeper'], isPro: true });
    const product = await createProduct(env, await createShop(env, { owner }), { name: 'Before' });
    const cache = createPublicCache({ maxBytes: 1024 * 1024, maxAgeMs: 60_000, changedElsewhere: otherConnectionsWrote(env.db) });
    const other = createDb(path.join(env.dir, 'db.sqlite'));
    const short = await startTestServer({ publicCache: cache }, env);
    const read = async () => (await fetch(`http://127.0.0.1:${short.port}/api/trpc/catalog.product${input({ slug: product.slug })}`).then((r) => r.json())) as { result: { data: Page } };
    try {
      expect((await read()).result.data.name).toBe('Before');
      expect((await read()).result.data.name).toBe('Before');
      expect(cache.stats().hits).toBe(1);
      await other.updateTable('products').set({ name: 'Elsewhere' }).where('id', '=', product.id).execute();
      expect((await read()).result.data.name).toBe('Elsewhere');
    } finally {
      await short.close();
      await other.destroy();
      await env.db.destroy();
    }
  });

  it('is not emptied by refused mutations (bad input, no session, a rule), which anyone could send', async () => {
    const env = createTestEnv();
    const owner = await createUser(env, { roles: ['shopkeeper'], isPro: true });
    const product = await createProduct(env, await createShop(env, { owner }), { name: 'Kept' });
    const cache = createPublicCache({ maxBytes: 1024 * 1024, maxAgeMs: 60_000 });
    const own = await startTestServer({ publicCache: cache }, env);
    const at = `http://127.0.0.1:${own.port}`;
    const post = (procedure: string, value: unknown) =>
      fetch(`${at}/api/trpc/${procedure}`, { method: 'POST', headers: { 'content-type': 'application/json', origin: at }, body: JSON.stringify(value) });
    try {
      await fetch(`${at}/api/trpc/catalog.product${input({ slug: product.slug })}`);
      expect((await post('orders.checkout', { nonsense: true })).status).toBe(400);
      expect((await post('products.delete', { id: product.id })).status).toBe(401);
      expect((await post('orders.checkout', { attemptKey: 'x'.repeat(20), shipping: SHIPPING, items: [{ productId: 999_999, quantity: 1 }] })).status).toBeGreaterThanOrEqual(400);
      await fetch(`${at}/api/trpc/catalog.product${input({ slug: product.slug })}`);
      expect(cache.stats()).toMatchObject({ invalidations: 0, hits: 1 });
    } finally {
      await own.close();
      await env.db.destroy();
    }
  });

  it('a product edit', async () => {
    const product = await createProduct(server.env, shop, { name: 'Plain mug' });
    expect((await query<Page>('catalog.product', { slug: product.slug })).data.name).toBe('Plain mug');
    expect((await query<{ items: Page[] }>('catalog.products', {})).data.items.map((p) => p.name)).toContain('Plain mug');
    await mutate(
      'products.update',
      { id: product.id, product: { name: 'Glazed mug', brand: '', descriptionHtml: '<p>Nice.</p>', sellingPrice: '19.99', stockAmount: '50', unit: 'pieces' } },
      cookies.owner,
    );
    expect((await query<Page>('catalog.product', { slug: product.slug })).data.name).toBe('Glazed mug');
    expect((await query<{ items: Page[] }>('catalog.products', {})).data.items.map((p) => p.name)).toContain('Glazed mug');
  });

  it('a review', async () => {
    const product = await createProduct(server.env, shop);
    expect((await query<{ items: unknown[] }>('reviews.productReviews', { productId: product.id })).data.items).toHaveLength(0);
    expect((await query<Page>('catalog.product', { slug: product.slug })).data.reviewCount).toBe(0);
    await mutate('reviews.saveProductReview', { productId: product.id, rating: 5, comment: 'Lovely' }, cookies.buyer);
    expect((await query<{ items: unknown[] }>('reviews.productReviews', { productId: product.id })).data.items).toHaveLength(1);
    expect((await query<Page>('catalog.product', { slug: product.slug })).data.reviewCount).toBe(1);
  });

  it('a stock change by a checkout', async () => {
    const product = await createProduct(server.env, shop, { stock: 9 });
    expect((await query<Page>('catalog.product', { slug: product.slug })).data.stock).toBe(9);
    await mutate('orders.checkout', { items: [{ productId: product.id, quantity: 2, color: null, size: null }], shipping: SHIPPING, attemptKey: 'cache-attempt-000000001' });
    expect((await query<Page>('catalog.product', { slug: product.slug })).data.stock).toBe(7);
  });

  it("an admin's takedown", async () => {
    const product = await createProduct(server.env, shop, { name: 'Doubtful lamp' });
    expect((await query<Page>('catalog.product', { slug: product.slug })).status).toBe(200);
    expect((await query<{ items: Page[] }>('catalog.products', {})).data.items.map((p) => p.id)).toContain(product.id);
    await mutate('admin.setProductActive', { id: product.id, isActive: false }, cookies.admin);
    expect((await query<Page>('catalog.product', { slug: product.slug })).status).toBe(404);
    expect((await query<{ items: Page[] }>('catalog.products', {})).data.items.map((p) => p.id)).not.toContain(product.id);
  });
});

describe('answers that depend on who asks', () => {
  it('an owner still sees their hidden product; a guest never gets the owner’s cached view', async () => {
    const product = await createProduct(server.env, shop, { name: 'Secret stool' });
    await mutate('products.setActive', { id: product.id, active: false }, cookies.owner);
    // The owner asks first, so an answer for the owner is in the cache before the guest asks.
    for (let i = 0; i < 2; i += 1) {
      const mine = await query<Page & { visibleToBuyers: boolean }>('catalog.product', { slug: product.slug }, cookies.owner);
      expect(mine.status).toBe(200);
      expect(mine.data.visibleToBuyers).toBe(false);
      expect(mine.headers.get('cache-control')).toBe('private, no-cache');
      expect((await query('catalog.product', { slug: product.slug })).status).toBe(404);
      expect((await query('catalog.product', { slug: product.slug }, cookies.buyer)).status).toBe(404);
    }
    const storefront = await query<{ items: Page[] }>('catalog.shopProducts', { shopId: shop.id }, cookies.owner);
    expect(storefront.data.items.map((p) => p.id)).not.toContain(product.id);
  });
});

describe('ETag, 304 and compression', () => {
  it('answers 304 to a client that holds the answer, with the same headers otherwise', async () => {
    const url = `/api/trpc/catalog.products${input({ shop: shop.slug })}`;
    const first = await rawRequest(server.port, url);
    expect(first.status).toBe(200);
    const etag = first.headers.etag!;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await rawRequest(server.port, url, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['x-request-id']).toBeTruthy();
    expect(again.headers['x-content-type-options']).toBe('nosniff');
    expect(again.headers['content-security-policy']).toBeTruthy();
    // A write changes the answer, and so its ETag.
    const hidden = await createProduct(server.env, shop, { isActive: false });
    expect((await rawRequest(server.port, url, { headers: { 'if-none-match': etag } })).status).toBe(304);
    await mutate('products.setActive', { id: hidden.id, active: true }, cookies.owner);
    expect((await rawRequest(server.port, url, { headers: { 'if-none-match': etag } })).status).toBe(200);
  });

  it('keeps personal answers out of every cache, and public answers to a signed-in user private', async () => {
    const mine = await rawRequest(server.port, `/api/trpc/orders.mine${input({})}`, { headers: { cookie: cookies.buyer } });
    expect(mine.status).toBe(200);
    expect(mine.headers['cache-control']).toBe('private, no-store');
    const shops = await rawRequest(server.port, `/api/trpc/catalog.shops${input({})}`, { headers: { cookie: cookies.buyer } });
    expect(shops.headers['cache-control']).toBe('private, no-cache');
    const refused = await rawRequest(server.port, `/api/trpc/catalog.product${input({ slug: 'no-such-product' })}`);
    expect(refused.status).toBe(404);
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it('compresses large answers as the client asks (brotli first), never small ones, and says it varies', async () => {
    for (let i = 0; i < 6; i += 1) await createProduct(server.env, shop, { name: `Bulk item ${i}`, descriptionHtml: '<p>Long enough.</p>' });
    await mutate('products.setActive', { id: (await createProduct(server.env, shop)).id, active: true }, cookies.owner);
    const url = `/api/trpc/catalog.products${input({})}`;
    const plain = await rawRequest(server.port, url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('accept-encoding');
    expect(plain.text.length).toBeGreaterThan(1024);
    for (const [accept, encoding, decode] of [
      ['gzip, deflate', 'gzip', zlib.gunzipSync],
      ['gzip, deflate, br', 'br', zlib.brotliDecompressSync],
    ] as const) {
      // Twice: the second answer comes from the cache, with the compressed bytes kept there.
      for (let i = 0; i < 2; i += 1) {
        const reply = await new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
          import('node:http').then(({ default: http }) =>
            http
              .get({ host: '127.0.0.1', port: server.port, path: url, headers: { 'accept-encoding': accept } }, (res) => {
                const chunks: Buffer[] = [];
                res.on('data', (c: Buffer) => chunks.push(c)).on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
              })
              .on('error', reject),
          );
        });
        expect(reply.headers['content-encoding']).toBe(encoding);
        expect(reply.headers.etag).toBe(plain.headers.etag);
        expect(decode(reply.body).toString('utf8')).toBe(plain.text);
      }
    }
    const small = await rawRequest(server.port, `/api/trpc/catalog.product${input({ slug: 'no-such-product' })}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
