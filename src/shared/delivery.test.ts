import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { subtotalsByCurrency } from './cart';
import {
  type DeliveryRule,
  defaultDeliveryRule,
  deliveryEstimate,
  deliveryFee,
  freeDeliveryShortfall,
  MAX_CITY_RATES,
  MAX_DELIVERY_MINOR,
  noDeliveryMessage,
  rescaleDeliveryRule,
} from './delivery';
import { cityKey } from './pakistan-cities';
import { MAX_PRICE_MINOR } from './pricing';

const CITIES = ['Lahore', 'Karachi', 'Islamabad', 'Quetta', 'Multan'];
const amount = fc.integer({ min: 0, max: MAX_DELIVERY_MINOR });
const cityRate = fc.record({
  city: fc.constantFrom(...CITIES),
  fee: fc.option(amount, { nil: null }),
  noDelivery: fc.boolean(),
});
const rule: fc.Arbitrary<DeliveryRule> = fc.record({
  fee: amount,
  freeFrom: fc.option(fc.integer({ min: 1, max: MAX_DELIVERY_MINOR }), { nil: null }),
  // One row per city, as the form keeps them.
  cities: fc.uniqueArray(cityRate, { selector: (r) => cityKey(r.city), maxLength: MAX_CITY_RATES }),
});
/** A city as a buyer types it: any case, stray spaces, or one no shop names. */
const typedCity = fc.oneof(
  fc.tuple(fc.constantFrom(...CITIES), fc.boolean(), fc.constantFrom('', ' ', '  ')).map(([c, upper, pad]) => `${pad}${upper ? c.toUpperCase() : c.toLowerCase()}${pad}`),
  fc.constantFrom('Sialkot', 'Gilgit'),
);
/** A shop's order lines: unit price (after discount) and quantity, as checkout bounds them. */
const lines = fc.array(fc.record({ price: fc.integer({ min: 0, max: MAX_PRICE_MINOR }), quantity: fc.integer({ min: 1, max: 999 }) }), {
  minLength: 1,
  maxLength: 50,
});
const subtotalOf = (ls: Array<{ price: number; quantity: number }>) => ls.reduce((sum, l) => sum + l.price * l.quantity, 0);

