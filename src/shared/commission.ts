import type { ShopOrderAmounts } from './cart-summary';
import { taxAmount } from './pricing';

/**
 * Commission (issue 48, product-decisions 7): the operator's rate on a shop order's goods, frozen on
 * the order at checkout and owed once it is Delivered. Rates are basis points (10.5% = 1050).
 */

/** The highest rate: 50%. */
export const MAX_COMMISSION_RATE_BPS = 5_000;

/** What the rate is taken of: the goods after product discounts and the coupon, never delivery or tax. */
export function commissionBase(amounts: Pick<ShopOrderAmounts<object>, 'goods' | 'coupon'>): number {
  return amounts.goods - (amounts.coupon?.discount ?? 0);
}

/**
 * THE split of one order's goods: the commission is rounded half up to the minor unit once, on the
 * order's goods (the tax's rounding, pricing.ts), and the shop's share is the rest, so the two add up
 * to the goods exactly (never two shares rounded apart: dokan#3324).
 */
export function commissionSplit(base: number, rateBps: number): { commission: number; shopShare: number } {
  const commission = taxAmount(base, rateBps);
  return { commission, shopShare: base - commission };
}

/** The rate that applies to a shop: its custom rate, else the marketplace's. */
export function effectiveCommissionRate(shopRateBps: number | null, marketplaceRateBps: number): number {
  return shopRateBps ?? marketplaceRateBps;
}
