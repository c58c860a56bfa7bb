import type { DiscountType } from './constants';

export interface Discount {
  type: DiscountType | null;
  /** percent: whole percent 0-100; fixed: minor units of the product's currency. */
  value: number | null;
}

/**
 * The price a buyer pays for one unit (spec section 4, "Discount"), in minor units.
 * Never below zero; a percentage is rounded to the nearest minor unit.
 */
export function discountedPrice(sellingPrice: number, discount: Discount): number {
  const { type, value } = discount;
  if (!type || !value || value <= 0) return sellingPrice;
  if (type === 'percent') {
    return Math.max(0, Math.round((sellingPrice * (100 - Math.min(value, 100))) / 100));
  }
  return Math.max(0, sellingPrice - value);
}

/** The whole percent saved, for a badge such as "-20%". */
export function discountPercent(sellingPrice: number, discount: Discount): number {
  if (sellingPrice <= 0) return 0;
  const saved = sellingPrice - discountedPrice(sellingPrice, discount);
  return Math.round((saved / sellingPrice) * 100);
}

/**
 * Money stays exact (product-decisions 4): every amount is a safe integer. The highest price of one
 * unit, in minor units of any currency (99,999,999.99 USD; 9,999,999,999 JPY). With at most
 * MAX_LINE_QUANTITY units of a product and MAX_CART_LINES lines per order (cart.ts) and a tax of at
 * most 100%, the largest total is 9,999,999,999 x 999 x 50 x 2, about 1e15: below
 * Number.MAX_SAFE_INTEGER (about 9e15), as pricing.test.ts checks.
 */
export const MAX_PRICE_MINOR = 9_999_999_999;
/** The highest tax rate, in basis points (100%). */
export const MAX_TAX_RATE_BPS = 10_000;

/**
 * Tax on a subtotal, with the rate in basis points (17.5% = 1750), rounded half up to the minor
 * unit. Split at 10,000 so that no intermediate product leaves the safe integers: subtotal x rate
 * would, for the largest orders.
 */
export function taxAmount(subtotal: number, taxRateBps: number): number {
  const whole = Math.floor(subtotal / 10_000);
  const rest = subtotal - whole * 10_000;
  return whole * taxRateBps + Math.round((rest * taxRateBps) / 10_000);
}
