// The callers' own reads (issue 22): a buyer's orders, guest tracking, a shop's orders and dashboard,
// the admin's counts are kept until the next write, and every write shows on the very next request, on
// the instance that wrote it and on another one serving the same database (SQLite: a second connection,
// as a second process holds, heard through data_version; PostgreSQL: two linked instances, heard
// through the triggers' notifications). What the tiers decide (a sign-out, a removed role, a takedown)
// is in session-cache.http.test.ts, whose reads are kept here too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../db/client';
import { appRouter } from '../trpc/app-router';
import { createCallerFactory } from '../trpc/init';
import { createOrder, createProduct, createShop, createUser, moveTrialStart, SHIPPING, type ProductRef, type ShopRef } from '../testing/factories';
import { type Instance, mutateOn, startInstance } from '../testing/instances';
import { createTestEnv, type TestEnv } from '../testing/test-app';
import { secondHandle } from '../testing/test-engine';
import { signInOverHttp, startTestServer } from '../testing/test-server';
import { createPublicCache } from './public-cache';

const base = (port: number) => `http://127.0.0.1:${port}`;

async function get(port: number, path: string, cookie: string, input?: unknown): Promise<{ status: number; text: string }> {
  const search = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
  const reply = await fetch(`${base(port)}/api/trpc/${path}${search}`, { headers: { cookie } });
  return { status: reply.status, text: await reply.text() };
}

async function data<T>(instance: Instance, path: string, cookie: string, input?: unknown): Promise<T> {
  const { status, text } = await get(instance.server.port, path, cookie, input);
  expect(status, text).toBe(200);
  return (JSON.parse(text) as { result: { data: T } }).result.data;
}

interface OrderList {
  items: Array<{ orderNumber: string; status: string }>;
}

