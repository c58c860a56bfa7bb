import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shopOrderAmounts } from './cart-summary';
import { commissionBase, commissionSplit, MAX_COMMISSION_RATE_BPS } from './commission';
import type { CouponTerms } from './coupons';
import { minorDigits } from './money';
import { MAX_PRICE_MINOR, MAX_TAX_RATE_BPS } from './pricing';

/**
 * Commission (issue 48, product-decisions 7) over random shop orders in currencies with two, zero and
 * three minor digits: the rate is taken of the goods after product discounts and the coupon (never tax
 * or delivery), rounded half up once per order, and the commission plus the shop's share is the goods.
 * Exact arithmetic (BigInt) is the reference.
 */

const halfUp = (numerator: bigint, denominator: bigint) => (numerator * 2n + denominator) / (denominator * 2n);

const order = fc.constantFrom('PKR', 'USD', 'JPY', 'KWD').chain((currency) => {
  const scale = 10 ** minorDigits(currency);
  const coupon: fc.Arbitrary<CouponTerms | null> = fc.option(
    fc.oneof(
      fc.record({ code: fc.constant('PCT'), type: fc.constant('percent' as const), value: fc.integer({ min: 1, max: 90 }), minOrder: fc.constant(null) }),
      fc.record({ code: fc.constant('AMT'), type: fc.constant('amount' as const), value: fc.integer({ min: 1, max: 100_000 }).map((v) => v * scale), minOrder: fc.constant(null) }),
      fc.record({ code: fc.constant('SHIP'), type: fc.constant('free_delivery' as const), value: fc.constant(0), minOrder: fc.constant(null) }),
    ),
    { nil: null },
  );
  return fc.record({
    lines: fc.array(fc.record({ price: fc.integer({ min: 0, max: 50_000 * scale }), quantity: fc.integer({ min: 1, max: 20 }) }), { minLength: 1, maxLength: 8 }),
    taxRateBps: fc.integer({ min: 0, max: MAX_TAX_RATE_BPS }),
    fee: fc.integer({ min: 0, max: 1_000 * scale }),
    coupon,
    rateBps: fc.integer({ min: 0, max: MAX_COMMISSION_RATE_BPS }),
  });
});

describe('commission, for any shop order', () => {
  it('is the rate of the goods after the coupon, rounded half up once, and with the shop share adds up to the goods', () => {
    fc.assert(
      fc.property(order, ({ lines, taxRateBps, fee, coupon, rateBps }) => {
        const goods = lines.reduce((sum, l) => sum + l.price * l.quantity, 0);
        const amounts = shopOrderAmounts(goods, taxRateBps, coupon, () => ({ fee }));
        const base = commissionBase(amounts);
        // Never on delivery or tax: the goods less the coupon's discount (a free-delivery coupon takes none).
        expect(base).toBe(amounts.total - amounts.tax - amounts.fee);
        const split = commissionSplit(base, rateBps);
        expect(BigInt(split.commission)).toBe(halfUp(BigInt(base) * BigInt(rateBps), 10_000n));
        expect(split.commission + split.shopShare).toBe(base);
        expect(split.commission).toBeGreaterThanOrEqual(0);
        expect(split.shopShare).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 2_000 },
    );
  });

  it('rounds half up: 6.45 stays 6.45 where shares rounded apart would lose a paisa (dokan#3324)', () => {
    // 12.90 at 50%: 6.45 each, exact.
    expect(commissionSplit(1290, 5000)).toEqual({ commission: 645, shopShare: 645 });
    // 0.05 at 10%: 0.005 rounds half up to 0.01.
    expect(commissionSplit(5, 1000)).toEqual({ commission: 1, shopShare: 4 });
    expect(commissionSplit(4, 1000)).toEqual({ commission: 0, shopShare: 4 });
    expect(commissionSplit(1000, 0)).toEqual({ commission: 0, shopShare: 1000 });
  });

  it('stays exact at the largest orders', () => {
    const goods = MAX_PRICE_MINOR * 999 * 50;
    const split = commissionSplit(goods, 3333);
    expect(BigInt(split.commission)).toBe(halfUp(BigInt(goods) * 3333n, 10_000n));
    expect(split.commission + split.shopShare).toBe(goods);
  });
});
