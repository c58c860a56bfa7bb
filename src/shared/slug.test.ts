import { describe, expect, it } from 'vitest';
import { isReservedShopSlug, productSlug, SLUG_PATTERN, slugFromName, slugify } from './slug';

describe('slugify', () => {
  it('lowercases and replaces every other character by a hyphen', () => {
    expect(slugify('My Shop')).toBe('my-shop');
    expect(slugify("Ali's Café")).toBe('ali-s-caf-');
    expect(slugify('already-fine-123')).toBe('already-fine-123');
  });
});

describe('slugFromName', () => {
  it('collapses runs and trims hyphens', () => {
    expect(slugFromName('  Fresh  Fruits & Veg! ')).toBe('fresh-fruits-veg');
    expect(slugFromName('!!!')).toBe('');
  });
  it('always yields a valid slug or nothing', () => {
    for (const name of ['A', 'Shop #1', '--x--', 'Ünïcode Store']) {
      const slug = slugFromName(name);
      expect(slug === '' || SLUG_PATTERN.test(slug)).toBe(true);
    }
  });
});

describe('productSlug', () => {
  it('adds a timestamp', () => {
    expect(productSlug('Red Shoes', new Date(1700000000000))).toBe('red-shoes-1700000000000');
    expect(productSlug('***', new Date(5))).toBe('product-5');
  });
});

describe('reserved shop slugs', () => {
  it('refuses the words of shop routes', () => {
    expect(isReservedShopSlug('dashboard')).toBe(true);
    expect(isReservedShopSlug('my-dashboard')).toBe(false);
  });
});
