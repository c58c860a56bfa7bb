import { describe, expect, it } from 'vitest';
import { MemoryRateLimiter, parseRateLimit } from './rate-limit';

describe('MemoryRateLimiter', () => {
  it('allows up to the limit within a window, then refuses until it resets', async () => {
    let now = 0;
    const limiter = new MemoryRateLimiter({ clock: () => now, policies: { checkoutPerClient: { limit: 2, windowMs: 1000 } } });
    expect((await limiter.hit('a', 'checkoutPerClient')).ok).toBe(true);
    expect((await limiter.hit('a', 'checkoutPerClient')).ok).toBe(true);
    const third = await limiter.hit('a', 'checkoutPerClient');
    expect(third.ok).toBe(false);
    expect(third.retryAfterSeconds).toBe(1);
    expect((await limiter.hit('b', 'checkoutPerClient')).ok).toBe(true);
    now = 1000;
    expect((await limiter.hit('a', 'checkoutPerClient')).ok).toBe(true);
  });

  it('uses the defaults for policies it is not given', async () => {
    const limiter = new MemoryRateLimiter({ policies: { checkoutPerClient: { limit: 1, windowMs: 1000 } } });
    for (let i = 0; i < 10; i += 1) expect((await limiter.hit('x', 'signInPerAccount')).ok).toBe(true);
    expect((await limiter.hit('x', 'signInPerAccount')).ok).toBe(false);
  });

  it('holds at most maxKeys keys, dropping expired windows first, then the oldest', async () => {
    let now = 0;
    const policies = { checkoutPerClient: { limit: 1, windowMs: 1000 }, signUpPerClient: { limit: 1, windowMs: 60_000 } };
    const limiter = new MemoryRateLimiter({ clock: () => now, policies, maxKeys: 100 });
    await limiter.hit('long-lived', 'signUpPerClient');
    for (let i = 0; i < 99; i += 1) await limiter.hit(`short-${i}`, 'checkoutPerClient');
    expect(limiter.size).toBe(100);
    now = 2000;
    // Full: the 99 expired windows go, the live one stays and still refuses.
    await limiter.hit('new', 'checkoutPerClient');
    expect(limiter.size).toBe(2);
    expect((await limiter.hit('long-lived', 'signUpPerClient')).ok).toBe(false);

    for (let i = 0; i < 100_000; i += 1) await limiter.hit(`flood-${i}`, 'signUpPerClient');
    expect(limiter.size).toBeLessThanOrEqual(100);
    // The newest keys are the ones kept.
    expect((await limiter.hit('flood-99999', 'signUpPerClient')).ok).toBe(false);
  });

  it('clears one key: its next hit starts a new window, other keys keep theirs', async () => {
    const limiter = new MemoryRateLimiter({ policies: { checkoutPerClient: { limit: 1, windowMs: 60_000 } } });
    await limiter.hit('a', 'checkoutPerClient');
    await limiter.hit('b', 'checkoutPerClient');
    await limiter.clear('a');
    await limiter.clear('never-hit');
    expect((await limiter.hit('a', 'checkoutPerClient')).ok).toBe(true);
    expect((await limiter.hit('b', 'checkoutPerClient')).ok).toBe(false);
  });

  it('stores nothing for a refused request', async () => {
    const limiter = new MemoryRateLimiter({ policies: { checkoutPerClient: { limit: 1, windowMs: 60_000 } } });
    await limiter.hit('a', 'checkoutPerClient');
    for (let i = 0; i < 1000; i += 1) expect((await limiter.hit('a', 'checkoutPerClient')).ok).toBe(false);
    expect(limiter.size).toBe(1);
  });
});

describe('parseRateLimit', () => {
  it('reads count/window', () => {
    expect(parseRateLimit('30/10m')).toEqual({ limit: 30, windowMs: 600_000 });
    expect(parseRateLimit(' 5 / 1h ')).toEqual({ limit: 5, windowMs: 3_600_000 });
    expect(parseRateLimit('100/30s')).toEqual({ limit: 100, windowMs: 30_000 });
    expect(parseRateLimit('1/1d')).toEqual({ limit: 1, windowMs: 86_400_000 });
  });

  it('refuses what it cannot read', () => {
    for (const text of ['30', '30/', '0/10m', '30/10', '30/10x', '-1/10m', '30/0m', '1.5/10m', '1/8d', 'ten/10m']) {
      expect(() => parseRateLimit(text), text).toThrow(/count per window/);
    }
  });
});
