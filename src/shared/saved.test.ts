import { describe, expect, it } from 'vitest';
import { MAX_SAVED, mergeSaved, parseStoredSaved, type SavedEntry, savedState } from './saved';

const entry = (productId: number, savedAt = `2026-12-01T00:00:${String(productId % 60).padStart(2, '0')}.000Z`, price = 1000): SavedEntry => ({
  productId,
  price,
  currency: 'PKR',
  savedAt,
});

describe('mergeSaved', () => {
  it('adds the guest list to the account list, one entry per product, the account keeping its own price', () => {
    const account = [entry(1, '2026-12-01T00:00:00.000Z', 1500)];
    const guest = [entry(1, '2026-12-02T00:00:00.000Z', 1200), entry(2, '2026-12-03T00:00:00.000Z')];
    const { entries, added, dropped } = mergeSaved(account, guest);
    expect(entries.map((e) => e.productId)).toEqual([2, 1]);
    expect(entries.find((e) => e.productId === 1)?.price).toBe(1500);
    expect(added.map((e) => e.productId)).toEqual([2]);
    expect(dropped).toBe(0);
  });

  it('keeps at most the cap: the account whole, then the newest of the guest list, and counts the rest', () => {
    const account = Array.from({ length: MAX_SAVED - 2 }, (_, i) => entry(1000 + i, '2026-11-01T00:00:00.000Z'));
    const guest = [entry(1, '2026-12-01T00:00:00.000Z'), entry(2, '2026-12-03T00:00:00.000Z'), entry(3, '2026-12-02T00:00:00.000Z')];
    const { entries, added, dropped } = mergeSaved(account, guest);
    expect(entries).toHaveLength(MAX_SAVED);
    expect(added.map((e) => e.productId)).toEqual([2, 3]);
    expect(dropped).toBe(1);
  });

  it('counts a product the guest saved twice once', () => {
    expect(mergeSaved([], [entry(5), entry(5)]).entries).toHaveLength(1);
  });
});

describe('savedState', () => {
  const now = { available: true, stock: 3, price: 1200, currency: 'PKR' };
  it('says the price dropped only when lower than when saved, in the same currency', () => {
    expect(savedState(now, { price: 1500, currency: 'PKR' })).toBe('priceDropped');
    expect(savedState(now, { price: 1200, currency: 'PKR' })).toBe('onSale');
    expect(savedState(now, { price: 900, currency: 'PKR' })).toBe('onSale');
    expect(savedState(now, { price: 1500, currency: 'USD' })).toBe('onSale');
  });
  it('puts no longer available before out of stock before a price', () => {
    expect(savedState({ ...now, stock: 0 }, { price: 1500, currency: 'PKR' })).toBe('outOfStock');
    expect(savedState({ ...now, available: false, stock: 0 }, null)).toBe('unavailable');
  });
});

describe('parseStoredSaved', () => {
  it('reads what was written and drops what no one should have', () => {
    const raw = JSON.stringify({ owner: 7, entries: [entry(1), { productId: -1 }, 'x', entry(1), { productId: 2, price: 'free' }] });
    const stored = parseStoredSaved(raw);
    expect(stored.owner).toBe(7);
    expect(stored.entries.map((e) => e.productId)).toEqual([1, 2]);
    expect(stored.entries[1]?.price).toBe(0);
  });
  it('gives an empty guest list for nothing or nonsense', () => {
    expect(parseStoredSaved(null)).toEqual({ owner: null, entries: [] });
    expect(parseStoredSaved('{bad')).toEqual({ owner: null, entries: [] });
    expect(parseStoredSaved(JSON.stringify({ owner: 'me', entries: [] })).owner).toBeNull();
  });
});
