import { describe, expect, it } from 'vitest';
import { parseDiscountValue, type ProductFormInput, productInputSchema } from './product';

const base = { name: 'Shirt', sellingPrice: '12.50', stockAmount: '5', unit: 'pieces' as const };
const usd = productInputSchema('USD');
const message = (input: object) => {
  const result = usd.safeParse({ ...base, ...input });
  return result.success ? null : result.error.issues[0]?.message;
};

describe('productInputSchema', () => {
  it("reads amounts in the shop's currency, which is not part of the input", () => {
    const yen = productInputSchema('JPY');
    expect(yen.parse({ ...base, sellingPrice: '1500', discountType: 'fixed', discountValue: '200' })).toMatchObject({ sellingPrice: 1500, discountValue: 200 });
    expect(yen.safeParse({ ...base, sellingPrice: '12.50' }).success).toBe(false);
    expect(usd.parse({ ...base, currency: 'JPY' })).not.toHaveProperty('currency');
  });

  it('turns major units into minor units and normalises lists', () => {
    const out = usd.parse({
      ...base,
      purchasePrice: '10',
      colors: ['#FF0000', '#ff0000'],
      sizes: ['S', 'S', 'M'],
      customFields: [{ name: 'Material', value: 'Cotton' }, { name: '', value: 'x' }, { name: 'Fit', value: '' }],
      images: [{ url: '/uploads/ab/a.webp', isPrimary: false }, { url: '/uploads/ab/b.webp', isPrimary: true }],
      discountType: 'fixed',
      discountValue: '2.5',
    });
    expect(out).toMatchObject({ sellingPrice: 1250, purchasePrice: 1000, stockAmount: 5, colors: ['#ff0000'], sizes: ['S', 'M'], discountValue: 250 });
    expect(out.customFields).toEqual([{ name: 'Material', value: 'Cotton' }]);
    expect(out.images).toEqual([
      { url: '/uploads/ab/a.webp', position: 0, isPrimary: false },
      { url: '/uploads/ab/b.webp', position: 1, isPrimary: true },
    ]);
  });

  it('refuses bad prices, stock and discounts with clear messages', () => {
    expect(message({ sellingPrice: '-1' })).toMatch(/Selling price must be/);
    expect(message({ sellingPrice: 'abc' })).toMatch(/Selling price must be/);
    expect(message({ sellingPrice: '' })).toBe('Selling price is required');
    expect(message({ stockAmount: '-3' })).toBe('Stock must be a whole number of 0 or more');
    expect(message({ stockAmount: '1.5' })).toBe('Stock must be a whole number of 0 or more');
    expect(message({ discountType: 'fixed', discountValue: '13' })).toBe('A fixed discount cannot be larger than the selling price');
    expect(message({ discountType: 'percent', discountValue: '101' })).toMatch(/whole number from 0 to 100/);
    expect(message({ name: '  ' })).toBe('Product name is required');
    expect(message({ colors: ['red'] })).toMatch(/hex/);
    expect(message({ expiryDate: '2020-01-01', manufacturingDate: '2021-01-01' })).toMatch(/expiry date/);
  });

  it('allows at most 4 images and makes the first primary when none is chosen', () => {
    const image = (n: number) => ({ url: `/uploads/ab/${n}.webp`, isPrimary: false });
    expect(message({ images: [1, 2, 3, 4, 5].map(image) })).toBe('Maximum 4 images allowed');
    const out = usd.parse({ ...base, images: [1, 2].map(image) });
    expect(out.images.map((i) => i.isPrimary)).toEqual([true, false]);
  });

  it('drops an empty discount', () => {
    const out = usd.parse({ ...base, discountType: 'percent', discountValue: '' });
    expect(out.discountType).toBeNull();
    expect(out.discountValue).toBeNull();
  });
});

describe('parseDiscountValue', () => {
  it('reads a whole percent up to 100, or a fixed amount in minor units', () => {
    expect(parseDiscountValue('percent', ' 20 ', 'USD')).toBe(20);
    expect(parseDiscountValue('percent', '101', 'USD')).toBeNull();
    expect(parseDiscountValue('percent', '2.5', 'USD')).toBeNull();
    expect(parseDiscountValue('fixed', '2.5', 'USD')).toBe(250);
    expect(parseDiscountValue('fixed', '250', 'JPY')).toBe(250);
    expect(parseDiscountValue('fixed', '2.5', 'JPY')).toBeNull();
  });
});

describe("the price's example follows the shop's currency", () => {
  const messageOf = (currency: string, input: Partial<ProductFormInput>) => {
    const parsed = productInputSchema(currency).safeParse({ name: 'Kurta', sellingPrice: '1500', stockAmount: '3', unit: 'pieces', ...input });
    return parsed.success ? null : parsed.error.issues[0]?.message;
  };

  it('shows a rupee example without decimals, and a dollar one with them', () => {
    expect(messageOf('PKR', { sellingPrice: 'twelve' })).toBe('Selling price must be an amount of 0 or more, like 1,500');
    expect(messageOf('PKR', { purchasePrice: '-5' })).toBe('Purchase price must be an amount of 0 or more, like 1,500');
    expect(messageOf('PKR', { discountType: 'fixed', discountValue: 'abc' })).toBe('The discount must be an amount of 0 or more, like 200');
    expect(messageOf('USD', { sellingPrice: 'twelve' })).toBe('Selling price must be an amount of 0 or more, like 12.99');
  });
});
