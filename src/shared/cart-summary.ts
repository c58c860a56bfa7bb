import { type CouponTerms, couponGoodsDiscount, meetsMinimum } from './coupons';
import { type DeliveryBasis, type DeliveryRule, deliveryEstimate, deliveryFee, freeDeliveryShortfall } from './delivery';
import { taxAmount } from './pricing';

/** What a shop order's coupon did, as the order keeps it (its snapshot) and the cart shows it. */
export interface CouponEffect {
  code: string;
  type: CouponTerms['type'];
  /** Taken off the goods (0 for free delivery). */
  discount: number;
  /** What the buyer saved: the discount, or the delivery fee a free-delivery coupon waived. */
  saving: number;
}

export interface ShopOrderAmounts<Q> {
  /** The shop's goods after product discounts. */
  goods: number;
  /** The coupon's effect; null without a coupon or while its minimum order is not reached. */
  coupon: CouponEffect | null;
  tax: number;
  /** The delivery rule's answer for the goods after the coupon. */
  delivery: Q;
  /** The fee charged: the rule's, or 0 with a free-delivery coupon. */
  fee: number;
  /** goods - discount + tax + fee: the cash the courier collects. */
  total: number;
}

/**
 * THE money rule of one shop order (product-decisions 6), used by the server to price each order and by
 * the cart and checkout to show it, so the total a buyer sees is the cash the courier collects:
 * goods after product discounts → the shop's coupon (never more than the goods; only when the goods
 * reach its minimum) → tax on what remains → delivery, whose free-delivery threshold compares the goods
 * after the coupon (`delivery` is the shop's rule asked with them; a free-delivery coupon makes the
 * fee 0) → total. Each amount is rounded half up to the minor unit once, on the order's sums (never
 * per line), and the rows add up to the total exactly.
 */
export function shopOrderAmounts<Q extends object>(
  goods: number,
  taxRateBps: number,
  coupon: CouponTerms | null,
  delivery: (goodsAfterCoupon: number) => Q,
): ShopOrderAmounts<Q> {
  const applies = coupon !== null && meetsMinimum(coupon, goods);
  const discount = applies ? couponGoodsDiscount(coupon, goods) : 0;
  const remaining = goods - discount;
  // The tax is on the goods only (after the coupon); the delivery fee is collected on top.
  const tax = taxAmount(remaining, taxRateBps);
  const quote = delivery(remaining);
  const ruleFee = 'fee' in quote && typeof quote.fee === 'number' ? quote.fee : 0;
  const freeDelivery = applies && coupon.type === 'free_delivery';
  const fee = freeDelivery ? 0 : ruleFee;
  const effect = applies ? { code: coupon.code, type: coupon.type, discount, saving: freeDelivery ? ruleFee : discount } : null;
  return { goods, coupon: effect, tax, delivery: quote, fee, total: remaining + tax + fee };
}

/** A shop as the cart knows it (catalog.cartLines). */
export interface SummaryShop {
  id: number;
  name: string;
  currency: string;
  taxRateBps: number;
  delivery: DeliveryRule;
}

export type GroupDelivery =
  | { kind: 'fee'; fee: number; basis: DeliveryBasis }
  /** No city yet and cities pay differently: the lowest fee the shop could charge. */
  | { kind: 'from'; fee: number }
  | { kind: 'refused' }
  /** The shop is not known yet (the check is loading). */
  | { kind: 'unknown' };

export interface ShopGroup<L> {
  key: string;
  shopId: number;
  shopName: string;
  currency: string;
  lines: L[];
  /** The goods after product discounts, before the coupon. */
  subtotal: number;
  /** The coupon kept for this shop (the cart's), applied or not. */
  couponTerms: CouponTerms | null;
  /** What it did; null when there is none or the goods do not reach its minimum order yet. */
  coupon: CouponEffect | null;
  tax: number;
  delivery: GroupDelivery;
  /** How much more for free delivery (goods after the coupon); null when there is no threshold or it is reached. */
  freeShortfall: number | null;
  /** subtotal - coupon + tax + fee (the lowest fee while it is a "from"); without a fee when refused or unknown. */
  total: number;
}

type Line = { shop_id: number; price: number; quantity: number; currency: string };

