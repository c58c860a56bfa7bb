/**
 * A fixed-window counter per key, in memory: enough for one process (the deployment model).
 * Used for sign-in, sign-up and guest order tracking.
 */
export interface RateLimitPolicy {
  limit: number;
  windowMs: number;
}

export interface RateLimitResult {
  ok: boolean;
  retryAfterSeconds: number;
}

export class RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(private readonly clock: () => number = Date.now) {}

  hit(key: string, policy: RateLimitPolicy): RateLimitResult {
    const now = this.clock();
    if (this.windows.size > 50_000) this.sweep(now);
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + policy.windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    return { ok: window.count <= policy.limit, retryAfterSeconds: Math.ceil((window.resetAt - now) / 1000) };
  }

  private sweep(now: number): void {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}

export const POLICIES = {
  signInPerAccount: { limit: 10, windowMs: 15 * 60_000 },
  signInPerClient: { limit: 60, windowMs: 15 * 60_000 },
  signUpPerClient: { limit: 30, windowMs: 60 * 60_000 },
  guestTrackingPerClient: { limit: 30, windowMs: 5 * 60_000 },
  checkoutPerClient: { limit: 30, windowMs: 10 * 60_000 },
  uploadsPerUser: { limit: 120, windowMs: 10 * 60_000 },
} satisfies Record<string, RateLimitPolicy>;
