import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addToCart, type CartItem, cartUnitCount, MAX_LINE_QUANTITY, parseStoredCart } from './cart';
import { colorName } from './colors';
import { formatMoney } from './money';
import { discountedPrice } from './pricing';

/** Properties of the buyer-side rules over many generated inputs (fast-check). */

const line = fc.record({
  product_id: fc.integer({ min: 1, max: 5 }),
  color: fc.constantFrom(null, '#ff0000', '#000080'),
  size: fc.constantFrom(null, 'M', 'L'),
  quantity: fc.integer({ min: 1, max: 50 }),
  price: fc.integer({ min: 0, max: 1_000_000 }),
  currency: fc.constantFrom('PKR', 'USD'),
  product_name: fc.string({ maxLength: 20 }),
  image_url: fc.constant(null),
  shop_id: fc.integer({ min: 1, max: 3 }),
}) as fc.Arbitrary<CartItem>;

describe('buyer rules, for any input', () => {
  it('a discounted price stays between 0 and the selling price', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.constantFrom('percent' as const, 'fixed' as const, null),
        fc.integer({ min: 0, max: 200_000_000 }),
        (price, type, value) => {
          const result = discountedPrice(price, { type, value: type === 'percent' ? Math.min(value, 100) : value });
          expect(Number.isInteger(result)).toBe(true);
          expect(result).toBeGreaterThanOrEqual(0);
          expect(result).toBeLessThanOrEqual(price);
        },
      ),
    );
  });

  it('adding lines keeps one line per (product, color, size) and every unit (up to the cap)', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 30 }), (lines) => {
        const cart = lines.reduce<CartItem[]>((acc, item) => addToCart(acc, item), []);
        const keys = new Set(cart.map((l) => `${l.product_id}|${l.color}|${l.size}`));
        expect(keys.size).toBe(cart.length);
        const expected = new Map<string, number>();
        for (const l of lines) {
          const key = `${l.product_id}|${l.color}|${l.size}`;
          expected.set(key, Math.min(MAX_LINE_QUANTITY, (expected.get(key) ?? 0) + l.quantity));
        }
        expect(cartUnitCount(cart)).toBe([...expected.values()].reduce((a, b) => a + b, 0));
      }),
    );
  });

  it('reading a tampered cart never throws and gives only valid lines', () => {
    fc.assert(
      fc.property(fc.oneof(fc.json(), fc.string(), fc.jsonValue().map((v) => JSON.stringify([v, v]))), (raw) => {
        const cart = parseStoredCart(raw);
        for (const l of cart) {
          expect(Number.isSafeInteger(l.product_id) && l.product_id > 0).toBe(true);
          expect(l.quantity >= 1 && l.quantity <= MAX_LINE_QUANTITY && Number.isInteger(l.quantity)).toBe(true);
          expect(l.price >= 0).toBe(true);
        }
      }),
    );
  });

  it('money is formatted in its own currency, without a fixed symbol', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), fc.constantFrom('PKR', 'EUR', 'GBP', 'JPY'), (minor, currency) => {
        const text = formatMoney(minor, currency);
        expect(text).not.toContain('$');
        expect(text.length).toBeGreaterThan(0);
      }),
    );
  });

  it('a color name is a palette name or the hex itself', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffff }), (n) => {
        const hex = `#${n.toString(16).padStart(6, '0')}`;
        const name = colorName(hex);
        expect(name === hex || /^[A-Z][a-z]+( [A-Z][a-z]+)?$/.test(name)).toBe(true);
      }),
    );
  });
});
