import { describe, expect, it } from 'vitest';
import { parseMajorToMinor } from './money';
import { amountText, colorFromCell, colorToCell, columnOf, discountTypeFromCell, flagFromCell, listFromCell } from './product-csv';

describe('the product spreadsheet cells', () => {
  it('reads prices as people write them, through the form money rule', () => {
    for (const [cell, minor] of [
      ['1,500', 150_000],
      ['1500.00', 150_000],
      ['Rs 1,500', 150_000],
      ['Rs. 1,500', 150_000],
      ['PKR1500', 150_000],
      ['1,500 Rs', 150_000],
      [' 12.99 ', 1299],
    ] as const) {
      expect(parseMajorToMinor(amountText(cell), 'PKR'), cell).toBe(minor);
    }
    expect(parseMajorToMinor(amountText('twelve'), 'PKR')).toBeNull();
    expect(parseMajorToMinor(amountText('Rs -5'), 'PKR')).toBeNull();
  });

  it('reads palette names and hex values as colors, and writes back what reads the same', () => {
    expect(colorFromCell('Red')).toBe('#ff0000');
    expect(colorFromCell(' sky  blue ')).toBe('#87ceeb');
    expect(colorFromCell('#F00')).toBe('#ff0000');
    expect(colorFromCell('1477C8')).toBe('#1477c8');
    expect(colorFromCell('Reddish')).toBeNull();
    expect(colorToCell('#ff0000')).toBe('Red');
    expect(colorToCell('#1477C8')).toBe('#1477c8');
    for (const hex of ['#ff0000', '#87ceeb', '#1477c8']) expect(colorFromCell(colorToCell(hex))).toBe(hex);
  });

  it('reads headers, lists, yes/no and discount types', () => {
    expect(columnOf(' variant  sku ')).toBe('Variant SKU');
    expect(columnOf('Price')).toBe('Price');
    expect(columnOf('Cost')).toBeNull();
    expect(listFromCell('S, M;L ,, ')).toEqual(['S', 'M', 'L']);
    expect(flagFromCell('Yes', false)).toBe(true);
    expect(flagFromCell('no', true)).toBe(false);
    expect(flagFromCell('', true)).toBe(true);
    expect(flagFromCell('maybe', true)).toBeNull();
    expect(discountTypeFromCell('Percentage')).toBe('percent');
    expect(discountTypeFromCell('fixed')).toBe('fixed');
    expect(discountTypeFromCell('')).toBeNull();
    expect(discountTypeFromCell('half')).toBeUndefined();
  });
});

describe('the Unit column', () => {
  it('reads the units as people spell them, and leaves anything else for the form to refuse', async () => {
    const { unitFromCell } = await import('./product-csv');
    expect(['Pieces', 'pcs', '', 'Litre', 'metres', 'KG'].map(unitFromCell)).toEqual(['pieces', 'pieces', 'pieces', 'liters', 'meters', 'kg']);
    expect(unitFromCell('boxes')).toBe('boxes');
  });
});