describe('deliveryFee, for any rule, subtotal and city', () => {
  it('is one fee per shop order, never negative, a safe integer, and the total stays a safe integer', () => {
    fc.assert(
      fc.property(rule, lines, typedCity, (r, ls, city) => {
        const subtotal = subtotalOf(ls);
        const quote = deliveryFee(r, subtotal, city);
        if (!quote.deliverable) return;
        expect(Number.isSafeInteger(quote.fee)).toBe(true);
        expect(quote.fee).toBeGreaterThanOrEqual(0);
        expect(quote.fee).toBeLessThanOrEqual(MAX_DELIVERY_MINOR);
        expect(Number.isSafeInteger(subtotal + subtotal + quote.fee)).toBe(true); // subtotal + a 100% tax + the fee
      }),
    );
  });

  it('does not depend on how the subtotal is split into lines or quantities', () => {
    fc.assert(
      fc.property(rule, lines, typedCity, (r, ls, city) => {
        const units = ls.flatMap((l) => Array.from({ length: Math.min(l.quantity, 3) }, () => ({ price: l.price, quantity: 1 })));
        const split = [...units, ...ls.map((l) => ({ ...l, quantity: l.quantity - Math.min(l.quantity, 3) })).filter((l) => l.quantity > 0)];
        expect(deliveryFee(r, subtotalOf(split), city)).toEqual(deliveryFee(r, subtotalOf(ls), city));
      }),
    );
  });

  it('is free at or above the threshold and charged below it, wherever the shop delivers', () => {
    fc.assert(
      fc.property(rule, fc.integer({ min: 0, max: 10 * MAX_DELIVERY_MINOR }), typedCity, (r, subtotal, city) => {
        const quote = deliveryFee(r, subtotal, city);
        if (!quote.deliverable) return;
        const reached = r.freeFrom !== null && subtotal >= r.freeFrom;
        expect(quote.basis === 'free').toBe(reached);
        if (reached) expect(quote.fee).toBe(0);
        expect(freeDeliveryShortfall(r, subtotal)).toBe(r.freeFrom === null || reached ? null : r.freeFrom - subtotal);
      }),
    );
  });

  it('a discount that drops the subtotal below the threshold brings the fee back', () => {
    const r: DeliveryRule = { fee: 20_000, freeFrom: 300_000, cities: [] };
    expect(deliveryFee(r, 300_000, 'Lahore')).toEqual({ deliverable: true, fee: 0, basis: 'free' });
    expect(deliveryFee(r, 299_999, 'Lahore')).toEqual({ deliverable: true, fee: 20_000, basis: 'flat' });
  });

  it("a city's rate replaces the flat fee, for that city only, however it is typed", () => {
    fc.assert(
      fc.property(rule, fc.integer({ min: 0, max: MAX_DELIVERY_MINOR }), typedCity, (r, subtotal, city) => {
        const rate = r.cities.find((c) => cityKey(c.city) === cityKey(city));
        const quote = deliveryFee({ ...r, freeFrom: null }, subtotal, city);
        if (rate?.noDelivery) expect(quote).toEqual({ deliverable: false });
        else if (rate && rate.fee !== null) expect(quote).toEqual({ deliverable: true, fee: rate.fee, basis: 'city' });
        else expect(quote).toEqual({ deliverable: true, fee: r.fee, basis: 'flat' });
      }),
    );
    const r: DeliveryRule = { fee: 20_000, freeFrom: null, cities: [{ city: 'Lahore', fee: 15_000, noDelivery: false }] };
    expect(deliveryFee(r, 1, 'lahore ')).toEqual({ deliverable: true, fee: 15_000, basis: 'city' });
    expect(deliveryFee(r, 1, '  LAHORE')).toEqual({ deliverable: true, fee: 15_000, basis: 'city' });
    expect(deliveryFee(r, 1, 'Karachi')).toEqual({ deliverable: true, fee: 20_000, basis: 'flat' });
  });

  it('a rate meets its city however the buyer writes it: English or Urdu, a common spelling, any case (issue 53)', () => {
    const r: DeliveryRule = {
      fee: 20_000,
      freeFrom: null,
      cities: [
        { city: 'Lahore', fee: 15_000, noDelivery: false },
        { city: 'Quetta', fee: null, noDelivery: true },
        { city: 'Pindi', fee: 18_000, noDelivery: false },
        { city: 'Chak 45', fee: 25_000, noDelivery: false },
      ],
    };
    expect(deliveryFee(r, 1, 'لاہور')).toEqual({ deliverable: true, fee: 15_000, basis: 'city' });
    expect(deliveryFee(r, 1, 'لاهور')).toEqual({ deliverable: true, fee: 15_000, basis: 'city' });
    expect(deliveryFee(r, 1, 'کوئٹہ')).toEqual({ deliverable: false });
    expect(deliveryFee(r, 1, 'QUETTA ')).toEqual({ deliverable: false });
    expect(deliveryFee(r, 1, 'راولپنڈی')).toEqual({ deliverable: true, fee: 18_000, basis: 'city' });
    expect(deliveryFee(r, 1, 'Rawalpindi')).toEqual({ deliverable: true, fee: 18_000, basis: 'city' });
    // A city not on the list keeps today's rule: its rate by its own text, in any case; any other text pays the flat fee.
    expect(deliveryFee(r, 1, ' chak 45')).toEqual({ deliverable: true, fee: 25_000, basis: 'city' });
    expect(deliveryFee(r, 1, 'Chak 46')).toEqual({ deliverable: true, fee: 20_000, basis: 'flat' });
    expect(deliveryFee(r, 1, 'کراچی')).toEqual({ deliverable: true, fee: 20_000, basis: 'flat' });
  });

  it('"no delivery" refuses that shop only, even above its threshold; other shops deliver as before', () => {
    fc.assert(
      fc.property(rule, rule, fc.integer({ min: 0, max: MAX_DELIVERY_MINOR }), fc.constantFrom(...CITIES), (a, b, subtotal, city) => {
        const refusing = { ...a, cities: [...a.cities.filter((c) => cityKey(c.city) !== cityKey(city)), { city, fee: null, noDelivery: true }] };
        expect(deliveryFee(refusing, subtotal, ` ${city.toUpperCase()}`)).toEqual({ deliverable: false });
        expect(deliveryFee(b, subtotal, city)).toEqual(deliveryFee(b, subtotal, city.toLowerCase()));
      }),
    );
    expect(noDeliveryMessage('Karachi Kitchen', ' Quetta ')).toBe('Karachi Kitchen does not deliver to Quetta');
  });

  it('a fee stays in its shop currency: the cart sums fees per currency, never across', () => {
    const totals = subtotalsByCurrency([
      { price: 20_000, quantity: 1, currency: 'PKR' },
      { price: 500, quantity: 1, currency: 'USD' },
    ]);
    expect(totals).toEqual([
      { currency: 'PKR', amount: 20_000 },
      { currency: 'USD', amount: 500 },
    ]);
  });
});

