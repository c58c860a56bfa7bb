import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from './cart';
import { discountPercent, discountedPrice, MAX_PRICE_MINOR, MAX_TAX_RATE_BPS, taxAmount } from './pricing';

describe('discountedPrice', () => {
  it('applies a percentage', () => {
    expect(discountedPrice(10000, { type: 'percent', value: 20 })).toBe(8000);
    expect(discountedPrice(999, { type: 'percent', value: 15 })).toBe(849);
  });
  it('applies a fixed amount in minor units', () => {
    expect(discountedPrice(10000, { type: 'fixed', value: 2500 })).toBe(7500);
  });
  it('never goes below zero', () => {
    expect(discountedPrice(1000, { type: 'fixed', value: 5000 })).toBe(0);
    expect(discountedPrice(1000, { type: 'percent', value: 150 })).toBe(0);
  });
  it('keeps the selling price without a discount', () => {
    expect(discountedPrice(1000, { type: null, value: null })).toBe(1000);
    expect(discountedPrice(1000, { type: 'percent', value: null })).toBe(1000);
    expect(discountedPrice(1000, { type: 'fixed', value: 0 })).toBe(1000);
  });
  it('reports the percent saved', () => {
    expect(discountPercent(10000, { type: 'fixed', value: 2500 })).toBe(25);
    expect(discountPercent(0, { type: 'fixed', value: 2500 })).toBe(0);
  });
});

describe('taxAmount', () => {
  it('rounds to the nearest minor unit', () => {
    expect(taxAmount(10000, 1750)).toBe(1750);
    expect(taxAmount(999, 1000)).toBe(100);
    expect(taxAmount(5000, 0)).toBe(0);
  });

  /** The exact answer, in BigInt: half up, as Math.round rounds positive amounts. */
  const exactTax = (subtotal: number, bps: number) => Number((BigInt(subtotal) * BigInt(bps) + 5_000n) / 10_000n);

  it('is exact for the largest orders, where subtotal x rate leaves the safe integers', () => {
    const largest = MAX_PRICE_MINOR * MAX_LINE_QUANTITY * MAX_CART_LINES;
    expect(taxAmount(largest, 1750)).toBe(exactTax(largest, 1750));
    expect(taxAmount(largest, MAX_TAX_RATE_BPS)).toBe(largest);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: largest }), fc.integer({ min: 0, max: MAX_TAX_RATE_BPS }), (subtotal, bps) => {
        expect(taxAmount(subtotal, bps)).toBe(exactTax(subtotal, bps));
      }),
    );
  });
});

describe('the bounds on money', () => {
  it('keep the largest order, tax included, a safe integer', () => {
    const largestTotal = MAX_PRICE_MINOR * MAX_LINE_QUANTITY * MAX_CART_LINES * (1 + MAX_TAX_RATE_BPS / 10_000);
    expect(largestTotal).toBeLessThan(Number.MAX_SAFE_INTEGER);
  });
});
