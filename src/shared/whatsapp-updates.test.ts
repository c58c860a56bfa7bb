import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from './constants';
import { SHARED_URDU } from './i18n/catalogues/urdu';
import { loadMessages } from './i18n/translator';
import { formatMoney } from './money';
import { waLink } from './whatsapp';
import { type BuyerUpdate, buyerUpdateMessage } from './whatsapp-updates';

const order: BuyerUpdate = {
  status: 'pending',
  orderNumber: 'ORD-20261126-0007-123456',
  buyerName: 'Ayesha Khan',
  shopName: "Sara's Boutique",
  total: 235000,
  currency: 'PKR',
  courier: null,
  trackingNumber: null,
  productUrls: [],
};

beforeAll(() => loadMessages('ur', SHARED_URDU));

describe('buyerUpdateMessage', () => {
  it('carries the order number, the shop and the total the courier collects in every status and both languages', () => {
    for (const language of ['en', 'ur'] as const) {
      for (const status of ORDER_STATUSES) {
        const text = buyerUpdateMessage({ ...order, status, courier: 'TCS' }, language);
        expect(text).toContain('ORD-20261126-0007-123456');
        expect(text).toContain("Sara's Boutique");
        expect(text).toContain(formatMoney(235000, 'PKR', language));
      }
    }
  });
  it('says a different thing for each status', () => {
    const texts = ORDER_STATUSES.map((status) => buyerUpdateMessage({ ...order, status, courier: 'TCS' }));
    expect(new Set(texts).size).toBe(ORDER_STATUSES.length);
    expect(texts[0]).toContain('Please confirm your order');
    expect(buyerUpdateMessage({ ...order, status: 'returned' })).toContain('came back to us');
  });
  it('names the courier and the tracking number once shipped, and no tracking line without one', () => {
    const shipped = buyerUpdateMessage({ ...order, status: 'shipped', courier: 'Leopards', trackingNumber: 'LE-7731220955' });
    expect(shipped).toContain('shipped with Leopards');
    expect(shipped).toContain('Tracking number: LE-7731220955');
    expect(buyerUpdateMessage({ ...order, status: 'shipped', courier: 'M&P' })).not.toContain('Tracking number');
    const urdu = buyerUpdateMessage({ ...order, status: 'shipped', courier: 'TCS', trackingNumber: '7731-2209' }, 'ur');
    expect(urdu).toContain('ٹریکنگ نمبر');
    expect(urdu).toContain('7731-2209');
  });
  it('links a delivered order to its product pages for reviews', () => {
    const text = buyerUpdateMessage({ ...order, status: 'delivered', productUrls: ['https://shop.example/product/kurta', 'https://shop.example/product/scarf'] });
    expect(text.split('\n').slice(-2)).toEqual(['https://shop.example/product/kurta', 'https://shop.example/product/scarf']);
  });
  it('survives the wa.me link whole: Urdu, &, #, newlines and any name', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ORDER_STATUSES),
        fc.constantFrom('en' as const, 'ur' as const),
        fc.string({ unit: 'grapheme', maxLength: 40 }),
        fc.constantFrom('Ali & Sons #1', 'علی اینڈ سنز', 'Shop\nTwo', '100% Cotton?'),
        (status, language, name, shopName) => {
          const text = buyerUpdateMessage({ ...order, status, buyerName: name, shopName, courier: 'M&P', trackingNumber: 'A-1', productUrls: ['https://x.test/product/a?b=1&c=2#d'] }, language);
          const link = waLink('+92 300 1234567', '92', text)!;
          const url = new URL(link);
          expect(url.origin + url.pathname).toBe('https://wa.me/923001234567');
          expect([...url.searchParams.keys()]).toEqual(['text']);
          expect(url.searchParams.get('text')).toBe(text);
        },
      ),
    );
  });
});
