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

/** Tax on a subtotal, with the rate in basis points (17.5% = 1750). */
export function taxAmount(subtotal: number, taxRateBps: number): number {
  return Math.round((subtotal * taxRateBps) / 10_000);
}
