// Several app instances on one PostgreSQL database (issue 12 item 4): two real server processes (the
// built server, as `npm start` runs it) on one throw-away cluster (scripts/services/postgres.mjs, started
// here, so this runs in the plain test run too). What one instance or any other writer does reaches the
// other through LISTEN/NOTIFY: live order notifications, and the clearing of its public cache, also
// after its listening connection was killed; a scheduled job runs once when both wake together.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgres, type TestPostgres } from '../../../scripts/services/postgres.mjs';
import { type AppEvent, AppEvents } from '../events';
import { createProduct, createShop, createUser, type ProductRef, SHIPPING, type ShopRef } from '../testing/factories';
import { postTrpc, type ServerProcess, startServerProcess } from '../testing/server-process';
import { signInOverHttp } from '../testing/test-server';
import { localStorage } from '../uploads/storage';
import { createDb, createPostgresDb, type DB } from './client';
import { migrateToLatest } from './migrate';
import { runOnce } from './run-once';
import { linkCaches, linkInstances, SIGNALS_APPLICATION_NAME } from './signals';
import { inTransaction } from './transaction';

let cluster: TestPostgres;
let url: string;
let db: DB;
let folder: string;
let a: ServerProcess;
let b: ServerProcess;
let shop: ShopRef;
let product: ProductRef;
const OWNER = 'instances-owner@example.test';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Asks again until `check` holds, for at most `ms` (how soon is not asserted: only that it happens). */
async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean, ms = 5_000): Promise<T> {
  const until = Date.now() + ms;
  let value = await read();
  while (!check(value) && Date.now() < until) {
    await sleep(50);
    value = await read();
  }
  return value;
}

/** The product page's public read on one instance (cached by it: PUBLIC_CACHE_MAX_AGE_S is 30 s). */
async function productOn(server: ServerProcess): Promise<{ name: string; stock: number }> {
  const input = encodeURIComponent(JSON.stringify({ slug: product.slug }));
  const reply = await fetch(`http://127.0.0.1:${server.port}/api/trpc/catalog.product?input=${input}`);
  return ((await reply.json()) as { result: { data: { name: string; stock: number } } }).result.data;
}

/** A write no trigger reports (triggers are off for its transaction): only the cache's maximum age would end what it makes stale. */
async function unreportedRename(name: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`set local session_replication_role = replica`.execute(trx);
    await trx.updateTable('products').set({ name }).where('id', '=', product.id).execute();
  });
}

/**
 * Whether A answers the product from its cache: a write nobody reports is not seen. Tried again when
 * the notification of an earlier write arrived only after A had read and kept that write's result
 * (emptying the cache once more: one more miss, never a stale answer).
 */
async function answersFromCache(): Promise<boolean> {
  for (let attempt = 1; attempt <= 5; attempt += 1) {
    const shown = (await productOn(a)).name;
    await unreportedRename(`Unreported ${attempt}`);
    if ((await productOn(a)).name === shown) return true;
  }
  return false;
}

beforeAll(async () => {
  cluster = await startPostgres({ database: 'instances' });
  url = cluster.url;
  db = createPostgresDb(url, 4);
  await migrateToLatest(db);
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'instances-'));
  const env = { db, config: { storage: localStorage(path.join(folder, 'fixtures')) }, events: new AppEvents(), clock: { now: new Date() } };
  const owner = await createUser(env, { email: OWNER, roles: ['shopkeeper'], isPro: true });
  shop = await createShop(env, { owner, name: 'Two Instances', slug: 'two-instances' });
  product = await createProduct(env, shop, { name: 'Lamp', stock: 10 });
  const start = (name: string) => {
    fs.mkdirSync(path.join(folder, name));
    return startServerProcess(path.join(folder, name, 'unused.sqlite'), { DATABASE_URL: url });
  };
  [a, b] = await Promise.all([start('a'), start('b')]);
}, 240_000);

afterAll(async () => {
  for (const server of [a, b]) server?.child.kill('SIGTERM');
  await Promise.all([a?.exited, b?.exited]);
  await db?.destroy();
  await cluster?.stop();
  if (folder) fs.rmSync(folder, { recursive: true, force: true });
});

