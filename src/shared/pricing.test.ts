import { describe, expect, it } from 'vitest';
import { discountPercent, discountedPrice, taxAmount } from './pricing';

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
});
