// Nothing grows without bound over a year of use (issue 22): 365 days on a controlled clock of
// sign-ins, sign-outs, checkouts (a retry now and then), rate-limited hits from new addresses, shop
// renames with their drawn link previews, and the scheduled jobs run once a day as the server runs
// them (runOnce). Every table that grows with use, and the share-image folder, stays within what a
// few days of use create (sessions: their 30-day lifetime), while what must stay stays.
import { describe, expect, it } from 'vitest';
import type { Database } from '../db/schema';
import { updateShopSchema } from '../../shared/schemas/shop';
import { deleteShop } from '../admin/admin.service';
import { endSession, resumeSession, SESSION_MAX_AGE_SECONDS, startSession } from '../auth/auth.service';
import { shopShareImage } from '../catalog/share-head';
import { runOnce } from '../db/run-once';
import { checkout } from '../orders/orders.service';
import { MemoryRateLimiter, POLICIES, type RateLimiter } from '../rate-limit';
import { SharedRateLimiter } from '../rate-limits/shared-rate-limiter';
import { updateShopSettings } from '../shops/shops.service';
import { createProduct, createShop, createUser, FIXTURE_ACTOR, SHIPPING } from '../testing/factories';
import { countRows, createTestEnv } from '../testing/test-app';
import { testEngine } from '../testing/test-engine';
import { sweepOrphanUploads } from '../uploads/uploads.service';
import { CHECKOUT_ATTEMPT_RETENTION_MS, ORDER_SEQUENCE_RETENTION_MS, runHousekeeping } from './housekeeping.service';

const DAY = 24 * 3_600_000;
const DAYS = 365;
const SIGN_INS_PER_DAY = 3;
const CHECKOUTS_PER_DAY = 2;
const HITS_PER_DAY = 4;
const SESSION_DAYS = SESSION_MAX_AGE_SECONDS / 86_400;
const ATTEMPT_DAYS = CHECKOUT_ATTEMPT_RETENTION_MS / DAY;
const SEQUENCE_DAYS = ORDER_SEQUENCE_RETENTION_MS / DAY;

const GROWING = ['sessions', 'checkout_attempts', 'order_number_sequences', 'rate_limits', 'scheduled_runs'] as const satisfies ReadonlyArray<keyof Database>;

