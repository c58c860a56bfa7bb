import { type DeliveryBasis, type DeliveryRule, deliveryEstimate, deliveryFee, freeDeliveryShortfall } from './delivery';
import { taxAmount } from './pricing';

/**
 * What a shop order costs: the goods, the shop's tax on them, and its delivery fee. The server prices
 * each order with it, and the cart and checkout show it with the same numbers (issue 18): the total a
 * buyer sees is the cash the courier collects.
 */
export function shopOrderAmounts(subtotal: number, taxRateBps: number, delivery: { fee: number }): { tax: number; total: number } {
  const tax = taxAmount(subtotal, taxRateBps);
  // The tax is on the goods only; the delivery fee is collected on top.
  return { tax, total: subtotal + tax + delivery.fee };
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
  subtotal: number;
  tax: number;
  delivery: GroupDelivery;
  /** How much more for free delivery; null when there is no threshold or it is reached. */
  freeShortfall: number | null;
  /** subtotal + tax + fee (the lowest fee while it is a "from"); without a fee when refused or unknown. */
  total: number;
}

type Line = { shop_id: number; price: number; quantity: number; currency: string };

/**
 * The cart's lines (at current prices, available only) grouped as checkout will place them: one order
 * per shop and currency, in the order the shops first appear. `city` empty: not known yet.
 */
export function groupByShop<L extends Line>(lines: readonly L[], shops: readonly SummaryShop[], city: string): Array<ShopGroup<L>> {
  const groups = new Map<string, L[]>();
  for (const line of lines) {
    const key = `${line.shop_id}|${line.currency}`;
    groups.set(key, [...(groups.get(key) ?? []), line]);
  }
  const byId = new Map(shops.map((s) => [s.id, s]));
  return [...groups].map(([key, members]) => {
    const first = members[0]!;
    const shop = byId.get(first.shop_id);
    const subtotal = members.reduce((sum, l) => sum + l.price * l.quantity, 0);
    if (!shop || shop.currency !== first.currency) {
      const unknown: GroupDelivery = { kind: 'unknown' };
      return { key, shopId: first.shop_id, shopName: shop?.name ?? '', currency: first.currency, lines: members, subtotal, tax: 0, delivery: unknown, freeShortfall: null, total: subtotal };
    }
    let delivery: GroupDelivery;
    if (city.trim() === '') {
      // No city yet: exact when every city pays the same (then the rule without a city says which part charges).
      const estimate = deliveryEstimate(shop.delivery, subtotal);
      const anyCity = deliveryFee(shop.delivery, subtotal, '');
      delivery = estimate.exact && anyCity.deliverable ? { kind: 'fee', fee: estimate.fee, basis: anyCity.basis } : { kind: 'from', fee: estimate.fee };
    } else {
      const quote = deliveryFee(shop.delivery, subtotal, city);
      delivery = quote.deliverable ? { kind: 'fee', fee: quote.fee, basis: quote.basis } : { kind: 'refused' };
    }
    const fee = delivery.kind === 'fee' || delivery.kind === 'from' ? delivery.fee : 0;
    const { tax, total } = shopOrderAmounts(subtotal, shop.taxRateBps, { fee });
    return { key, shopId: shop.id, shopName: shop.name, currency: shop.currency, lines: members, subtotal, tax, delivery, freeShortfall: freeDeliveryShortfall(shop.delivery, subtotal), total };
  });
}

export interface CurrencySummary {
  currency: string;
  subtotal: number;
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
    const sum = sums.get(g.currency) ?? { currency: g.currency, subtotal: 0, tax: 0, delivery: 0, exact: true, pending: false, total: 0 };
    const fee = g.delivery.kind === 'fee' || g.delivery.kind === 'from' ? g.delivery.fee : 0;
    sums.set(g.currency, {
      currency: g.currency,
      subtotal: sum.subtotal + g.subtotal,
      tax: sum.tax + g.tax,
      delivery: sum.delivery + fee,
      exact: sum.exact && g.delivery.kind === 'fee',
      pending: sum.pending || g.delivery.kind === 'unknown',
      total: sum.total + g.total,
    });
  }
  return [...sums.values()];
}
