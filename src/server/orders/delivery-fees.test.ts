import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../shared/money';
import type { DeliveryFormInput } from '../../shared/schemas/delivery';
import type { DB } from '../db/client';
import { createProduct, createShop, createUser, SHIPPING, type ShopRef } from '../testing/factories';
import { countRows, createTestEnv, type TestEnv } from '../testing/test-app';

// Delivery fees at checkout (issue 18): the server recomputes every shop's fee from the database in the
// checkout's transaction, keeps it on the order with the part of the rule that charged it, and refuses
// a shop that does not deliver to the city. Runs on both engines (TEST_DATABASE=postgres).

const line = (productId: number, quantity = 1) => ({ productId, quantity, color: null, size: null });

const rule = (r: Partial<DeliveryFormInput> = {}): DeliveryFormInput => ({ fee: '200', freeFrom: '', cities: [], ...r });

async function setDelivery(env: TestEnv, shop: ShopRef, form: DeliveryFormInput) {
  await env.as(shop.ownerId).shops.setDelivery(form);
}

const ordersOf = (db: DB) =>
  db.selectFrom('orders').select(['shop_name', 'currency', 'subtotal', 'tax', 'delivery_fee', 'delivery_basis', 'total']).orderBy('id').execute();

describe('delivery fees at checkout', () => {
  it("charges the shop's flat fee once per shop order, whatever the quantities, and keeps it on the order", async () => {
    const env = createTestEnv();
    const shop = await createShop(env, { name: 'Alpha', currency: 'PKR', taxRate: '10' });
    const a = await createProduct(env, shop, { price: 50_000 });
    const b = await createProduct(env, shop, { price: 20_000 });
    await setDelivery(env, shop, rule({ fee: '200' }));
    const { orders } = await env.as(null).orders.checkout({ items: [line(a.id, 3), line(b.id, 2)], shipping: SHIPPING });
    expect(await ordersOf(env.db)).toEqual([
      { shop_name: 'Alpha', currency: 'PKR', subtotal: 190_000, tax: 19_000, delivery_fee: 20_000, delivery_basis: 'flat', total: 229_000 },
    ]);
    expect(orders[0]).toMatchObject({ total: 229_000, deliveryFee: 20_000 });
    const text = decodeURIComponent(orders[0]!.whatsappUrl!.split('?text=')[1]!);
    expect(text).toContain(`Delivery: ${formatMoney(20_000, 'PKR')}`);
    expect(text).toContain(`Total: ${formatMoney(229_000, 'PKR')}`);
  });

  it('ignores any fee the client sends: a tampered request pays what the database says', async () => {
    const env = createTestEnv();
    const shop = await createShop(env, { currency: 'PKR' });
    const p = await createProduct(env, shop, { price: 10_000 });
    await setDelivery(env, shop, rule({ fee: '250' }));
    const tampered = { items: [{ ...line(p.id), deliveryFee: 0 }], shipping: { ...SHIPPING, deliveryFee: 0 }, deliveryFee: 0, delivery: { fee: 0 } };
    await env.as(null).orders.checkout(tampered as never);
    expect(await ordersOf(env.db)).toMatchObject([{ delivery_fee: 25_000, total: 35_000 }]);
  });

  it('charges the rule as it stands at checkout, not the one the cart was shown (a stale fee)', async () => {
    const env = createTestEnv();
    const shop = await createShop(env, { currency: 'PKR' });
    const p = await createProduct(env, shop, { price: 10_000 });
    await setDelivery(env, shop, rule({ fee: '100' }));
    const shown = await env.as(null).catalog.cartLines({ productIds: [p.id] });
    expect(shown.shops[0]?.delivery.fee).toBe(10_000);
    await setDelivery(env, shop, rule({ fee: '300' }));
    await env.as(null).orders.checkout({ items: [line(p.id)], shipping: SHIPPING });
    expect(await ordersOf(env.db)).toMatchObject([{ delivery_fee: 30_000, total: 40_000 }]);
  });

  it('compares the threshold with the subtotal after discounts: a discount below it brings the fee back', async () => {
    const env = createTestEnv();
    const shop = await createShop(env, { currency: 'PKR' });
    const full = await createProduct(env, shop, { price: 300_000 });
    const discounted = await createProduct(env, shop, { price: 300_000, discount: { type: 'percent', value: 10 } });
    await setDelivery(env, shop, rule({ fee: '200', freeFrom: '3,000' }));
    await env.as(null).orders.checkout({ items: [line(full.id)], shipping: SHIPPING });
    await env.as(null).orders.checkout({ items: [line(discounted.id)], shipping: SHIPPING });
    expect(await ordersOf(env.db)).toMatchObject([
      { subtotal: 300_000, delivery_fee: 0, delivery_basis: 'free', total: 300_000 },
      { subtotal: 270_000, delivery_fee: 20_000, delivery_basis: 'flat', total: 290_000 },
    ]);
  });

  it("keeps a USD shop's fee in USD beside a PKR shop's in PKR", async () => {
    const env = createTestEnv();
    const pkr = await createShop(env, { name: 'Lahore Lights', currency: 'PKR' });
    const usd = await createShop(env, { name: 'Dollar Deals', currency: 'USD' });
    const p = await createProduct(env, pkr, { price: 10_000 });
    const u = await createProduct(env, usd, { price: 1_000 });
    await setDelivery(env, pkr, rule({ fee: '200' }));
    await setDelivery(env, usd, rule({ fee: '4.50' }));
    const { orders } = await env.as(null).orders.checkout({ items: [line(p.id), line(u.id)], shipping: SHIPPING });
    expect(await ordersOf(env.db)).toMatchObject([
      { shop_name: 'Lahore Lights', currency: 'PKR', delivery_fee: 20_000, total: 30_000 },
      { shop_name: 'Dollar Deals', currency: 'USD', delivery_fee: 450, total: 1_450 },
    ]);
    const usdText = decodeURIComponent(orders.find((o) => o.currency === 'USD')!.whatsappUrl!.split('?text=')[1]!);
    expect(usdText).toContain(`Delivery: ${formatMoney(450, 'USD')}`);
  });

  it('uses a city rate for that city however it is typed, and the default for a shop without a rule', async () => {
    const env = createTestEnv({ deliveryFeeDefault: '150' });
    const ruled = await createShop(env, { currency: 'PKR' });
    const plain = await createShop(env, { currency: 'PKR' });
    const r = await createProduct(env, ruled, { price: 10_000 });
    const d = await createProduct(env, plain, { price: 10_000 });
    await setDelivery(env, ruled, rule({ fee: '200', cities: [{ city: 'Lahore', fee: '120', noDelivery: false }] }));
    await env.as(null).orders.checkout({ items: [line(r.id), line(d.id)], shipping: { ...SHIPPING, city: '  LAHORE ' } });
    expect(await ordersOf(env.db)).toMatchObject([
      { delivery_fee: 12_000, delivery_basis: 'city' },
      { delivery_fee: 15_000, delivery_basis: 'flat' },
    ]);
  });

  it('reads the city in either script (issue 53): "لاہور" pays the Lahore rate, "کوئٹہ" is refused like Quetta; the order keeps the city typed and the city matched', async () => {
    const env = createTestEnv({ deliveryFeeDefault: '200' });
    const shop = await createShop(env, { name: 'Karachi Kitchen', currency: 'PKR' });
    const p = await createProduct(env, shop, { price: 10_000, stock: 5 });
    await setDelivery(env, shop, rule({ fee: '200', cities: [{ city: 'Lahore', fee: '150', noDelivery: false }, { city: 'Quetta', fee: '', noDelivery: true }] }));
    const at = (city: string) => ({ items: [line(p.id)], shipping: { ...SHIPPING, city } });
    await expect(env.as(null).orders.checkout(at('کوئٹہ'))).rejects.toThrow('Karachi Kitchen does not deliver to کوئٹہ');
    await expect(env.as(null).orders.checkout(at('QUETTA'))).rejects.toThrow('Karachi Kitchen does not deliver to QUETTA');
    expect(await countRows(env.db, 'orders')).toBe(0);
    await env.as(null).orders.checkout(at('لاہور'));
    await env.as(null).orders.checkout(at(' lahore '));
    await env.as(null).orders.checkout(at('Chak 45'));
    const orders = await env.db.selectFrom('orders').select(['ship_city', 'ship_city_id', 'delivery_fee', 'delivery_basis']).orderBy('id').execute();
    expect(orders).toEqual([
      { ship_city: 'لاہور', ship_city_id: 'lahore', delivery_fee: 15_000, delivery_basis: 'city' },
      { ship_city: 'lahore', ship_city_id: 'lahore', delivery_fee: 15_000, delivery_basis: 'city' },
      { ship_city: 'Chak 45', ship_city_id: null, delivery_fee: 20_000, delivery_basis: 'flat' },
    ]);
  });

  it('"no delivery" refuses that shop only, with its name, and writes nothing', async () => {
    const env = createTestEnv();
    const far = await createShop(env, { name: 'Karachi Kitchen', currency: 'PKR' });
    const near = await createShop(env, { name: 'Quetta Quilts', currency: 'PKR' });
    const f = await createProduct(env, far, { price: 10_000, stock: 5 });
    const n = await createProduct(env, near, { price: 10_000, stock: 5 });
    await setDelivery(env, far, rule({ freeFrom: '50', cities: [{ city: 'Quetta', fee: '', noDelivery: true }] }));
    const both = { items: [line(f.id), line(n.id)], shipping: { ...SHIPPING, city: 'quetta' } };
    await expect(env.as(null).orders.checkout(both)).rejects.toThrow('Karachi Kitchen does not deliver to quetta');
    expect(await countRows(env.db, 'orders')).toBe(0);
    const stock = await env.db.selectFrom('products').select('stock_amount').where('id', 'in', [f.id, n.id]).execute();
    expect(stock.map((s) => s.stock_amount)).toEqual([5, 5]);
    // The other shop delivers there; the refusing shop delivers anywhere else.
    await env.as(null).orders.checkout({ items: [line(n.id)], shipping: { ...SHIPPING, city: 'Quetta' } });
    await env.as(null).orders.checkout({ items: [line(f.id)], shipping: { ...SHIPPING, city: 'Lahore' } });
    expect(await ordersOf(env.db)).toMatchObject([
      { shop_name: 'Quetta Quilts', delivery_fee: 0 },
      { shop_name: 'Karachi Kitchen', delivery_fee: 0, delivery_basis: 'free' },
    ]);
  });

  it('never changes an order already placed when the rule changes; the revenue counts the total', async () => {
    const env = createTestEnv();
    const shop = await createShop(env, { name: 'Alpha', currency: 'PKR' });
    const p = await createProduct(env, shop, { price: 10_000 });
    const buyer = await createUser(env, { roles: ['buyer'] });
    await setDelivery(env, shop, rule({ fee: '200' }));
    const { orders } = await env.as(buyer).orders.checkout({ items: [line(p.id)], shipping: SHIPPING });
    await setDelivery(env, shop, rule({ fee: '900', freeFrom: '50' }));
    const mine = await env.as(buyer).orders.mine({});
    expect(mine.items[0]).toMatchObject({ subtotal: 10_000, deliveryFee: 20_000, deliveryBasis: 'flat', total: 30_000 });
    const tracked = await env.as(null).orders.track({ orderNumber: orders[0]!.orderNumber });
    expect(tracked).toEqual([]); // a buyer's order is not a guest's
    const shopView = await env.as(shop.ownerId).shopOrders.list({});
    expect(shopView.items[0]).toMatchObject({ deliveryFee: 20_000, total: 30_000 });
    const totals = await env.db.selectFrom('shop_order_totals').select(['order_total']).where('shop_id', '=', shop.id).execute();
    expect(totals).toEqual([{ order_total: 30_000 }]);
  });

  it('shows the fee to a guest tracking the order, by number and by email', async () => {
    const env = createTestEnv();
    const shop = await createShop(env, { currency: 'PKR' });
    const p = await createProduct(env, shop, { price: 10_000 });
    await setDelivery(env, shop, rule({ fee: '200' }));
    const { orders } = await env.as(null).orders.checkout({ items: [line(p.id)], shipping: SHIPPING });
    const byNumber = await env.as(null).orders.track({ orderNumber: orders[0]!.orderNumber });
    const byEmail = await env.as(null).orders.track({ email: SHIPPING.email });
    for (const found of [byNumber, byEmail]) expect(found[0]).toMatchObject({ deliveryFee: 20_000, deliveryBasis: 'flat', total: 30_000 });
  });
});
