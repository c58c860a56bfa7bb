import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { groupByShop, shopOrderAmounts, type SummaryShop } from './cart-summary';
import { type CouponTerms, MAX_COUPON_MINOR } from './coupons';
import { type DeliveryRule, deliveryFee } from './delivery';
import { minorDigits } from './money';
import { MAX_PRICE_MINOR, MAX_TAX_RATE_BPS } from './pricing';

/**
 * The money rule of a shop order (product-decisions 6, issue 32) over random carts: goods → coupon →
 * tax on what remains → delivery (threshold on the goods after the coupon) → total, each amount rounded
 * half up once per order. Exact arithmetic (BigInt) is the reference.
 */

const halfUp = (numerator: bigint, denominator: bigint) => (numerator * 2n + denominator) / (denominator * 2n);

/** Currencies with two, zero and three minor digits: amounts are generated at each one's own scale. */
const currency = fc.constantFrom('PKR', 'USD', 'JPY', 'KWD');

const coupon = (digits: number): fc.Arbitrary<CouponTerms | null> =>
  fc.option(
    fc.oneof(
      fc.record({ code: fc.constant('PCT'), type: fc.constant('percent' as const), value: fc.integer({ min: 1, max: 90 }) }),
      fc.record({ code: fc.constant('AMT'), type: fc.constant('amount' as const), value: fc.integer({ min: 1, max: 100_000 }).map((major) => major * 10 ** digits) }),
      fc.record({ code: fc.constant('SHIP'), type: fc.constant('free_delivery' as const), value: fc.constant(0) }),
    ).chain((terms) => fc.option(fc.integer({ min: 1, max: 5_000 * 10 ** digits }), { nil: null }).map((minOrder) => ({ ...terms, minOrder }))),
    { nil: null },
  );

const rule = (digits: number): fc.Arbitrary<DeliveryRule> =>
  fc.record({
    fee: fc.integer({ min: 0, max: 1_000 * 10 ** digits }),
    freeFrom: fc.option(fc.integer({ min: 1, max: 10_000 * 10 ** digits }), { nil: null }),
    cities: fc.constant([]),
  });

const order = currency.chain((code) => {
  const digits = minorDigits(code);
  return fc.record({
    currency: fc.constant(code),
    // Lines of a cart: unit prices after product discounts, quantities.
    lines: fc.array(fc.record({ price: fc.integer({ min: 0, max: 50_000 * 10 ** digits }), quantity: fc.integer({ min: 1, max: 20 }) }), { minLength: 1, maxLength: 8 }),
    taxRateBps: fc.integer({ min: 0, max: MAX_TAX_RATE_BPS }),
    coupon: coupon(digits),
    rule: rule(digits),
  });
});

describe('the money rule, for any shop order', () => {
  it('goods → coupon → tax → delivery → total, exact, with the rows adding up to the total', () => {
    fc.assert(
      fc.property(order, ({ lines, taxRateBps, coupon: terms, rule: r }) => {
        const goods = lines.reduce((sum, l) => sum + l.price * l.quantity, 0);
        const a = shopOrderAmounts(goods, taxRateBps, terms, (g) => deliveryFee(r, g, 'Lahore'));
        const applies = terms !== null && (terms.minOrder === null || goods >= terms.minOrder);
        const discount = a.coupon?.discount ?? 0;
        // The coupon applies only from its minimum, and never takes more than the goods.
        expect(a.coupon !== null).toBe(applies);
        expect(discount).toBeGreaterThanOrEqual(0);
        expect(discount).toBeLessThanOrEqual(goods);
        if (applies && terms.type === 'percent') expect(BigInt(discount)).toBe(halfUp(BigInt(goods) * BigInt(terms.value), 100n));
        if (applies && terms.type === 'amount') expect(discount).toBe(Math.min(goods, terms.value));
        // Tax on what remains, rounded half up once for the order.
        expect(BigInt(a.tax)).toBe(halfUp(BigInt(goods - discount) * BigInt(taxRateBps), 10_000n));
        // The threshold compares the goods after the coupon; free delivery makes the fee 0.
        const ruleFee = r.freeFrom !== null && goods - discount >= r.freeFrom ? 0 : r.fee;
        expect(a.fee).toBe(applies && terms.type === 'free_delivery' ? 0 : ruleFee);
        if (applies && terms.type === 'free_delivery') expect(a.coupon?.saving).toBe(ruleFee);
        expect(a.total).toBe(goods - discount + a.tax + a.fee);
        for (const amount of [discount, a.tax, a.fee, a.total]) expect(Number.isSafeInteger(amount) && amount >= 0).toBe(true);
      }),
      { numRuns: 2_000 },
    );
  });

  it('stays exact at the largest amounts', () => {
    const goods = MAX_PRICE_MINOR * 999 * 50;
    const a = shopOrderAmounts(goods, MAX_TAX_RATE_BPS, { code: 'X', type: 'percent', value: 33, minOrder: MAX_COUPON_MINOR }, () => ({ fee: MAX_PRICE_MINOR }));
    expect(BigInt(a.coupon!.discount)).toBe(halfUp(BigInt(goods) * 33n, 100n));
    expect(Number.isSafeInteger(a.total)).toBe(true);
  });

  it("a shop's coupon changes only its own group in the cart, and the cart totals as the server prices", () => {
    fc.assert(
      fc.property(order, order, ({ lines, taxRateBps, coupon: terms, rule: r, currency: code }, other) => {
        const shops: SummaryShop[] = [
          { id: 1, name: 'A', currency: code, taxRateBps, delivery: r },
          { id: 2, name: 'B', currency: other.currency, taxRateBps: other.taxRateBps, delivery: other.rule },
        ];
        const cart = [
          ...lines.map((l) => ({ shop_id: 1, currency: code, ...l })),
          ...other.lines.map((l) => ({ shop_id: 2, currency: other.currency, ...l })),
        ];
        const coupons = new Map(terms ? [[1, terms]] : []);
        const [a, b] = groupByShop(cart, shops, 'Lahore', coupons);
        const [, plainB] = groupByShop(cart, shops, 'Lahore');
        expect(b).toEqual(plainB);
        const goods = lines.reduce((sum, l) => sum + l.price * l.quantity, 0);
        expect(a!.total).toBe(shopOrderAmounts(goods, taxRateBps, terms, (g) => deliveryFee(r, g, 'Lahore')).total);
      }),
      { numRuns: 500 },
    );
  });
});
