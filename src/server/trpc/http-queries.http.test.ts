import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublicCache } from '../cache/public-cache';
import { MemoryRateLimiter } from '../rate-limit';
import { createProduct, createShop, createUser } from '../testing/factories';
import { rawRequest, startTestServer, type TestServer } from '../testing/test-server';
import { appRouter } from './app-router';
import type { Context } from './context';
import { createQueryHandler, planQueries } from './http-queries';

/**
 * GET queries are answered without tRPC's HTTP adapter (http-queries.ts). What the client reads must
 * not change: each request below is answered by the server exactly as tRPC's own fetch adapter answers
 * it (status, content type, body), twice (the second time from the public cache where it applies).
 */
let server: TestServer;
let slug = '';

beforeAll(async () => {
  server = await startTestServer();
  const owner = await createUser(server.env, { roles: ['shopkeeper'], isPro: true });
  slug = (await createProduct(server.env, await createShop(server.env, { owner }), { name: 'Parity kettle' })).slug;
});

afterAll(async () => {
  await server.close();
  await server.env.db.destroy();
});

/** A guest's context over the test server's database. */
function guestContext(): Context {
  return {
    db: server.env.db,
    config: server.env.config,
    events: server.env.events,
    limiter: new MemoryRateLimiter(),
    now: () => new Date(),
    sessionUserId: null,
    sessionId: null,
    clientIp: '127.0.0.1',
  };
}

/** What tRPC's own fetch adapter answers `req`, as a guest. */
async function reference(req: Request): Promise<{ status: number; type: string | null; body: unknown }> {
  const ctx = guestContext();
  const res = await fetchRequestHandler({ endpoint: '/api/trpc', req, router: appRouter, createContext: () => ctx });
  return { status: res.status, type: res.headers.get('content-type'), body: withoutStacks(JSON.parse(await res.text())) };
}

// Stack traces (development only) name the adapter's own frames, which differ by design.
function withoutStacks(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutStacks);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).filter(([k]) => k !== 'stack').map(([k, v]) => [k, withoutStacks(v)]));
  }
  return value;
}

const q = (value: unknown) => encodeURIComponent(JSON.stringify(value));

describe('GET queries answer as tRPC’s adapter does', () => {
  const urls = () => [
    `/api/trpc/catalog.products?input=${q({})}`,
    '/api/trpc/catalog.products',
    '/api/trpc/catalog.filters',
    `/api/trpc/catalog.product?input=${q({ slug })}`,
    `/api/trpc/catalog.product?input=${q({ slug: 'no-such-thing' })}`,
    `/api/trpc/catalog.product?input=${q({ slug: '' })}`,
    '/api/trpc/catalog.product?input=null',
    '/api/trpc/auth.me',
    `/api/trpc/orders.mine?input=${q({})}`,
    `/api/trpc/catalog.filters,sliders.listActive?batch=1`,
    `/api/trpc/catalog.products,catalog.product?batch=1&input=${q({ 0: {}, 1: { slug: 'no-such-thing' } })}`,
    `/api/trpc/catalog.product,catalog.product?batch=1&input=${q({ 0: { slug }, 1: { slug } })}`,
    `/api/trpc/catalog.products,auth.me?batch=1&input=${q({ 0: { search: 'kettle' } })}`,
    `/api/trpc/catalog.products?batch=1&input=${q([{}])}`,
    `/api/trpc/catalog.products?input=${encodeURIComponent('{not json')}`,
    '/api/trpc/nothing.here',
    `/api/trpc/products.create?input=${q({})}`,
    `/api/trpc/catalog.products,products.create?batch=1`,
  ];

  it('for answers, errors, batches and what it hands back to the adapter', async () => {
    for (const url of urls()) {
      const expected = await reference(new Request(`http://localhost${url}`));
      for (let round = 0; round < 2; round += 1) {
        const res = await rawRequest(server.port, url);
        expect({ url, status: res.status, type: res.headers['content-type'] ?? null, body: withoutStacks(JSON.parse(res.text)) }).toEqual({ url, ...expected });
      }
    }
  });
});

describe('POST mutations answer as tRPC’s adapter does', () => {
  const json = (value: unknown) => JSON.stringify(value);
  // Refusals only: a mutation that succeeds changes what the next one answers.
  const posts: Array<[url: string, body: string | undefined, contentType?: string]> = [
    ['/api/trpc/orders.checkout', json({})],
    ['/api/trpc/orders.checkout', json({ items: [], shipping: {} })],
    ['/api/trpc/orders.checkout', json({ items: [{ productId: 999999, quantity: 1 }], shipping: { fullName: 'A', email: 'a@example.test', phone: '+92 300 1234567', address: 'x', city: 'Lahore' } })],
    ['/api/trpc/orders.checkout', 'null'],
    ['/api/trpc/products.create', json({})],
    ['/api/trpc/auth.signOutEverywhere', json({})],
    ['/api/trpc/orders.checkout,products.create?batch=1', json({ 0: {}, 1: {} })],
    ['/api/trpc/orders.checkout,orders.checkout?batch=1', json({ 0: {} })],
    ['/api/trpc/orders.checkout?batch=1', json([{}])],
    // Handed to the adapter: a broken or empty body, a query, another content type, an unknown path.
    ['/api/trpc/orders.checkout', '{not json'],
    ['/api/trpc/orders.checkout', undefined],
    ['/api/trpc/catalog.products', json({})],
    ['/api/trpc/nothing.here', json({})],
    ['/api/trpc/orders.checkout', json({}), 'text/plain'],
  ];

  it('for refusals, batches and what it hands back to the adapter', async () => {
    const origin = `http://127.0.0.1:${server.port}`;
    for (const [url, body, contentType = 'application/json'] of posts) {
      const expected = await reference(new Request(`http://localhost${url}`, { method: 'POST', headers: { 'content-type': contentType }, body }));
      const res = await rawRequest(server.port, url, { method: 'POST', headers: { 'content-type': contentType, origin }, body });
      expect({ url, body, status: res.status, type: res.headers['content-type'] ?? null, answer: withoutStacks(JSON.parse(res.text)) }).toEqual({
        url,
        body,
        status: expected.status,
        type: expected.type,
        answer: expected.body,
      });
      // Never kept by anyone: a write's answer.
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });
});

describe('public reads from the cache', () => {
  it('are answered without building the request’s context, per-viewer ones by who asks alone', async () => {
    let contexts = 0;
    let viewers = 0;
    const handle = createQueryHandler({
      createContext: async () => {
        contexts += 1;
        return guestContext();
      },
      viewerOf: async () => {
        viewers += 1;
        return null;
      },
      cache: createPublicCache(),
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
      // catalog.product depends on who asks (an owner sees more); catalog.products does not.
      for (const [url, viewersEach] of [[`/api/trpc/catalog.product?input=${q({ slug })}`, 1], [`/api/trpc/catalog.products?input=${q({})}`, 0]] as const) {
        const [contextsBefore, viewersBefore] = [contexts, viewers];
        const answers = [];
        for (let i = 0; i < 3; i += 1) answers.push(await rawRequest(port, url));
        expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
        expect(new Set(answers.map((a) => a.text)).size).toBe(1);
        // Computed once (that call's context), then sent as stored.
        expect(contexts - contextsBefore).toBe(1);
        expect(viewers - viewersBefore).toBe(3 * viewersEach);
      }
    } finally {
      await new Promise((resolve) => own.close(resolve));
    }
  });
});
