import { type DB, engineOf } from '../db/client';
import {
  DEFAULT_MAX_KEYS,
  DEFAULT_POLICIES,
  MemoryRateLimiter,
  type PolicyName,
  type RateLimiter,
  type RateLimiterOptions,
  type RateLimitPolicies,
  type RateLimitResult,
} from '../rate-limit';
import * as repo from './rate-limits.repository';

/** Hits between two prunings of the table, per instance: at most this many rows beyond the cap in between. */
const DEFAULT_PRUNE_EVERY = 1000;

/**
 * The limiter of instances that share one PostgreSQL database: each window is a row of `rate_limits`,
 * counted by one atomic upsert per hit, so N instances together allow what one would. Time is this
 * instance's clock (instances keep theirs in sync, as their logs and sessions already need).
 */
export class SharedRateLimiter implements RateLimiter {
  private readonly policies: RateLimitPolicies;
  private readonly maxKeys: number;
  private readonly clock: () => number;
  private readonly pruneEvery: number;
  private hits = 0;

  constructor(
    private readonly db: DB,
    options: RateLimiterOptions & { pruneEvery?: number } = {},
  ) {
    this.policies = { ...DEFAULT_POLICIES, ...options.policies };
    this.maxKeys = options.maxKeys ?? DEFAULT_MAX_KEYS;
    this.clock = options.clock ?? Date.now;
    this.pruneEvery = options.pruneEvery ?? DEFAULT_PRUNE_EVERY;
  }

  async hit(key: string, name: PolicyName): Promise<RateLimitResult> {
    const policy = this.policies[name];
    const now = this.clock();
    this.hits += 1;
    // A prune that fails (a dropped connection, two instances pruning at once) is only tried again later:
    // the request it rode on is still counted and answered.
    if (this.hits % this.pruneEvery === 0) await this.prune().catch(() => 0);
    const window = await repo.countHit(this.db, { key, now, windowMs: policy.windowMs, limit: policy.limit });
    if (!window) return { ok: false, retryAfterSeconds: Math.ceil(policy.windowMs / 1000) };
    return { ok: window.counted, retryAfterSeconds: Math.max(1, Math.ceil((window.reset_at - now) / 1000)) };
  }

  async clear(key: string): Promise<void> {
    await repo.deleteWindow(this.db, key);
  }

  /** Removes ended windows, and the soonest-ending ones past the cap. Returns how many went. */
  prune(): Promise<number> {
    return repo.pruneWindows(this.db, this.clock(), this.maxKeys);
  }
}

/**
 * Housekeeping: up to `limit` shared windows that ended by `now` (milliseconds since the epoch). The
 * limiters prune every thousand hits; this clears what a quiet spell leaves. Returns how many went.
 */
export function pruneEndedWindows(db: DB, now: number, limit: number): Promise<number> {
  return repo.deleteEndedWindows(db, now, limit);
}

/** The limiter for a database: shared through the table on PostgreSQL, in memory on SQLite (one process). */
export function rateLimiterFor(db: DB, options: RateLimiterOptions = {}): RateLimiter {
  return engineOf(db) === 'postgres' ? new SharedRateLimiter(db, options) : new MemoryRateLimiter(options);
}