describe('deliveryEstimate (no city known yet)', () => {
  it('is the lowest fee the shop could charge, and exact only when every city pays it', () => {
    fc.assert(
      fc.property(rule, fc.integer({ min: 0, max: MAX_DELIVERY_MINOR }), typedCity, (r, subtotal, city) => {
        const estimate = deliveryEstimate(r, subtotal);
        const quote = deliveryFee(r, subtotal, city);
        if (quote.deliverable) expect(quote.fee).toBeGreaterThanOrEqual(estimate.fee);
        if (estimate.exact && quote.deliverable) expect(quote.fee).toBe(estimate.fee);
      }),
    );
    expect(deliveryEstimate({ fee: 20_000, freeFrom: null, cities: [{ city: 'Lahore', fee: 15_000, noDelivery: false }] }, 1)).toEqual({
      exact: false,
      fee: 15_000,
    });
    expect(deliveryEstimate({ fee: 20_000, freeFrom: null, cities: [{ city: 'Quetta', fee: null, noDelivery: true }] }, 1)).toEqual({
      exact: true,
      fee: 20_000,
    });
  });
});

describe('defaultDeliveryRule (DELIVERY_FEE_DEFAULT)', () => {
  it("reads major units in the shop's currency, rounded to its minor unit", () => {
    expect(defaultDeliveryRule('150', 'PKR')).toEqual({ fee: 15_000, freeFrom: null, cities: [] });
    expect(defaultDeliveryRule('2.5', 'USD').fee).toBe(250);
    expect(defaultDeliveryRule('150.6', 'JPY').fee).toBe(151);
    expect(defaultDeliveryRule('1.234', 'KWD').fee).toBe(1234);
    expect(defaultDeliveryRule('0', 'PKR').fee).toBe(0);
  });
});

describe('rescaleDeliveryRule (the shop changes currency)', () => {
  it('keeps the amounts typed and refuses amounts past the bound', () => {
    const r: DeliveryRule = { fee: 20_000, freeFrom: 300_000, cities: [{ city: 'Lahore', fee: 15_000, noDelivery: false }] };
    expect(rescaleDeliveryRule(r, 0.01)).toEqual({ fee: 200, freeFrom: 3000, cities: [{ city: 'Lahore', fee: 150, noDelivery: false }] });
    expect(rescaleDeliveryRule({ ...r, fee: MAX_DELIVERY_MINOR }, 10)).toBeNull();
  });
});
