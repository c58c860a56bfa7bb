import { describe, expect, it } from 'vitest';
import { groupByShop, type SummaryShop, shopOrderAmounts, summaryByCurrency } from './cart-summary';

const pkrShop: SummaryShop = {
  id: 1,
  name: "Sara's Boutique",
  currency: 'PKR',
  taxRateBps: 0,
  delivery: { fee: 20_000, freeFrom: 300_000, cities: [{ city: 'Lahore', fee: 15_000, noDelivery: false }, { city: 'Quetta', fee: null, noDelivery: true }] },
};
const usdShop: SummaryShop = { id: 2, name: 'Gadget Hub', currency: 'USD', taxRateBps: 1000, delivery: { fee: 500, freeFrom: null, cities: [] } };
const line = (shop_id: number, price: number, quantity: number, currency: string) => ({ shop_id, price, quantity, currency });

describe('groupByShop and summaryByCurrency (the cart and checkout)', () => {
  it('groups lines by shop with subtotal, tax and delivery; the summary adds per currency, never across', () => {
    const groups = groupByShop([line(1, 100_000, 1, 'PKR'), line(2, 1_000, 2, 'USD'), line(1, 50_000, 2, 'PKR')], [pkrShop, usdShop], 'Karachi');
    expect(groups.map((g) => [g.shopName, g.subtotal, g.tax, g.delivery, g.freeShortfall, g.total])).toEqual([
      ["Sara's Boutique", 200_000, 0, { kind: 'fee', fee: 20_000, basis: 'flat' }, 100_000, 220_000],
      ['Gadget Hub', 2_000, 200, { kind: 'fee', fee: 500, basis: 'flat' }, null, 2_700],
    ]);
    expect(summaryByCurrency(groups)).toEqual([
      { currency: 'PKR', subtotal: 200_000, discount: 0, tax: 0, delivery: 20_000, exact: true, pending: false, total: 220_000 },
      { currency: 'USD', subtotal: 2_000, discount: 0, tax: 200, delivery: 500, exact: true, pending: false, total: 2_700 },
    ]);
  });

  it('without a city: "from" the lowest fee while cities pay differently, exact otherwise', () => {
    const [pkr, usd] = groupByShop([line(1, 100_000, 1, 'PKR'), line(2, 1_000, 1, 'USD')], [pkrShop, usdShop], ' ');
    expect(pkr!.delivery).toEqual({ kind: 'from', fee: 15_000 });
    expect(usd!.delivery).toEqual({ kind: 'fee', fee: 500, basis: 'flat' });
    expect(summaryByCurrency([pkr!]).map((s) => s.exact)).toEqual([false]);
    const [free] = groupByShop([line(1, 300_000, 1, 'PKR')], [pkrShop], '');
    expect(free!.delivery).toEqual({ kind: 'fee', fee: 0, basis: 'free' });
  });

  it('a city the shop refuses is refused for that shop only; a shop not loaded yet is unknown', () => {
    const groups = groupByShop([line(1, 100_000, 1, 'PKR'), line(2, 1_000, 1, 'USD'), line(3, 10, 1, 'EUR')], [pkrShop, usdShop], 'quetta');
    expect(groups.map((g) => g.delivery.kind)).toEqual(['refused', 'fee', 'unknown']);
    expect(summaryByCurrency(groups).map((s) => [s.currency, s.pending])).toEqual([['PKR', false], ['USD', false], ['EUR', true]]);
  });

  it('totals a shop group exactly as the server prices the order', () => {
    const [group] = groupByShop([line(2, 1_999, 3, 'USD')], [usdShop], 'Boston');
    const flat = () => ({ fee: 500 });
    expect(group!.total).toBe(5_997 + shopOrderAmounts(5_997, 1000, null, flat).tax + 500);
    expect(shopOrderAmounts(5_997, 1000, null, flat)).toMatchObject({ tax: 600, fee: 500, total: 7_097, coupon: null });
  });
});
