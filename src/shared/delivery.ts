import delivery from './i18n/catalogues/en/delivery';
import type { Language } from './i18n/language';
import { translate } from './i18n/translator';
import { minorDigits } from './money';
import { cityKey } from './pakistan-cities';
import { MAX_PRICE_MINOR } from './pricing';

/**
 * Delivery fees (product-decisions 5): each shop charges one fee per shop order, in its own currency
 * and in minor units, by its rule. One pure rule used by the cart, checkout, the server (which
 * recomputes every fee from the database) and, through the order's snapshot, the WhatsApp message.
 */

/** The most city rates one shop may keep. */
export const MAX_CITY_RATES = 50;
/** The highest fee or threshold, in minor units of the shop's currency: a price's bound (pricing.ts). */
export const MAX_DELIVERY_MINOR = MAX_PRICE_MINOR;

/** A city with its own fee, or one the shop does not deliver to (then `fee` is null). */
export interface CityRate {
  city: string;
  fee: number | null;
  noDelivery: boolean;
}

export interface DeliveryRule {
  /** The flat fee, in minor units; 0 allowed. */
  fee: number;
  /** A shop subtotal at or above it pays no fee; null: no threshold. */
  freeFrom: number | null;
  cities: readonly CityRate[];
}

/** What produced an order's fee, kept on the order with the amount. */
export const DELIVERY_BASES = ['flat', 'city', 'free'] as const;
export type DeliveryBasis = (typeof DELIVERY_BASES)[number];

export type DeliveryQuote = { deliverable: true; fee: number; basis: DeliveryBasis } | { deliverable: false };

/**
 * The rule of a shop that never set one: the marketplace default (DELIVERY_FEE_DEFAULT, major units
 * with at most 3 decimals, e.g. "150" or "2.5") as a flat fee in the shop's currency, rounded to its
 * minor unit.
 */
export function defaultDeliveryRule(major: string, currency: string): DeliveryRule {
  const [whole = '0', fraction = ''] = major.trim().split('.');
  const thousandths = Number(whole) * 1000 + Number(fraction.padEnd(3, '0').slice(0, 3) || '0');
  const fee = Math.round(thousandths / 10 ** (3 - minorDigits(currency)));
  return { fee: Number.isSafeInteger(fee) ? Math.min(fee, MAX_DELIVERY_MINOR) : 0, freeFrom: null, cities: [] };
}

// A rate meets a typed city by cityKey (pakistan-cities.ts): a city of the list in English or Urdu,
// any spelling it knows, any case; a city on no list by its own text, in any case (issue 53). The
// first rate wins should a rule saved before that hold one city twice (a save now refuses it).
function cityRate(rule: DeliveryRule, city: string): CityRate | undefined {
  const key = cityKey(city);
  return key ? rule.cities.find((rate) => cityKey(rate.city) === key) : undefined;
}

/**
 * The fee one shop order pays: the city's own rate replaces the flat fee; a shop subtotal (after
 * discounts) at or above the threshold pays nothing; a city the shop does not deliver to is refused,
 * whatever the subtotal. Never negative, whatever the quantities: one fee per shop order.
 */
export function deliveryFee(rule: DeliveryRule, shopSubtotal: number, city: string): DeliveryQuote {
  const rate = cityRate(rule, city);
  if (rate?.noDelivery) return { deliverable: false };
  if (rule.freeFrom !== null && shopSubtotal >= rule.freeFrom) return { deliverable: true, fee: 0, basis: 'free' };
  if (rate && rate.fee !== null) return { deliverable: true, fee: Math.max(0, rate.fee), basis: 'city' };
  return { deliverable: true, fee: Math.max(0, rule.fee), basis: 'flat' };
}

/**
 * The fee while no city is known (the cart): exact when every city pays the same, else "from" the
 * lowest fee the shop could charge this subtotal.
 */
export function deliveryEstimate(rule: DeliveryRule, shopSubtotal: number): { exact: boolean; fee: number } {
  if (rule.freeFrom !== null && shopSubtotal >= rule.freeFrom) return { exact: true, fee: 0 };
  const fees = [rule.fee, ...rule.cities.filter((r) => !r.noDelivery && r.fee !== null).map((r) => r.fee as number)].map((f) => Math.max(0, f));
  const lowest = Math.min(...fees);
  return { exact: fees.every((f) => f === lowest), fee: lowest };
}

/** How much more the shop's subtotal needs for free delivery; null when there is no threshold or it is reached. */
export function freeDeliveryShortfall(rule: DeliveryRule, shopSubtotal: number): number | null {
  if (rule.freeFrom === null || shopSubtotal >= rule.freeFrom) return null;
  return rule.freeFrom - shopSubtotal;
}

/** What a buyer reads when a shop refuses the city (the cart, checkout and the server say the same). */
export function noDeliveryMessage(shopName: string, city: string, language: Language = 'en'): string {
  return translate(language, delivery, 'delivery.noDelivery', { shop: shopName, city: city.trim() });
}

/**
 * A rule's amounts moved to another currency as the shop's product prices are (the amounts keep what
 * the shopkeeper typed): `factor` is 10^(new minor digits - old). Null when an amount would pass the bound.
 */
export function rescaleDeliveryRule(rule: DeliveryRule, factor: number): DeliveryRule | null {
  const scale = (minor: number) => Math.round(minor * factor);
  const scaled: DeliveryRule = {
    fee: scale(rule.fee),
    freeFrom: rule.freeFrom === null ? null : Math.max(1, scale(rule.freeFrom)),
    cities: rule.cities.map((r) => ({ ...r, fee: r.fee === null ? null : scale(r.fee) })),
  };
  const amounts = [scaled.fee, scaled.freeFrom ?? 0, ...scaled.cities.map((r) => r.fee ?? 0)];
  return amounts.every((a) => Number.isSafeInteger(a) && a <= MAX_DELIVERY_MINOR) ? scaled : null;
}
