import { describe, expect, it } from 'vitest';
import { combinations, findVariant, isLowStock, soldOutValues, variantLabel, variantUnitPrice } from './variants';
import { readVariants } from './schemas/product-variants';

const RED = '#ff0000';
const BLUE = '#0000ff';

describe('variants', () => {
  it('makes one combination per color x size, or per value of the one kind there is', () => {
    expect(combinations([RED, BLUE], ['S', 'M']).map((c) => variantLabel(c))).toEqual(['Red / S', 'Red / M', 'Blue / S', 'Blue / M']);
    expect(combinations([RED], []).map((c) => variantLabel(c))).toEqual(['Red']);
    expect(combinations([], ['M']).map((c) => variantLabel(c))).toEqual(['M']);
    expect(combinations([], [])).toEqual([]);
    // The color is named as everywhere in the app: the nearest named color.
    expect(variantLabel({ color: '#123456', size: 'M' })).toBe('Charcoal / M');
  });

  it('finds a combination whatever the case of its color', () => {
    const variants = [{ color: RED, size: 'M', stock: 1 }];
    expect(findVariant(variants, { color: '#FF0000', size: 'M' })).toBe(variants[0]);
    expect(findVariant(variants, { color: RED, size: 'L' })).toBeUndefined();
  });

  it('applies the discount to a variant price as to the product price', () => {
    expect(variantUnitPrice(1000, { type: 'percent', value: 10 }, 2000)).toBe(1800);
    expect(variantUnitPrice(1000, { type: 'fixed', value: 100 }, null)).toBe(900);
    expect(variantUnitPrice(1000, { type: null, value: null }, undefined)).toBe(1000);
  });

  it('says which values are sold out with the other option chosen, or in every combination', () => {
    const variants = [
      { color: RED, size: 'S', stock: 2 },
      { color: RED, size: 'M', stock: 0 },
      { color: BLUE, size: 'S', stock: 0 },
      { color: BLUE, size: 'M', stock: 3 },
    ];
    expect([...soldOutValues(variants, 'size', RED)]).toEqual(['M']);
    expect([...soldOutValues(variants, 'color', 'S')]).toEqual([BLUE]);
    expect([...soldOutValues(variants, 'size', null)]).toEqual([]);
    expect([...soldOutValues([{ color: RED, size: null, stock: 0 }], 'color', null)]).toEqual([RED]);
  });

  it('keeps the Low Stock rule: above 0 and below 10', () => {
    expect([0, 1, 9, 10].map(isLowStock)).toEqual([false, true, true, false]);
  });

  it('reads a grid: left-out combinations have stock 0; refuses more than 100 variants', () => {
    const product = { colors: [RED], sizes: ['S', 'M'], currency: 'PKR', discountType: null, discountValue: null };
    expect(readVariants([{ color: RED, size: 'M', stock: ' 7 ', price: '1,250.5', sku: ' A-1 ' }], product)).toEqual({
      ok: true,
      variants: [
        { color: RED, size: 'S', stock: 0, price: null, sku: null },
        { color: RED, size: 'M', stock: 7, price: 125_050, sku: 'A-1' },
      ],
    });
    const many = { ...product, colors: Array.from({ length: 10 }, (_, i) => `#00000${i}`), sizes: Array.from({ length: 11 }, (_, i) => String(i)) };
    expect(readVariants([], many)).toEqual({ ok: false, message: 'A product can have at most 100 variants (colors × sizes)' });
    expect(readVariants([], { ...many, sizes: many.sizes.slice(0, 10) }).ok).toBe(true);
  });
});
