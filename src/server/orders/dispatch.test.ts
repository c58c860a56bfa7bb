import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderStatus } from '../../shared/constants';
import { createOrder, createProduct, createShop, createUser, type ProductRef, SHIPPING, type ShopRef } from '../testing/factories';
import { createTestEnv, type TestEnv } from '../testing/test-app';

// After dispatch (issue 29): shipping with a courier, Returned, the buyer's record with a shop.
let env: TestEnv;
let shop: ShopRef;
let rival: ShopRef;
let buyer = 0;
let lamp: ProductRef;
let shirt: ProductRef;
let rivalLamp: ProductRef;

const stockOf = async (id: number) => (await env.db.selectFrom('products').select('stock_amount').where('id', '=', id).executeTakeFirstOrThrow()).stock_amount;
const variantStock = async (id: number, color: string, size: string) =>
  (await env.db.selectFrom('product_variants').select('stock').where('product_id', '=', id).where('color', '=', color).where('size', '=', size).executeTakeFirstOrThrow()).stock;
const asOwner = () => env.as(shop.ownerId).shopOrders;
const order = async (status: OrderStatus, options: Parameters<typeof createOrder>[2] = {}, product = lamp) =>
  (await createOrder(env, [{ product, quantity: 2 }], { buyer, status, ...options })).id;
const shopView = async (id: number) => (await asOwner().list({})).items.find((o) => o.id === id)!;

beforeAll(async () => {
  env = createTestEnv();
  shop = await createShop(env, { name: "Sara's Boutique", currency: 'PKR' });
  rival = await createShop(env, { currency: 'PKR' });
  buyer = await createUser(env, { roles: ['buyer'] });
  lamp = await createProduct(env, shop, { name: 'Lamp', price: 1000, stock: 100 });
  rivalLamp = await createProduct(env, rival, { name: 'Lamp', price: 1000, stock: 100 });
  shirt = await createProduct(env, shop, {
    name: 'Shirt',
    price: 2000,
    colors: ['#ff0000'],
    sizes: ['M', 'L'],
    variants: { '#ff0000|M': { stock: 5 }, '#ff0000|L': { stock: 7 } },
  });
});
afterAll(async () => {
  await env.db.destroy();
});

describe('shipping with a courier and a tracking number', () => {
  it('asks for a courier, keeps it with the tracking number, and shows both to the buyer, guest tracking and the shop', async () => {
    const id = await order('confirmed', { buyer: null });
    await expect(asOwner().changeStatus({ orderId: id, status: 'shipped' })).rejects.toThrow('Choose a courier');
    await expect(asOwner().changeStatus({ orderId: id, status: 'shipped', shipment: { courier: 'DHL' as never } })).rejects.toThrow('Choose a courier');
    await expect(asOwner().changeStatus({ orderId: id, status: 'shipped', shipment: { courier: 'TCS', trackingNumber: 'AB#12' } })).rejects.toThrow(
      'Tracking number can only have letters, digits and dashes',
    );
    expect((await env.db.selectFrom('orders').select(['status', 'courier']).where('id', '=', id).executeTakeFirstOrThrow())).toEqual({ status: 'confirmed', courier: null });

    await asOwner().changeStatus({ orderId: id, status: 'shipped', shipment: { courier: 'TCS', trackingNumber: '7731-2209-55' } });
    const shipment = { courier: 'TCS', trackingNumber: '7731-2209-55' };
    const { orderNumber } = await env.db.selectFrom('orders').select('order_number as orderNumber').where('id', '=', id).executeTakeFirstOrThrow();
    expect((await env.as(null).orders.track({ orderNumber, email: '' }))[0]?.shipment).toEqual(shipment);
    expect((await env.as(null).orders.track({ orderNumber: '', email: SHIPPING.email.toLowerCase() })).find((o) => o.id === id)?.shipment).toEqual(shipment);
    expect((await shopView(id)).shipment).toEqual(shipment);

    const mine = await order('shipped', { shipment: { courier: 'Swift Riders', trackingNumber: null } });
    expect((await env.as(buyer).orders.mine({ limit: 50 })).items.find((o) => o.id === mine)?.shipment).toEqual({ courier: 'Swift Riders', trackingNumber: null });
  });

  it('corrects the courier and tracking number while shipped, and only then', async () => {
    const id = await order('shipped');
    await asOwner().updateShipment({ orderId: id, shipment: { courier: 'other', courierName: 'Swift Riders', trackingNumber: 'SR-1' } });
    expect((await shopView(id)).shipment).toEqual({ courier: 'Swift Riders', trackingNumber: 'SR-1' });
    await expect(asOwner().updateShipment({ orderId: id, shipment: { courier: 'other', courierName: '' } })).rejects.toThrow('Courier name is required');
    const delivered = await order('delivered');
    await expect(asOwner().updateShipment({ orderId: delivered, shipment: { courier: 'TCS' } })).rejects.toThrow(
      'Only a shipped order’s courier and tracking number can be changed',
    );
    await expect(env.as(rival.ownerId).shopOrders.updateShipment({ orderId: id, shipment: { courier: 'TCS' } })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await shopView(id)).shipment).toEqual({ courier: 'Swift Riders', trackingNumber: 'SR-1' });
  });
});