describe('a simulated year of use', () => {
  it('keeps every table that grows with use, and the share images, within a few days’ worth; orders, live sessions and recent attempts stay', async () => {
    const env = createTestEnv();
    const { db } = env;
    const storage = env.config.storage;
    const start = env.clock.now.getTime();
    const owner = await createUser(env, { roles: ['shopkeeper'], isPro: true });
    const shop = await createShop(env, { owner, name: 'Renamed Monthly' });
    const closing = await createShop(env, { name: 'Closes Midyear' });
    const product = await createProduct(env, shop, { price: 1_000, stock: 100_000 });
    const buyers: number[] = [];
    // Enough accounts that sign-in's own clearing of the signer's expired sessions cannot keep the table small.
    for (let i = 0; i < 60; i += 1) buyers.push(await createUser(env));
    // PostgreSQL's shared limiter writes a row per window (its own pruning every thousand hits left
    // out, so that only housekeeping removes them); SQLite's counts in memory.
    const clock = () => env.clock.now.getTime();
    const limiter: RateLimiter = testEngine === 'postgres' ? new SharedRateLimiter(db, { clock, pruneEvery: Number.MAX_SAFE_INTEGER }) : new MemoryRateLimiter({ clock });

    const peak = Object.fromEntries(GROWING.map((t) => [t, 0])) as Record<(typeof GROWING)[number], number>;
    let peakShareImages = 0;
    const liveSessions: Array<{ id: string; userId: number; day: number }> = [];
    const attempts: Array<{ key: string; buyer: number; orderIds: number[] }> = [];
    let orders = 0;

    for (let day = 0; day < DAYS; day += 1) {
      const now = () => env.clock.now;
      env.clock.now = new Date(start + day * DAY);
      // Sign-ins from new addresses (each a new rate-limit window), one of them signed out again.
      for (let i = 0; i < SIGN_INS_PER_DAY; i += 1) {
        expect((await limiter.hit(`sign-in:10.${day % 256}.${day >> 8}.${i}`, POLICIES.signInPerClient)).ok).toBe(true);
        const userId = buyers[(day * SIGN_INS_PER_DAY + i) % buyers.length]!;
        const id = await startSession(db, userId, now());
        if (i === 0) await endSession(db, id);
        else liveSessions.push({ id, userId, day });
      }
      for (let i = SIGN_INS_PER_DAY; i < HITS_PER_DAY; i += 1) await limiter.hit(`checkout:10.${day % 256}.${day >> 8}.${i}`, POLICIES.checkoutPerClient);
      // Checkouts, each its own attempt; every week the buyer of an attempt from days ago retries it.
      for (let i = 0; i < CHECKOUTS_PER_DAY; i += 1) {
        const buyer = buyers[(day + i) % buyers.length]!;
        const key = `attempt-${day}-${i}-0123456789`;
        const placed = await checkout(db, env.events, { items: [{ productId: product.id, quantity: 1, color: null, size: null }], shipping: SHIPPING, attemptKey: key, sessionUserId: buyer, now: now() });
        attempts.push({ key, buyer, orderIds: placed.orders.map((o) => o.id) });
        orders += placed.orders.length;
      }
      if (day % 7 === 6) {
        const earlier = attempts[attempts.length - 1 - (ATTEMPT_DAYS - 2) * CHECKOUTS_PER_DAY]!;
        const retried = await checkout(db, env.events, { items: [{ productId: product.id, quantity: 1, color: null, size: null }], shipping: SHIPPING, attemptKey: earlier.key, sessionUserId: earlier.buyer, now: now() });
        expect(retried.orders.map((o) => o.id)).toEqual(earlier.orderIds);
      }
      // A new shop name each month, each drawing its link preview; a shop deleted midyear.
      if (day % 30 === 0) {
        const shopName = `Renamed Monthly ${day / 30}`;
        const settings = updateShopSchema.parse({ name: shopName, whatsappNumber: '+92 300 1234567', logoUrl: null, profilePictureUrl: null, coverImageUrl: null });
        await updateShopSettings(db, storage, owner, shop.id, settings, now());
        expect(await shopShareImage(storage, { id: shop.id, name: shopName })).not.toBeNull();
      }
      if (day === 100) expect(await shopShareImage(storage, closing)).not.toBeNull();
      if (day === 180) await deleteShop(db, env.config, closing.id, FIXTURE_ACTOR, now());

      // The peak of each, just before the day's jobs run.
      for (const table of GROWING) peak[table] = Math.max(peak[table], await countRows(db, table));
      peakShareImages = Math.max(peakShareImages, (await storage.list('share/')).length);

      // The day's scheduled jobs, as index.ts runs them (one instance per period on PostgreSQL).
      env.clock.now = new Date(start + day * DAY + 23 * 3_600_000);
      expect(await runOnce(db, 'upload-sweep', { periodMs: DAY, now: now() }, () => sweepOrphanUploads(db, storage, now()))).toBe(true);
      expect(await runOnce(db, 'housekeeping', { periodMs: DAY, now: now() }, () => runHousekeeping(db, storage, now()))).toBe(true);
    }

    // Within what a few days of use create, whatever the length of the run.
    expect(peak.sessions).toBeLessThanOrEqual((SESSION_DAYS + 1) * (SIGN_INS_PER_DAY - 1));
    expect(peak.checkout_attempts).toBeLessThanOrEqual((ATTEMPT_DAYS + 1) * CHECKOUTS_PER_DAY);
    // The retention's days, the day the job runs on and the next one.
    expect(peak.order_number_sequences).toBeLessThanOrEqual(SEQUENCE_DAYS + 2);
    expect(peak.rate_limits).toBeLessThanOrEqual(2 * HITS_PER_DAY);
    expect(peak.scheduled_runs).toBeLessThanOrEqual(2);
    // The shop's current preview, and the deleted shop's until the next night; none of the eleven earlier names.
    expect(peakShareImages).toBeLessThanOrEqual(3);
    expect((await storage.list('share/')).length).toBe(1);
    // SQLite is one process: its limiter counts in memory and its jobs need no claim.
    if (testEngine === 'sqlite') expect([peak.rate_limits, peak.scheduled_runs]).toEqual([0, 0]);
    else expect([peak.rate_limits > 0, await countRows(db, 'scheduled_runs')]).toEqual([true, 2]);

    // What must stay: every order; the sessions still inside their lifetime, still signed in; the last
    // week's attempts, still answering their retry with their orders.
    expect(await countRows(db, 'orders')).toBe(orders);
    expect(orders).toBe(DAYS * CHECKOUTS_PER_DAY);
    const last = start + (DAYS - 1) * DAY + 23 * 3_600_000;
    const stillLive = liveSessions.filter((s) => start + s.day * DAY + SESSION_MAX_AGE_SECONDS * 1000 > last);
    expect(stillLive.length).toBeGreaterThan(0);
    expect(await countRows(db, 'sessions')).toBe(stillLive.length);
    for (const s of stillLive) expect(await resumeSession(db, s.id, s.userId, new Date(last))).toBe(true);
    const recent = attempts.slice(-(ATTEMPT_DAYS - 1) * CHECKOUTS_PER_DAY);
    expect(await countRows(db, 'checkout_attempts')).toBeGreaterThanOrEqual(recent.length);
    for (const a of recent) {
      const again = await checkout(db, env.events, { items: [{ productId: product.id, quantity: 1, color: null, size: null }], shipping: SHIPPING, attemptKey: a.key, sessionUserId: a.buyer, now: new Date(last) });
      expect(again.orders.map((o) => o.id)).toEqual(a.orderIds);
    }
    expect(await countRows(db, 'orders')).toBe(orders);
  }, 120_000);
});
