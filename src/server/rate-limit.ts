/**
 * Fixed-window counters per key. Every limit has a default here and an environment variable
 * (RATE_LIMIT_<NAME>=count/window, read in env.ts); the number of keys is capped, so a flood of new
 * clients cannot grow the memory without end. On SQLite (one process) the counters are in memory
 * (`MemoryRateLimiter`); on PostgreSQL every instance counts in one table (rate-limits/shared-rate-limiter.ts).
 */
export interface RateLimitPolicy {
  limit: number;
  windowMs: number;
}

export interface RateLimitResult {
  ok: boolean;
  retryAfterSeconds: number;
}

const MINUTE = 60_000;

export const DEFAULT_POLICIES = {
  signInPerAccount: { limit: 10, windowMs: 15 * MINUTE },
  signInPerClient: { limit: 60, windowMs: 15 * MINUTE },
  signUpPerClient: { limit: 30, windowMs: 60 * MINUTE },
  guestTrackingPerClient: { limit: 30, windowMs: 5 * MINUTE },
  checkoutPerClient: { limit: 30, windowMs: 10 * MINUTE },
  /** The cart's coupon "Apply": guessing a shop's codes must be slow. */
  couponApplyPerClient: { limit: 20, windowMs: 10 * MINUTE },
  uploadsPerUser: { limit: 120, windowMs: 10 * MINUTE },
  /** Reports of products, shops and reviews (issue 49), guests' too. */
  reportsPerClient: { limit: 10, windowMs: 60 * MINUTE },
  /** "Notify me when it's back" (issue 50), guests' too: each writes a row and may later send an email. */
  backInStockPerClient: { limit: 20, windowMs: 60 * MINUTE },
  passwordResetPerClient: { limit: 10, windowMs: 60 * MINUTE },
  passwordResetPerEmail: { limit: 3, windowMs: 60 * MINUTE },
} satisfies Record<string, RateLimitPolicy>;

export type PolicyName = keyof typeof DEFAULT_POLICIES;
export type RateLimitPolicies = Record<PolicyName, RateLimitPolicy>;

/**
 * The policies by name, as callers pass them (`limiter.hit(key, POLICIES.checkoutPerClient)`): what
 * each allows is the limiter's, so the environment can change it in one place.
 */
export const POLICIES = Object.fromEntries(Object.keys(DEFAULT_POLICIES).map((name) => [name, name])) as { [N in PolicyName]: N };

export const DEFAULT_MAX_KEYS = 100_000;

const UNIT_MS: Record<string, number> = { s: 1000, m: MINUTE, h: 60 * MINUTE, d: 24 * 60 * MINUTE };

/** Reads "30/10m" (30 per 10 minutes; units s, m, h, d). Throws with the operator-facing reason. */
export function parseRateLimit(text: string): RateLimitPolicy {
  const match = /^\s*(\d{1,9})\s*\/\s*(\d{1,6})\s*([smhd])\s*$/.exec(text);
  const limit = Number(match?.[1]);
  const windowMs = Number(match?.[2]) * (UNIT_MS[match?.[3] ?? ''] ?? NaN);
  if (!match || limit < 1 || !(windowMs >= 1000) || windowMs > 7 * UNIT_MS.d!) {
    throw new Error('must be a count per window, like 30/10m (units s, m, h, d; at least 1 per second, at most 7 days)');
  }
  return { limit, windowMs };
}

export interface RateLimiterOptions {
  /** Overrides of the defaults, from the environment. */
  policies?: Partial<RateLimitPolicies>;
  /** The most keys held at once (RATE_LIMIT_MAX_KEYS). */
  maxKeys?: number;
  clock?: () => number;
}

/** Counts one request against `key` under the named policy. A refused request stores nothing new. */
export interface RateLimiter {
  hit(key: string, name: PolicyName): Promise<RateLimitResult>;
  /** Forgets `key`'s window: its next hit starts a new one (a correct password clears the account's failures). */
  clear(key: string): Promise<void>;
}

/** The limiter of one process: its counters live and die with it. */
export class MemoryRateLimiter implements RateLimiter {
  // Insertion order is window-start order (a key is re-inserted when its window restarts), so the
  // first entries are the oldest: eviction takes them without a scan.
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private readonly policies: RateLimitPolicies;
  private readonly maxKeys: number;
  private readonly clock: () => number;

  constructor(options: RateLimiterOptions = {}) {
    this.policies = { ...DEFAULT_POLICIES, ...options.policies };
    this.maxKeys = options.maxKeys ?? DEFAULT_MAX_KEYS;
    this.clock = options.clock ?? Date.now;
  }

  async hit(key: string, name: PolicyName): Promise<RateLimitResult> {
    const policy = this.policies[name];
    const now = this.clock();
    const window = this.windows.get(key);
    if (window && window.resetAt > now) {
      const ok = window.count < policy.limit;
      if (ok) window.count += 1;
      return { ok, retryAfterSeconds: Math.ceil((window.resetAt - now) / 1000) };
    }
    if (window) this.windows.delete(key);
    else if (this.windows.size >= this.maxKeys) this.makeRoom(now);
    this.windows.set(key, { count: 1, resetAt: now + policy.windowMs });
    return { ok: true, retryAfterSeconds: Math.ceil(policy.windowMs / 1000) };
  }

  async clear(key: string): Promise<void> {
    this.windows.delete(key);
  }

  /** How many keys are held (for tests and metrics). */
  get size(): number {
    return this.windows.size;
  }

  /**
   * At the cap: drops every expired window, then, if that freed less than a tenth, the oldest ones
   * down to nine tenths. One full pass per tenth of the cap keeps the cost per request constant.
   * Dropping a live window forgets its count; that only happens under a flood of distinct clients.
   */
  private makeRoom(now: number): void {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
    const target = Math.floor(this.maxKeys * 0.9);
    for (const key of this.windows.keys()) {
      if (this.windows.size <= target) break;
      this.windows.delete(key);
    }
  }
}
