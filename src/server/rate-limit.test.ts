import { describe, expect, it } from 'vitest';
import { RateLimiter } from './rate-limit';

describe('RateLimiter', () => {
  it('allows up to the limit within a window, then refuses until it resets', () => {
    let now = 0;
    const limiter = new RateLimiter(() => now);
    const policy = { limit: 2, windowMs: 1000 };
    expect(limiter.hit('a', policy).ok).toBe(true);
    expect(limiter.hit('a', policy).ok).toBe(true);
    const third = limiter.hit('a', policy);
    expect(third.ok).toBe(false);
    expect(third.retryAfterSeconds).toBe(1);
    expect(limiter.hit('b', policy).ok).toBe(true);
    now = 1000;
    expect(limiter.hit('a', policy).ok).toBe(true);
  });
});