describe('two instances on one PostgreSQL database', () => {
  it('an order placed through B arrives on the live stream opened on A, and A no longer shows the stock it had cached', async () => {
    const cookie = await signInOverHttp(a.port, OWNER);
    expect((await productOn(a)).stock).toBe(10);
    expect(await answersFromCache()).toBe(true);

    let received = '';
    const stream = http.request({ host: '127.0.0.1', port: a.port, path: '/api/trpc/shopOrders.onActivity', headers: { accept: 'text/event-stream', cookie } });
    try {
      const response = await new Promise<http.IncomingMessage>((resolve, reject) => stream.on('response', resolve).on('error', reject).end());
      expect(response.statusCode).toBe(200);
      response.on('data', (chunk: Buffer) => (received += chunk.toString('utf8')));
      // The subscription listens once its stream has started.
      await eventually(async () => received, (text) => text.length > 0);

      const placed = await postTrpc(b.port, 'orders.checkout', { items: [{ productId: product.id, quantity: 1, color: null, size: null }], shipping: SHIPPING });
      expect(placed.status).toBe(200);
      const orderNumber = (placed.body.result?.data as { orders: Array<{ orderNumber: string }> }).orders[0]!.orderNumber;

      expect(await eventually(async () => received, (text) => text.includes(orderNumber))).toContain(orderNumber);
      expect(received).toContain('"kind":"created"');
      // Delivered once: B's own copy is not sent back to A twice, nor is A's stream told twice.
      expect(received.split(orderNumber).length - 1).toBe(1);
      expect((await eventually(() => productOn(a), (p) => p.stock === 9)).stock).toBe(9);
    } finally {
      stream.destroy();
    }
  });

  it('a delivered order owes its commission once when A and B mark it Delivered at the same moment (issue 48)', async () => {
    // 10% for this marketplace, frozen on the order at checkout.
    await db.insertInto('billing_settings').values({ id: 1, grace_days: 3, stop_orders: 0, commission_rate_bps: 1_000, updated_at: new Date().toISOString() }).onConflict((c) => c.column('id').doUpdateSet({ commission_rate_bps: 1_000 })).execute();
    const cookie = await signInOverHttp(a.port, OWNER);
    const placed = await postTrpc(b.port, 'orders.checkout', { items: [{ productId: product.id, quantity: 2, color: null, size: null }], shipping: SHIPPING });
    expect(placed.status).toBe(200);
    const orderNumber = (placed.body.result?.data as { orders: Array<{ orderNumber: string }> }).orders[0]!.orderNumber;
    const order = await db.selectFrom('orders').select(['id', 'commission']).where('order_number', '=', orderNumber).executeTakeFirstOrThrow();
    expect(Number(order.commission)).toBeGreaterThan(0);
    const change = (port: number, status: string, shipment?: unknown) => postTrpc(port, 'shopOrders.changeStatus', { orderId: order.id, status, shipment }, { cookie });
    expect((await change(a.port, 'confirmed')).status).toBe(200);
    expect((await change(b.port, 'shipped', { courier: 'TCS', trackingNumber: '' })).status).toBe(200);
    const owedBefore = await db.selectFrom('commission_balances').select('owed').where('shop_id', '=', shop.id).executeTakeFirst();

    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => change(i % 2 === 0 ? a.port : b.port, 'delivered')));
    expect(answers.some((answer) => answer.status === 200)).toBe(true);
    const entries = await db.selectFrom('commission_entries').select('amount').where('order_id', '=', order.id).execute();
    expect(entries.map((e) => Number(e.amount))).toEqual([Number(order.commission)]);
    const owedAfter = await db.selectFrom('commission_balances').select('owed').where('shop_id', '=', shop.id).executeTakeFirstOrThrow();
    expect(Number(owedAfter.owed) - Number(owedBefore?.owed ?? 0)).toBe(Number(order.commission));
  });

  it('a write by another process (a CLI, a fixture) clears A\'s cached answer', async () => {
    // A answers from its cache, so what follows is not passing by chance.
    expect(await answersFromCache()).toBe(true);
    await db.updateTable('products').set({ name: 'Renamed' }).where('id', '=', product.id).execute();
    expect((await eventually(() => productOn(a), (p) => p.name === 'Renamed')).name).toBe('Renamed');
  });

  it('after its listening connection is killed, an instance listens again and its cache is still cleared by other writers', async () => {
    const listeners = async () =>
      (await sql<{ pid: number }>`select pid from pg_stat_activity where application_name = ${SIGNALS_APPLICATION_NAME} order by pid`.execute(db)).rows.map((r) => r.pid);
    const before = await listeners();
    expect(before).toHaveLength(2);
    await sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${SIGNALS_APPLICATION_NAME}`.execute(db);
    const after = await eventually(listeners, (pids) => pids.length === 2 && pids.every((pid) => !before.includes(pid)), 15_000);
    expect(after).toHaveLength(2);
    expect(after.some((pid) => before.includes(pid))).toBe(false);
    await a.logged(/listening for other instances again/);

    // Listening again: A caches again (it keeps nothing while it cannot hear other writers)...
    expect(await answersFromCache()).toBe(true);
    // ...and hears of the next write.
    await db.updateTable('products').set({ name: 'Relisted' }).where('id', '=', product.id).execute();
    expect((await eventually(() => productOn(a), (p) => p.name === 'Relisted')).name).toBe('Relisted');
  }, 30_000);

  it('an instance stopped by SIGTERM closes its listening connection and exits cleanly', async () => {
    b.child.kill('SIGTERM');
    expect(await b.exited).toEqual({ code: 0, signal: null });
    const left = await eventually(
      async () => (await sql<{ n: number }>`select count(*) as n from pg_stat_activity where application_name = ${SIGNALS_APPLICATION_NAME}`.execute(db)).rows[0]!.n,
      (n) => n === 1,
    );
    expect(left).toBe(1);
  });
});

describe('the notifications of one turn', () => {
  it('leave in one statement, in order, the echo in the next, and every event reaches the other instance', async () => {
    let statements = 0;
    const counted = db.withPlugin({
      transformQuery: (args) => {
        statements += 1;
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    const quiet = { info: () => {}, warn: () => {} };
    const received: AppEvent[] = [];
    const eventsOfB = new AppEvents();
    eventsOfB.deliver = (event) => void received.push(event);
    const eventsOfA = new AppEvents();
    const options = { url, publicDataChanged: () => {}, sessionsChanged: () => {}, log: quiet };
    const linkA = await linkInstances({ ...options, db: counted, events: eventsOfA });
    const linkB = await linkInstances({ ...options, db, events: eventsOfB });
    try {
      for (let n = 1; n <= 5; n += 1) eventsOfA.emit('order.created', { shopId: 1, orderId: n, orderNumber: `ORD-${n}` });
      // A commit's answer waits for its echo: sent once the turn's events were, back after them.
      await linkA.told();
      expect(statements).toBe(2);
      const orderIds = await eventually(async () => received.map((e) => e.payload.orderId), (ids) => ids.length === 5);
      expect(orderIds).toEqual([1, 2, 3, 4, 5]);
    } finally {
      await linkA.close();
      await linkB.close();
    }
  });
});

describe('an instance’s own commits', () => {
  /** Notifications of `channel` heard by a plain listener while `act` runs and for 300 ms after. */
  async function heard(channel: string, act: () => Promise<unknown>): Promise<number> {
    const listener = new pg.Client({ connectionString: url });
    await listener.connect();
    let count = 0;
    listener.on('notification', (message) => void (message.channel === channel && (count += 1)));
    await listener.query(`listen ${channel}`);
    try {
      await act();
      await sleep(300);
      return count;
    } finally {
      await listener.end();
    }
  }

  it('leave the public-data notification to the instance: the triggers stay silent in its transactions, which commit without the notification lock', async () => {
    const rename = (client: pg.Client, quiet: boolean) => async () => {
      await client.query('begin');
      if (quiet) await client.query(`set local marketplace.notify_after_commit = 'on'`);
      await client.query('update products set name = name where id = $1', [product.id]);
      await client.query('commit');
    };
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      // Any other writer (psql, npm run admin): the trigger notifies, as before.
      expect(await heard('marketplace_public_data', rename(client, false))).toBe(1);
      expect(await heard('marketplace_public_data', rename(client, true))).toBe(0);
    } finally {
      await client.end();
    }
  });

  it('are announced by the linked instance once committed, and only while it is linked', async () => {
    const own = createPostgresDb(url, 2);
    const setting = () => inTransaction(own, async (trx) => (await sql<{ on: string | null }>`select current_setting('marketplace.notify_after_commit', true) as on`.execute(trx)).rows[0]!.on);
    const quiet = { info: () => {}, warn: () => {} };
    try {
      expect(await setting()).not.toBe('on');
      const links = await linkCaches({ url, db: own, events: new AppEvents(), caches: { answers: [], sessions: { clear: () => {}, forgetUser: () => {} } }, log: quiet });
      try {
        expect(await setting()).toBe('on');
        const write = () => inTransaction(own, (trx) => trx.updateTable('products').set({ name: product.name }).where('id', '=', product.id).execute());
        expect(await heard('marketplace_public_data', write)).toBe(1);
      } finally {
        await links.close();
      }
      expect(await setting()).not.toBe('on');
    } finally {
      await own.destroy();
    }
  });
});

describe('a listening connection that stops answering without closing', () => {
  it('is found out by its heartbeat and replaced, and the cache is cleared once listening again', async () => {
    const listeners = async () =>
      (await sql<{ pid: number }>`select pid from pg_stat_activity where application_name = ${SIGNALS_APPLICATION_NAME}`.execute(db)).rows.map((r) => r.pid);
    const others = await listeners();
    const logs: string[] = [];
    let cleared = 0;
    const links = await linkInstances({
      url,
      db,
      events: new AppEvents(),
      publicDataChanged: () => void (cleared += 1),
      sessionsChanged: () => {},
      log: { info: (message) => logs.push(message), warn: (message) => logs.push(message) },
      heartbeatMs: 300,
    });
    const [mine] = (await listeners()).filter((pid) => !others.includes(pid));
    expect(mine).toBeDefined();
    // The server process serving it freezes: its socket stays open, nothing is ever answered (as when a
    // NAT forgets the connection).
    process.kill(mine!, 'SIGSTOP');
    try {
      const before = cleared;
      expect(await eventually(async () => links.listening(), (listening) => !listening)).toBe(false);
      expect(await eventually(async () => links.listening(), (listening) => listening, 10_000)).toBe(true);
      const now = (await listeners()).filter((pid) => !others.includes(pid) && pid !== mine);
      expect(now).toHaveLength(1);
      expect(logs.some((line) => /no answer to a heartbeat/.test(line))).toBe(true);
      expect(cleared).toBeGreaterThan(before);
    } finally {
      process.kill(mine!, 'SIGCONT');
      await links.close();
    }
  }, 30_000);
});

describe('runOnce', () => {
  const HOUR = 3_600_000;

  it('runs a job on one instance when several wake at the same moment, and not again within its period', async () => {
    const others = [createPostgresDb(url, 2), createPostgresDb(url, 2)];
    try {
      let runs = 0;
      const job = async () => {
        runs += 1;
        await sleep(100);
      };
      const now = new Date('2026-11-25T06:00:00.000Z');
      const ran = await Promise.all([...others, ...others, db].map((handle) => runOnce(handle, 'test-job', { periodMs: 6 * HOUR, now }, job)));
      expect(runs).toBe(1);
      expect(ran.filter(Boolean)).toHaveLength(1);
      // Another instance waking a second later, or an hour later, finds it done.
      expect(await runOnce(others[1]!, 'test-job', { periodMs: 6 * HOUR, now: new Date(now.getTime() + 1_000) }, job)).toBe(false);
      expect(await runOnce(others[0]!, 'test-job', { periodMs: 6 * HOUR, now: new Date(now.getTime() + HOUR) }, job)).toBe(false);
      expect(runs).toBe(1);
      // The next period: one of them runs it again; another job is counted on its own.
      expect(await runOnce(others[0]!, 'test-job', { periodMs: 6 * HOUR, now: new Date(now.getTime() + 6 * HOUR) }, job)).toBe(true);
      expect(await runOnce(others[1]!, 'other-job', { periodMs: 6 * HOUR, now: new Date(now.getTime() + 6 * HOUR) }, job)).toBe(true);
      expect(runs).toBe(3);
    } finally {
      await Promise.all(others.map((handle) => handle.destroy()));
    }
  });

  it('gives the period back when the job fails, so that the next wake-up of any instance tries again', async () => {
    const other = createPostgresDb(url, 2);
    try {
      const now = new Date('2026-12-01T06:00:00.000Z');
      const later = (ms: number) => ({ periodMs: 24 * HOUR, now: new Date(now.getTime() + ms) });
      expect(await runOnce(db, 'flaky-job', later(0), async () => undefined)).toBe(true);
      // The next day's run fails: an hour later, another instance runs it.
      await expect(runOnce(db, 'flaky-job', later(24 * HOUR), () => Promise.reject(new Error('disk full')))).rejects.toThrow('disk full');
      let ran = 0;
      expect(await runOnce(other, 'flaky-job', later(25 * HOUR), async () => void (ran += 1))).toBe(true);
      expect(ran).toBe(1);
      // A first run that fails leaves no claim behind either.
      await expect(runOnce(db, 'new-job', later(0), () => Promise.reject(new Error('no')))).rejects.toThrow('no');
      expect(await runOnce(other, 'new-job', later(1_000), async () => undefined)).toBe(true);
    } finally {
      await other.destroy();
    }
  });

  it('on SQLite (one process) simply runs the job each time', async () => {
    const sqlite = createDb(':memory:');
    try {
      let runs = 0;
      const now = new Date();
      for (let i = 0; i < 2; i += 1) expect(await runOnce(sqlite, 'test-job', { periodMs: HOUR, now }, async () => void (runs += 1))).toBe(true);
      expect(runs).toBe(2);
    } finally {
      await sqlite.destroy();
    }
  });
});