describe('Returned', () => {
  it('is reached from Shipped only, and is final', async () => {
    for (const status of ['pending', 'confirmed', 'delivered', 'cancelled'] as const) {
      const id = await order(status);
      await expect(asOwner().changeStatus({ orderId: id, status: 'returned' })).rejects.toThrow(/cannot become returned/);
    }
    const id = await order('returned');
    for (const to of ['delivered', 'cancelled', 'shipped'] as const) {
      await expect(asOwner().changeStatus({ orderId: id, status: to, shipment: { courier: 'TCS' } })).rejects.toThrow(/cannot become/);
    }
    await expect(asOwner().changeStatus({ orderId: await order('shipped'), status: 'cancelled' })).rejects.toThrow('An order that is shipped cannot become cancelled');
  });

  it('gives the stock back once, to the variant each line took it from', async () => {
    const lampBefore = await stockOf(lamp.id);
    const placed = await createOrder(
      env,
      [
        { product: lamp, quantity: 3 },
        { product: shirt, quantity: 2, color: '#ff0000', size: 'L' },
      ],
      { status: 'shipped' },
    );
    expect(await stockOf(lamp.id)).toBe(lampBefore - 3);
    expect(await variantStock(shirt.id, '#ff0000', 'L')).toBe(5);
    await asOwner().changeStatus({ orderId: placed.id, status: 'returned' });
    expect(await stockOf(lamp.id)).toBe(lampBefore);
    expect(await variantStock(shirt.id, '#ff0000', 'L')).toBe(7);
    expect(await variantStock(shirt.id, '#ff0000', 'M')).toBe(5);
    // Twice at once: one wins, the stock comes back once.
    const again = await createOrder(env, [{ product: lamp, quantity: 4 }], { status: 'shipped' });
    const results = await Promise.allSettled([0, 1].map(() => asOwner().changeStatus({ orderId: again.id, status: 'returned' })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await stockOf(lamp.id)).toBe(lampBefore);
  });

  it('leaves revenue and the chart, and shows in the return rate and the history', async () => {
    const fresh = await createShop(env, { currency: 'PKR' });
    const product = await createProduct(env, fresh, { price: 1000, stock: 100 });
    for (const status of ['delivered', 'delivered', 'delivered', 'returned', 'cancelled'] as const) {
      await createOrder(env, [{ product, quantity: 1 }], { status });
    }
    const dashboard = await env.as(fresh.ownerId).shops.dashboard();
    expect(dashboard.revenue).toEqual([{ currency: 'PKR', total: 3000 }]);
    expect(dashboard.series.reduce((sum, day) => sum + day.orders, 0)).toBe(3);
    expect(dashboard.series.reduce((sum, day) => sum + (day.revenue.PKR ?? 0), 0)).toBe(3000);
    expect(dashboard.returns).toEqual({ delivered: 3, returned: 1, rate: 0.25 });
    const returned = (await env.as(fresh.ownerId).shopOrders.list({ status: 'returned' })).items;
    expect(returned).toHaveLength(1);
    expect(returned[0]?.history.map((h) => h.status)).toEqual(['pending', 'confirmed', 'shipped', 'returned']);
    expect(returned[0]?.nextStatuses).toEqual([]);
  });
});

describe("the buyer's record with this shop", () => {
  it("counts this number's delivered, returned and cancelled orders with this shop only, however the number is written", async () => {
    const phone = { phone: '+92 333 1112223' };
    await order('delivered', { shipping: phone });
    await order('delivered', { shipping: { phone: '03331112223' } });
    await order('returned', { shipping: { phone: '923331112223' } });
    await order('cancelled', { shipping: { phone: '0333-111 2223' } });
    await order('delivered', { shipping: phone }, rivalLamp);
    await order('returned', { shipping: phone }, rivalLamp);
    const latest = await order('pending', { shipping: { phone: '(0333) 1112223' } });
    expect((await shopView(latest)).record).toEqual({ delivered: 2, returned: 1, cancelled: 1, blocked: false });
    const rivalView = (await env.as(rival.ownerId).shopOrders.list({})).items.find((o) => o.buyer.phone === '+92 333 1112223')!;
    expect(rivalView.record).toEqual({ delivered: 1, returned: 1, cancelled: 0, blocked: false });
  });
});

describe("the message to the buyer", () => {
  it('follows the status, in the language the buyer ordered in, and names the tracking number once shipped', async () => {
    const id = await order('shipped', { language: 'ur', shipment: { courier: 'Leopards', trackingNumber: 'LE-55' } });
    const link = new URL((await shopView(id)).whatsappUrl!);
    expect(link.origin + link.pathname).toBe('https://wa.me/923007654321');
    const text = link.searchParams.get('text')!;
    expect(text).toContain('Leopards');
    expect(text).toContain('LE-55');
    expect(text).toContain('ٹریکنگ نمبر');
    const english = new URL((await shopView(await order('delivered'))).whatsappUrl!).searchParams.get('text')!;
    expect(english).toContain("has been delivered");
    expect(english).toContain(`http://localhost:3000/product/${lamp.slug}`);
  });
});
