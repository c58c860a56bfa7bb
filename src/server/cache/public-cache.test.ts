import { describe, expect, it } from 'vitest';
import { createPublicCache } from './public-cache';
import { publicReadKey } from './public-reads';

describe('public cache', () => {
  it('never stores an answer computed while a write committed', () => {
    const cache = createPublicCache({ maxBytes: 1024 * 1024, maxAgeMs: 60_000 });
    const before = cache.generation();
    // A read started, then a write committed before the read finished.
    cache.publicDataChanged();
    cache.set('k', before, 'old', 'application/json');
    expect(cache.get('k')).toBeUndefined();
    cache.set('k', cache.generation(), 'new', 'application/json');
    expect(cache.get('k')?.body.toString()).toBe('new');
    cache.publicDataChanged();
    expect(cache.get('k')).toBeUndefined();
  });

  it('stays within its bytes, dropping the least recently used first, compressed forms counted', () => {
    const cache = createPublicCache({ maxBytes: 4000, maxAgeMs: 60_000 });
    const body = 'x'.repeat(700);
    for (const key of ['a', 'b', 'c', 'd']) cache.set(key, cache.generation(), body, 'text/plain');
    cache.get('a');
    cache.set('e', cache.generation(), body, 'text/plain');
    expect(cache.stats().bytes).toBeLessThanOrEqual(4000);
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('b')).toBeUndefined();
    const entry = cache.get('e')!;
    const before = cache.stats().bytes;
    expect(cache.encoded(entry, 'gzip')).toBe(cache.encoded(entry, 'gzip'));
    expect(cache.stats().bytes).toBeGreaterThan(before);
    // One answer larger than a quarter of the bound is served but not kept.
    cache.set('huge', cache.generation(), 'y'.repeat(1500), 'text/plain');
    expect(cache.get('huge')).toBeUndefined();
  });

  it('serves nothing older than its maximum age, and nothing at all when turned off', () => {
    let now = 0;
    const cache = createPublicCache({ maxBytes: 1024 * 1024, maxAgeMs: 1000, now: () => now });
    cache.set('k', cache.generation(), 'v', 'text/plain');
    now = 999;
    expect(cache.get('k')).toBeDefined();
    now = 1000;
    expect(cache.get('k')).toBeUndefined();
    const off = createPublicCache({ maxBytes: 0, maxAgeMs: 1000 });
    expect(off.enabled).toBe(false);
    off.set('k', off.generation(), 'v', 'text/plain');
    expect(off.get('k')).toBeUndefined();
  });

  it('keys a read by its normalized input, and a per-viewer read by who asks', () => {
    expect(publicReadKey('catalog.products', { search: 'a', limit: 5 }, 7)).toBe(publicReadKey('catalog.products', { limit: 5, search: 'a' }, null));
    expect(publicReadKey('catalog.product', { slug: 'a' }, null)).not.toBe(publicReadKey('catalog.product', { slug: 'a' }, 7));
    expect(publicReadKey('catalog.product', { slug: 'a' }, 7)).not.toBe(publicReadKey('catalog.product', { slug: 'a' }, 8));
    expect(publicReadKey('orders.mine', {}, 7)).toBeNull();
  });
});
