import { MAX_PRICE_MINOR } from './pricing';

/**
 * Shop coupons (issue 32, product-decisions 6): codes a shop hands out, one per shop order, touching
 * only that shop's lines. The rules here are pure and shared: the coupon form, the cart and the server
 * read a coupon's status and discount the same way; the money rule itself is cart-summary.ts.
 */

export const COUPON_TYPES = ['percent', 'amount', 'free_delivery'] as const;
export type CouponType = (typeof COUPON_TYPES)[number];

/** The most coupons one shop keeps. */
export const MAX_COUPONS_PER_SHOP = 200;
export const MIN_PERCENT_OFF = 1;
export const MAX_PERCENT_OFF = 90;
/** An amount off or a minimum order, in minor units of the shop's currency: a price's bound. */
export const MAX_COUPON_MINOR = MAX_PRICE_MINOR;
/** The most uses a limit may name (a safe integer well above any shop's orders). */
export const MAX_COUPON_USES = 1_000_000;
/** 3-20 letters, digits or dashes (compared and shown upper case). */
export const COUPON_CODE_PATTERN = /^[A-Za-z0-9-]{3,20}$/;

/**
 * The marketplace's time zone: a coupon's "Starts" and "Ends" are whole days there (Pakistan keeps one
 * offset all year). A coupon runs from the start of its first day to the end of its last.
 */
export const MARKETPLACE_TIME_ZONE = 'Asia/Karachi';

/** What the money rule needs of a coupon. `value`: percent 1-90, or the amount off in minor units; 0 for free delivery. */
export interface CouponTerms {
  code: string;
  type: CouponType;
  value: number;
  /** The shop's goods (after product discounts) must reach it; null: no minimum. */
  minOrder: number | null;
}

/** How a code is compared and shown: without the spaces people type ("eid 10" is EID10), upper case. */
export function normalizeCouponCode(code: string): string {
  return code.replace(/\s+/g, '').toUpperCase();
}

const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: MARKETPLACE_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** The day `now` is in the marketplace's time zone, as YYYY-MM-DD (comparable as text). */
export function marketplaceDay(now: Date): string {
  return dayFormat.format(now);
}

export const COUPON_STATUSES = ['active', 'scheduled', 'ended', 'used_up', 'off'] as const;
export type CouponStatus = (typeof COUPON_STATUSES)[number];

export interface CouponState {
  isActive: boolean;
  /** YYYY-MM-DD in the marketplace's time zone, or null. */
  startsOn: string | null;
  endsOn: string | null;
  maxUses: number | null;
  usedCount: number;
}

/** What the list shows: switched off wins, then ended, used up, not started yet; else active. */
export function couponStatus(coupon: CouponState, now: Date): CouponStatus {
  const today = marketplaceDay(now);
  if (!coupon.isActive) return 'off';
  if (coupon.endsOn !== null && today > coupon.endsOn) return 'ended';
  if (coupon.maxUses !== null && coupon.usedCount >= coupon.maxUses) return 'used_up';
  if (coupon.startsOn !== null && today < coupon.startsOn) return 'scheduled';
  return 'active';
}

/**
 * The part of `amount` that `percent` is, rounded half up to the minor unit. Split at 100 so no
 * intermediate product leaves the safe integers for the largest orders (as taxAmount does).
 */
function percentOf(amount: number, percent: number): number {
  const whole = Math.floor(amount / 100);
  const rest = amount - whole * 100;
  return whole * percent + Math.round((rest * percent) / 100);
}

/** What a coupon takes off the shop's goods (after product discounts): never more than the goods; 0 for free delivery. */
export function couponGoodsDiscount(coupon: CouponTerms, goods: number): number {
  if (goods <= 0) return 0;
  if (coupon.type === 'percent') return Math.min(goods, percentOf(goods, Math.min(Math.max(coupon.value, 0), 100)));
  if (coupon.type === 'amount') return Math.min(goods, Math.max(coupon.value, 0));
  return 0;
}

/** True when the shop's goods (after product discounts, before the coupon) reach the coupon's minimum order. */
export function meetsMinimum(coupon: Pick<CouponTerms, 'minOrder'>, goods: number): boolean {
  return coupon.minOrder === null || goods >= coupon.minOrder;
}