describe("the callers' own reads, kept until the next write, on two instances of one database", () => {
  let env: TestEnv;
  let otherDb: DB;
  let one: Instance;
  let other: Instance;
  let shop: ShopRef;
  let product: ProductRef;
  let buyerId: number;
  let buyer: string;
  let owner: string;
  let admin: string;

  beforeAll(async () => {
    env = createTestEnv();
    otherDb = await secondHandle(env);
    one = await startInstance(env, env.db);
    other = await startInstance(env, otherDb);
    const ownerId = await createUser(env, { email: 'own-owner@example.test', roles: ['shopkeeper'], isPro: true });
    shop = await createShop(env, { owner: ownerId });
    product = await createProduct(env, shop, { stock: 100 });
    buyerId = await createUser(env, { email: 'own-buyer@example.test' });
    await createUser(env, { email: 'own-admin@example.test', roles: ['admin'] });
    buyer = await signInOverHttp(one.server.port, 'own-buyer@example.test');
    owner = await signInOverHttp(one.server.port, 'own-owner@example.test');
    admin = await signInOverHttp(one.server.port, 'own-admin@example.test');
  });

  afterAll(async () => {
    await one.stop();
    await other.stop();
    await otherDb.destroy();
    await env.db.destroy();
  });

  /** Reads `path` twice on both instances, so each holds it (the second read of each is a hit: the shop's reads also find the tier's shop kept). */
  async function keptOnBoth(path: string, cookie: string, input?: unknown) {
    for (const instance of [one, other]) {
      await data(instance, path, cookie, input);
      const hits = instance.ownReads.stats().hits;
      await data(instance, path, cookie, input);
      expect(instance.ownReads.stats().hits).toBe(hits + (path.startsWith('shop') ? 2 : 1));
    }
  }

  it('answers a repeated read from memory with the bytes a fresh one computes', async () => {
    await createOrder(env, product, { buyer: buyerId });
    const first = await get(one.server.port, 'orders.mine', buyer, {});
    const hits = one.ownReads.stats().hits;
    const again = await get(one.server.port, 'orders.mine', buyer, {});
    expect(one.ownReads.stats().hits).toBe(hits + 1);
    expect(again.text).toBe(first.text);
    // With the cache off, the same bytes.
    const uncached = await startTestServer({ ownReads: createPublicCache({ maxBytes: 0, maxAgeMs: 0 }) }, env);
    try {
      expect((await get(uncached.port, 'orders.mine', buyer, {})).text).toBe(first.text);
    } finally {
      await uncached.close();
    }
  });

  it("a buyer's new order shows in their orders and the shop's on the next request, on both instances", async () => {
    await keptOnBoth('orders.mine', buyer, {});
    await keptOnBoth('shopOrders.list', owner, {});
    const line = { productId: product.id, quantity: 1, color: null, size: null };
    expect(await mutateOn(one, 'orders.checkout', buyer, { items: [line], shipping: SHIPPING })).toBe(200);
    const [placed] = (await data<OrderList>(one, 'orders.mine', buyer, {})).items;
    for (const instance of [other, one]) {
      expect((await data<OrderList>(instance, 'orders.mine', buyer, {})).items[0]?.orderNumber).toBe(placed?.orderNumber);
      expect((await data<OrderList>(instance, 'shopOrders.list', owner, {})).items[0]?.orderNumber).toBe(placed?.orderNumber);
    }
  });

  it("a shop's status change shows in the buyer's orders and in guest tracking on the next request, on both instances", async () => {
    const order = await createOrder(env, product, { buyer: buyerId });
    const guestOrder = await createOrder(env, product);
    const tracking = { email: SHIPPING.email, orderNumber: guestOrder.orderNumber };
    await keptOnBoth('orders.mine', buyer, {});
    await keptOnBoth('orders.track', '', tracking);
    for (const id of [order.id, guestOrder.id]) expect(await mutateOn(other, 'shopOrders.changeStatus', owner, { orderId: id, status: 'confirmed' })).toBe(200);
    for (const instance of [one, other]) {
      expect((await data<OrderList>(instance, 'orders.mine', buyer, {})).items.find((o) => o.orderNumber === order.orderNumber)?.status).toBe('confirmed');
      expect((await data<OrderList['items']>(instance, 'orders.track', '', tracking))[0]?.status).toBe('confirmed');
    }
  });

  it("a write outside the app's requests (another process, a command) shows in the admin's counts", async () => {
    const before = await data<{ shops: number }>(one, 'admin.stats', admin);
    await keptOnBoth('admin.stats', admin);
    // Written through the second handle, as `npm run admin` or another instance would.
    const ownerId = await createUser({ ...env, db: otherDb }, { email: 'own-second@example.test', roles: ['shopkeeper'] });
    await createShop({ ...env, db: otherDb }, { owner: ownerId });
    for (const instance of [one, other]) expect((await data<{ shops: number }>(instance, 'admin.stats', admin)).shops).toBe(before.shops + 1);
  });

  it('a kept guest tracking answer still counts against the per-client limit', async () => {
    const order = await createOrder(env, product);
    const tracking = { email: SHIPPING.email, orderNumber: order.orderNumber };
    const statuses: number[] = [];
    // The default policy: 30 searches per client in 5 minutes (this test's client has used a few).
    for (let i = 0; i < 31; i += 1) statuses.push((await get(other.server.port, 'orders.track', '', tracking)).status);
    expect(statuses).toContain(429);
    expect(other.ownReads.stats().hits).toBeGreaterThan(0);
  });
});

describe("the shop's dashboard, kept", () => {
  it('shows the trial ended once its time comes, with nothing written meanwhile', async () => {
    const env = createTestEnv({ trialMinutes: 10 });
    try {
      const ownerId = await createUser(env, { roles: ['shopkeeper'] });
      await createShop(env, { owner: ownerId });
      await moveTrialStart(env.db, ownerId, env.clock.now);
      const ownReads = createPublicCache({ maxBytes: 1024 * 1024, maxAgeMs: 3_600_000 });
      const caller = createCallerFactory(appRouter)({ db: env.db, config: env.config, events: env.events, limiter: { hit: async () => ({ ok: true }) } as never, now: () => env.clock.now, sessionUserId: ownerId, clientIp: '127.0.0.1', ownReads });
      expect((await caller.shops.dashboard()).trialExpired).toBe(false);
      expect((await caller.shops.dashboard()).trialExpired).toBe(false);
      // The tier's shop and the answer.
      expect(ownReads.stats().hits).toBe(2);
      env.clock.now = new Date(env.clock.now.getTime() + 11 * 60_000);
      expect((await caller.shops.dashboard()).trialExpired).toBe(true);
    } finally {
      await env.db.destroy();
    }
  });
});