/**
 * The cart's lines (at current prices, available only) grouped as checkout will place them: one order
 * per shop and currency, in the order the shops first appear, each priced by the money rule with its
 * shop's coupon (`coupons`, by shop id: a code only ever touches its own shop's lines). `city` empty:
 * not known yet.
 */
export function groupByShop<L extends Line>(
  lines: readonly L[],
  shops: readonly SummaryShop[],
  city: string,
  coupons: ReadonlyMap<number, CouponTerms> = new Map(),
): Array<ShopGroup<L>> {
  const groups = new Map<string, L[]>();
  for (const line of lines) {
    const key = `${line.shop_id}|${line.currency}`;
    groups.set(key, [...(groups.get(key) ?? []), line]);
  }
  const byId = new Map(shops.map((s) => [s.id, s]));
  return [...groups].map(([key, members]): ShopGroup<L> => {
    const first = members[0]!;
    const shop = byId.get(first.shop_id);
    const subtotal = members.reduce((sum, l) => sum + l.price * l.quantity, 0);
    const couponTerms = coupons.get(first.shop_id) ?? null;
    if (!shop || shop.currency !== first.currency) {
      const base = { key, shopId: first.shop_id, shopName: shop?.name ?? '', currency: first.currency, lines: members, subtotal, couponTerms };
      return { ...base, coupon: null, tax: 0, delivery: { kind: 'unknown' }, freeShortfall: null, total: subtotal };
    }
    const amounts = shopOrderAmounts(subtotal, shop.taxRateBps, couponTerms, (goods): GroupDelivery => {
      if (city.trim() === '') {
        // No city yet: exact when every city pays the same (then the rule without a city says which part charges).
        const estimate = deliveryEstimate(shop.delivery, goods);
        const anyCity = deliveryFee(shop.delivery, goods, '');
        return estimate.exact && anyCity.deliverable ? { kind: 'fee', fee: estimate.fee, basis: anyCity.basis } : { kind: 'from', fee: estimate.fee };
      }
      const quote = deliveryFee(shop.delivery, goods, city);
      return quote.deliverable ? { kind: 'fee', fee: quote.fee, basis: quote.basis } : { kind: 'refused' };
    });
    const freeByCoupon = amounts.coupon?.type === 'free_delivery';
    const delivery: GroupDelivery = freeByCoupon && amounts.delivery.kind !== 'refused' ? { kind: 'fee', fee: 0, basis: 'free' } : amounts.delivery;
    const goodsAfterCoupon = subtotal - (amounts.coupon?.discount ?? 0);
    return {
      key,
      shopId: shop.id,
      shopName: shop.name,
      currency: shop.currency,
      lines: members,
      subtotal,
      couponTerms,
      coupon: amounts.coupon,
      tax: amounts.tax,
      delivery,
      freeShortfall: freeByCoupon ? null : freeDeliveryShortfall(shop.delivery, goodsAfterCoupon),
      total: amounts.total,
    };
  });
}

export interface CurrencySummary {
  currency: string;
  subtotal: number;
  /** What the shops' coupons took off the goods. */
  discount: number;
  tax: number;
  delivery: number;
  /** False while a fee is a "from" or not known: the delivery and total are then the lowest possible. */
  exact: boolean;
  /** A shop's rule is not known yet (the cart check is loading): delivery and total are not shown. */
  pending: boolean;
  total: number;
}

/** The summary's rows, one per currency (fees are never added across currencies). */
export function summaryByCurrency(groups: ReadonlyArray<ShopGroup<unknown>>): CurrencySummary[] {
  const sums = new Map<string, CurrencySummary>();
  for (const g of groups) {
    const sum = sums.get(g.currency) ?? { currency: g.currency, subtotal: 0, discount: 0, tax: 0, delivery: 0, exact: true, pending: false, total: 0 };
    const fee = g.delivery.kind === 'fee' || g.delivery.kind === 'from' ? g.delivery.fee : 0;
    sums.set(g.currency, {
      currency: g.currency,
      subtotal: sum.subtotal + g.subtotal,
      discount: sum.discount + (g.coupon?.discount ?? 0),
      tax: sum.tax + g.tax,
      delivery: sum.delivery + fee,
      exact: sum.exact && g.delivery.kind === 'fee',
      pending: sum.pending || g.delivery.kind === 'unknown',
      total: sum.total + g.total,
    });
  }
  return [...sums.values()];
}
