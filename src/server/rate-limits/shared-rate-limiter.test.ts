// Rate limits across instances (issue 12 item 4): two limiters, each with its own pool as two server
// instances would hold, on one real PostgreSQL (scripts/services/postgres.mjs), share every window.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgres, type TestPostgres } from '../../../scripts/services/postgres.mjs';
import { createDb, createPostgresDb, type DB } from '../db/client';
import { migrateToLatest } from '../db/migrate';
import { MemoryRateLimiter, type RateLimitPolicies } from '../rate-limit';
import { rateLimiterFor, SharedRateLimiter } from './shared-rate-limiter';

const policies: Partial<RateLimitPolicies> = { checkoutPerClient: { limit: 3, windowMs: 10_000 } };

describe('SharedRateLimiter on PostgreSQL', () => {
  let server: TestPostgres;
  let url: string;
  const opened: DB[] = [];
  let databases = 0;
  /** A new migrated database, and a second handle on it (the other instance). */
  const twoInstances = async (): Promise<[DB, DB]> => {
    const name = `limits_${++databases}`;
    url = await server.createDatabase(name);
    const first = createPostgresDb(url, 4);
    const second = createPostgresDb(url, 4);
    opened.push(first, second);
    await migrateToLatest(first);
    return [first, second];
  };
  const rows = async (db: DB) => db.selectFrom('rate_limits').selectAll().orderBy('key').execute();

  beforeAll(async () => {
    server = await startPostgres({ database: 'limits' });
  }, 120_000);

  afterAll(async () => {
    for (const db of opened) await db.destroy();
    await server?.stop();
  });

  it('counts the hits of every instance against one limit', async () => {
    const [a, b] = await twoInstances();
    let now = 1_000_000;
    const one = new SharedRateLimiter(a, { policies, clock: () => now });
    const other = new SharedRateLimiter(b, { policies, clock: () => now });
    expect((await one.hit('checkout:1.2.3.4', 'checkoutPerClient')).ok).toBe(true);
    expect((await other.hit('checkout:1.2.3.4', 'checkoutPerClient')).ok).toBe(true);
    expect((await one.hit('checkout:1.2.3.4', 'checkoutPerClient')).ok).toBe(true);
    now += 4000;
    const refused = await other.hit('checkout:1.2.3.4', 'checkoutPerClient');
    expect(refused).toEqual({ ok: false, retryAfterSeconds: 6 });
    expect((await one.hit('checkout:1.2.3.4', 'checkoutPerClient')).ok).toBe(false);
    // Another client has its own window.
    expect((await other.hit('checkout:5.6.7.8', 'checkoutPerClient')).ok).toBe(true);
    // The window ends for everybody at once.
    now += 6000;
    expect(await one.hit('checkout:1.2.3.4', 'checkoutPerClient')).toEqual({ ok: true, retryAfterSeconds: 10 });
    expect((await other.hit('checkout:1.2.3.4', 'checkoutPerClient')).ok).toBe(true);
    expect(await rows(a)).toEqual([
      { key: 'checkout:1.2.3.4', count: 2, reset_at: now + 10_000 },
      { key: 'checkout:5.6.7.8', count: 1, reset_at: now - 6000 + 10_000 },
    ]);
  });

  it('allows exactly the limit when instances hit at the same moment', async () => {
    const [a, b] = await twoInstances();
    const limiters = [new SharedRateLimiter(a, { policies }), new SharedRateLimiter(b, { policies })];
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => limiters[i % 2]!.hit('checkout:race', 'checkoutPerClient')));
    expect(results.filter((r) => r.ok)).toHaveLength(3);
    expect((await rows(a)).map((r) => r.count)).toEqual([3]);
  });

  it('clears one key for every instance, other keys keep their windows', async () => {
    const [a, b] = await twoInstances();
    const one = new SharedRateLimiter(a, { policies });
    const other = new SharedRateLimiter(b, { policies });
    for (let i = 0; i < 3; i += 1) {
      await one.hit('sign-in-account:a@example.test', 'checkoutPerClient');
      await one.hit('sign-in-account:b@example.test', 'checkoutPerClient');
    }
    await other.clear('sign-in-account:a@example.test');
    await other.clear('sign-in-account:never@example.test');
    expect((await one.hit('sign-in-account:a@example.test', 'checkoutPerClient')).ok).toBe(true);
    expect((await one.hit('sign-in-account:b@example.test', 'checkoutPerClient')).ok).toBe(false);
    expect((await rows(a)).map((r) => [r.key, r.count])).toEqual([
      ['sign-in-account:a@example.test', 1],
      ['sign-in-account:b@example.test', 3],
    ]);
  });

  it('writes nothing for a refused request', async () => {
    const [a, b] = await twoInstances();
    const limiter = new SharedRateLimiter(a, { policies });
    for (let i = 0; i < 3; i += 1) await limiter.hit('checkout:full', 'checkoutPerClient');
    // xmin names the transaction that wrote the row's current version: an update would change it.
    const version = async () => (await sql<{ xmin: string }>`select xmin::text as xmin from rate_limits where key = 'checkout:full'`.execute(b)).rows;
    const before = await version();
    for (let i = 0; i < 50; i += 1) expect((await limiter.hit('checkout:full', 'checkoutPerClient')).ok).toBe(false);
    expect(await version()).toEqual(before);
    expect((await rows(b)).map((r) => r.count)).toEqual([3]);
  });

  it('keeps the table bounded: ended windows go, then the soonest-ending past the cap', async () => {
    const [a] = await twoInstances();
    let now = 0;
    const short = { checkoutPerClient: { limit: 1, windowMs: 1000 }, signUpPerClient: { limit: 1, windowMs: 60_000 } };
    const limiter = new SharedRateLimiter(a, { policies: short, clock: () => now, maxKeys: 20, pruneEvery: 10 });
    await limiter.hit('sign-up:long-lived', 'signUpPerClient');
    for (let i = 0; i < 8; i += 1) await limiter.hit(`checkout:short-${i}`, 'checkoutPerClient');
    now = 2000;
    // The tenth hit prunes first: the eight ended windows go, the live one stays and still refuses.
    await limiter.hit('checkout:new', 'checkoutPerClient');
    expect((await rows(a)).map((r) => r.key)).toEqual(['checkout:new', 'sign-up:long-lived']);
    expect((await limiter.hit('sign-up:long-lived', 'signUpPerClient')).ok).toBe(false);

    for (let i = 0; i < 200; i += 1) {
      now += 1;
      await limiter.hit(`sign-up:flood-${i}`, 'signUpPerClient');
      expect((await rows(a)).length).toBeLessThanOrEqual(20 + 10);
    }
    // The windows ending last are the ones kept.
    expect((await limiter.hit('sign-up:flood-199', 'signUpPerClient')).ok).toBe(false);
    expect(await limiter.prune()).toBeGreaterThan(0);
    expect((await rows(a)).length).toBe(20);
  });

  it('is the limiter on PostgreSQL; SQLite (one process) keeps its counters in memory', async () => {
    const [a] = await twoInstances();
    expect(rateLimiterFor(a)).toBeInstanceOf(SharedRateLimiter);
    const sqlite = createDb(':memory:');
    expect(rateLimiterFor(sqlite)).toBeInstanceOf(MemoryRateLimiter);
    await sqlite.destroy();
  });
});
