import { beforeAll, describe, expect, it } from 'vitest';
import { SHARED_URDU } from './i18n/catalogues/urdu';
import { loadMessages } from './i18n/translator';
import { formatMoney } from './money';
import { waLink } from './whatsapp';
import { buildOrderMessage, type OrderMessage } from './whatsapp-message';

const order: OrderMessage = {
  orderNumber: 'ORD-20260601-0001-123456',
  customerName: 'Ayesha Khan',
  phone: '+92 300 1234567',
  email: 'ayesha@example.test',
  items: [
    { name: 'Kurta', quantity: 2, lineTotal: 500000, color: 'Red', size: 'M' },
    { name: 'Scarf', quantity: 1, lineTotal: 99900 },
  ],
  subtotal: 599900,
  tax: 0,
  delivery: null,
  total: 599900,
  currency: 'PKR',
  address: '12 Mall Road',
  city: 'Lahore',
  postalCode: '54000',
  notes: 'Ring twice',
};

describe('buildOrderMessage', () => {
  it("shows the order's coupon below the subtotal: the amount it took off, or free delivery (issue 32)", () => {
    const text = buildOrderMessage({ ...order, coupon: { code: 'EID500', type: 'amount', discount: 50_000 }, total: 549_900 });
    expect(text).toContain(`Subtotal: ${formatMoney(599900, 'PKR')}\nCoupon EID500: −${formatMoney(50_000, 'PKR')}`);
    expect(text).toContain(`Total: ${formatMoney(549_900, 'PKR')}`);
    const free = buildOrderMessage({ ...order, coupon: { code: 'SHIPFREE', type: 'free_delivery', discount: 20_000 }, delivery: 0 });
    expect(free).toContain('Coupon SHIPFREE: Free delivery');
    expect(buildOrderMessage(order)).not.toContain('Coupon');
  });

  it('holds the order number, customer, items, total, address and notes', () => {
    const text = buildOrderMessage(order);
    expect(text).toContain('ORD-20260601-0001-123456');
    expect(text).toContain('Customer: Ayesha Khan');
    expect(text).toContain('Phone: +92 300 1234567');
    expect(text).toContain('Email: ayesha@example.test');
    expect(text).toContain(`- Kurta (Red, M) x 2 = ${formatMoney(500000, 'PKR')}`);
    expect(text).toContain(`- Scarf x 1 = ${formatMoney(99900, 'PKR')}`);
    expect(text).toContain(`Total: ${formatMoney(599900, 'PKR')}`);
    expect(text).toContain('Shipping address: 12 Mall Road, Lahore, 54000');
    expect(text).toContain('Notes: Ring twice');
    expect(text).not.toContain('$');
    expect(text).not.toContain('Tax:');
  });

  it('formats money in the order currency and shows tax when charged', () => {
    const text = buildOrderMessage({ ...order, currency: 'EUR', subtotal: 1000, tax: 200, total: 1200, notes: '  ' });
    expect(text).toContain(`Tax: ${formatMoney(200, 'EUR')}`);
    expect(text).toContain(`Total: ${formatMoney(1200, 'EUR')}`);
    expect(text).not.toContain('Notes:');
  });

  it('shows the delivery fee, or Free, and a total that includes it', () => {
    const text = buildOrderMessage({ ...order, delivery: 20000, total: 619900 });
    expect(text).toContain(`Subtotal: ${formatMoney(599900, 'PKR')}\nDelivery: ${formatMoney(20000, 'PKR')}\nTotal: ${formatMoney(619900, 'PKR')}`);
    expect(buildOrderMessage({ ...order, delivery: 0 })).toContain('Delivery: Free');
    expect(buildOrderMessage(order)).not.toContain('Delivery');
  });

  it('names a per-variant line by its combination and SKU', () => {
    const items = [
      { name: 'Shirt', quantity: 1, lineTotal: 175000, color: '#0000ff', size: 'M', variantLabel: 'Blue / M', sku: 'SH-BM' },
      { name: 'Cap', quantity: 1, lineTotal: 50000, color: '#ff0000', size: null, variantLabel: 'Red', sku: null },
    ];
    const text = buildOrderMessage({ ...order, items });
    expect(text).toContain(`- Shirt (Blue / M, SKU SH-BM) x 1 = ${formatMoney(175000, 'PKR')}`);
    expect(text).toContain(`- Cap (Red) x 1 = ${formatMoney(50000, 'PKR')}`);
  });

  it('names a colour by its name, never its code, for a product with one stock (issue 53)', () => {
    const items = [
      { name: 'Leather Handbag', quantity: 1, lineTotal: 450000, color: '#8b5a2b', size: null, variantLabel: null },
      { name: 'Chiffon Dupatta', quantity: 1, lineTotal: 120000, color: '#E64980', size: 'Free', variantLabel: null },
    ];
    const text = buildOrderMessage({ ...order, items });
    expect(text).toContain(`- Leather Handbag (Brown) x 1 = ${formatMoney(450000, 'PKR')}`);
    expect(text).toContain(`- Chiffon Dupatta (Hot Pink, Free) x 1 = ${formatMoney(120000, 'PKR')}`);
    expect(text).not.toMatch(/#[0-9a-f]{6}/i);
  });

  it('survives the round trip through a wa.me link', () => {
    const text = buildOrderMessage(order);
    const url = waLink('+92 300-111 2222', '92', text);
    expect(url?.startsWith('https://wa.me/923001112222?text=')).toBe(true);
    expect(decodeURIComponent(url?.split('?text=')[1] ?? '')).toBe(text);
  });
});

describe('buildOrderMessage in Urdu', () => {
  beforeAll(() => loadMessages('ur', SHARED_URDU));

  it('writes the labels and amounts in Urdu, the names, address and notes as written', () => {
    const isolated = buildOrderMessage({ ...order, delivery: 0, tax: 100 }, 'ur');
    // Each value is an isolate (U+2068…U+2069), so a name or an amount keeps its own direction in the Urdu line.
    expect(isolated).toContain('\u2068Ayesha Khan\u2069');
    expect(isolated).toContain(`\u2068${formatMoney(599900, 'PKR', 'ur')}\u2069`);
    const text = isolated.replace(/[\u2068\u2069]/g, '');
    expect(text).toContain('نیا آرڈر ORD-20260601-0001-123456');
    expect(text).toContain('خریدار: Ayesha Khan');
    expect(text).toContain('فون: +92 300 1234567');
    expect(text).toContain(`- Kurta (Red، M) × 2 = ${formatMoney(500000, 'PKR', 'ur')}`);
    expect(text).toContain(`کل رقم: ${formatMoney(599900, 'PKR', 'ur')}`);
    expect(text).toContain('ڈیلیوری: مفت');
    expect(text).toContain('ڈیلیوری کا پتہ: 12 Mall Road، Lahore، 54000');
    expect(text).toContain('ہدایات: Ring twice');
    expect(text).toContain('ادائیگی: ڈیلیوری پر نقد');
    expect(text).not.toMatch(/Customer|Total|Payment|Delivery|PKR/);
  });

  it('names colours in Urdu, a shared stock line and a per-variant line alike (issue 53)', () => {
    const items = [
      { name: 'Chiffon Dupatta', quantity: 1, lineTotal: 120000, color: '#e64980', size: null, variantLabel: null },
      { name: 'Shirt', quantity: 2, lineTotal: 350000, color: '#ff0000', size: 'M', variantLabel: 'Red / M', sku: 'SH-RM' },
    ];
    const text = buildOrderMessage({ ...order, items }, 'ur').replace(/[\u2068\u2069]/g, '');
    expect(text).toContain(`- Chiffon Dupatta (شوخ گلابی) × 1 = ${formatMoney(120000, 'PKR', 'ur')}`);
    expect(text).toContain(`- Shirt (لال / M، کوڈ SH-RM) × 2 = ${formatMoney(350000, 'PKR', 'ur')}`);
    expect(text).not.toMatch(/#[0-9a-f]{6}|Red|Pink/i);
  });

  it('leaves English exactly as it was', () => {
    expect(buildOrderMessage(order)).toBe(buildOrderMessage(order, 'en'));
    expect(buildOrderMessage(order)).toBe(
      [
        'New order ORD-20260601-0001-123456',
        '',
        'Customer: Ayesha Khan',
        'Phone: +92 300 1234567',
        'Email: ayesha@example.test',
        '',
        'Items:',
        `- Kurta (Red, M) x 2 = ${formatMoney(500000, 'PKR')}`,
        `- Scarf x 1 = ${formatMoney(99900, 'PKR')}`,
        '',
        `Total: ${formatMoney(599900, 'PKR')}`,
        '',
        'Shipping address: 12 Mall Road, Lahore, 54000',
        'Notes: Ring twice',
        '',
        'Payment: cash on delivery',
      ].join('\n'),
    );
  });
});
