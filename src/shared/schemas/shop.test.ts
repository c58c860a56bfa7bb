import { describe, expect, it } from 'vitest';
import { bpsToTaxPercent, createShopSchema, taxPercentToBps, updateShopSchema } from './shop';

const base = { name: 'My Shop', slug: 'my-shop', whatsappNumber: '+92 300 1234567', currency: 'pkr' };
const settings = { name: 'My Shop', whatsappNumber: '+92 300 1234567', logoUrl: null, profilePictureUrl: null, coverImageUrl: null };

describe('createShopSchema', () => {
  it('upper-cases the currency and turns the tax percentage into basis points', () => {
    const out = createShopSchema.parse({ ...base, taxRate: '17.5' });
    expect(out.currency).toBe('PKR');
    expect(out.taxRate).toBe(1750);
    expect(createShopSchema.parse(base).taxRate).toBe(0);
  });
  it('refuses reserved and malformed slugs, bad currencies and tax rates', () => {
    const first = (input: object) => createShopSchema.safeParse({ ...base, ...input }).error?.issues[0]?.message;
    expect(first({ slug: 'dashboard' })).toBe('This shop URL is reserved. Please choose another.');
    expect(first({ slug: '-bad-' })).toMatch(/Shop URL/);
    expect(first({ currency: 'DOLLARS' })).toMatch(/3-letter/);
    expect(first({ taxRate: '12.345' })).toMatch(/Tax rate/);
    expect(first({ taxRate: '-1' })).toMatch(/Tax rate/);
    expect(first({ whatsappNumber: 'abc' })).toMatch(/country code/);
  });
  it('accepts the currencies the app can format and refuses other three-letter codes', () => {
    expect(createShopSchema.parse({ ...base, currency: 'jpy' }).currency).toBe('JPY');
    const refused = createShopSchema.safeParse({ ...base, currency: 'ABC' });
    expect(refused.error?.issues[0]?.message).toBe('ABC is not a currency we can show. Choose one from the list, such as PKR or USD.');
    expect(updateShopSchema.safeParse({ ...settings, currency: 'ABC' }).success).toBe(false);
    expect(updateShopSchema.parse({ ...settings, currency: 'JPY' }).currency).toBe('JPY');
  });
  it('converts tax both ways', () => {
    expect(taxPercentToBps('0.01')).toBe(1);
    expect(taxPercentToBps('100')).toBe(10000);
    expect(taxPercentToBps('100.01')).toBeNull();
    expect(bpsToTaxPercent(1750)).toBe('17.5');
    expect(bpsToTaxPercent(1)).toBe('0.01');
    expect(bpsToTaxPercent(1600)).toBe('16');
  });
});
