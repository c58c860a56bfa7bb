import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrder, createProduct, createShop, createUser, type ProductRef, type ShopRef } from '../testing/factories';
import { createTestEnv, type TestEnv } from '../testing/test-app';

// Packing slips (issue 29): shopOrders.packingSlips, on either engine (TEST_DATABASE=postgres).
const RED = '#ff0000';
let env: TestEnv;
let shop: ShopRef;
let rival: ShopRef;
let shirt: ProductRef;
let mug: ProductRef;
let rivalMug: ProductRef;
let buyer = 0;
let admin = 0;
let first = { id: 0, orderNumber: '' };
let second = { id: 0, orderNumber: '' };
let foreign = { id: 0, orderNumber: '' };

beforeAll(async () => {
  env = createTestEnv();
  shop = await createShop(env, { name: 'Karachi Kurtas', currency: 'PKR', whatsapp: '+92 321 5550000' });
  rival = await createShop(env, { currency: 'PKR' });
  buyer = await createUser(env, { roles: ['buyer'] });
  admin = await createUser(env, { roles: ['admin'] });
  shirt = await createProduct(env, shop, { name: 'Kurta', price: 100_000, colors: [RED], sizes: ['M', 'L'], variants: { [`${RED}|M`]: { stock: 5, sku: 'KU-RM' }, [`${RED}|L`]: { stock: 5 } } });
  mug = await createProduct(env, shop, { name: 'Mug', price: 35_000, colors: [RED], sizes: ['L'] });
  rivalMug = await createProduct(env, rival, { name: 'Rival Mug' });
  const shipping = { fullName: 'Bilal Buyer', phone: '+92 300 7654321', address: '1 Main Road', city: 'Lahore', postalCode: '54000' };
  first = await createOrder(env, [{ product: shirt, quantity: 2, color: RED, size: 'M' }, { product: mug, color: RED, size: 'L' }], { buyer, shipping });
  second = await createOrder(env, [{ product: mug, color: RED, size: 'L' }], { shipping: { fullName: 'Guest Person', address: '2 Mall Road', city: 'Karachi', postalCode: '74000' } });
  foreign = await createOrder(env, rivalMug, { buyer });
});
afterAll(async () => {
  await env.db.destroy();
});

describe('shopOrders.packingSlips', () => {
  it("gives the shop's owner one slip per order, in the order asked, with what the parcel and the courier need", async () => {
    const slips = await env.as(shop.ownerId).shopOrders.packingSlips({ orderIds: [second.id, first.id] });
    expect(slips.map((s) => s.orderNumber)).toEqual([second.orderNumber, first.orderNumber]);
    expect(slips[1]).toEqual({
      orderId: first.id,
      orderNumber: first.orderNumber,
      createdAt: expect.any(String),
      shop: { name: 'Karachi Kurtas', whatsapp: '+92 321 5550000' },
      buyer: { name: 'Bilal Buyer', phone: '+92 300 7654321' },
      shipping: { address: '1 Main Road', city: 'Lahore', postalCode: '54000' },
      lines: [
        { name: 'Kurta', variantLabel: 'Red / M', color: RED, size: 'M', sku: 'KU-RM', quantity: 2 },
        { name: 'Mug', variantLabel: null, color: RED, size: 'L', sku: null, quantity: 1 },
      ],
      status: 'pending',
      total: 235_000,
      collect: 235_000,
      coupon: null,
      currency: 'PKR',
      policies: { returnsPolicy: '', deliveryTime: '' },
    });
    expect(slips[0]).toMatchObject({ buyer: { name: 'Guest Person' }, shipping: { city: 'Karachi' }, lines: [{ name: 'Mug', quantity: 1 }], total: 35_000 });
  });

  it('says the order’s status, and asks the courier to collect cash only while it is still to be delivered (issue 53)', async () => {
    const at = (status: 'confirmed' | 'shipped' | 'delivered' | 'cancelled' | 'returned') => createOrder(env, [{ product: mug, color: RED, size: 'L' }], { status });
    const orders = { confirmed: await at('confirmed'), shipped: await at('shipped'), delivered: await at('delivered'), cancelled: await at('cancelled'), returned: await at('returned') };
    const slips = await env.as(shop.ownerId).shopOrders.packingSlips({ orderIds: Object.values(orders).map((o) => o.id) });
    expect(slips.map((s) => [s.status, s.total, s.collect])).toEqual([
      ['confirmed', 35_000, 35_000],
      ['shipped', 35_000, 35_000],
      ['delivered', 35_000, null],
      ['cancelled', 35_000, null],
      ['returned', 35_000, null],
    ]);
  });

  it('prints an order asked twice once', async () => {
    const slips = await env.as(shop.ownerId).shopOrders.packingSlips({ orderIds: [first.id, first.id, second.id] });
    expect(slips.map((s) => s.orderId)).toEqual([first.id, second.id]);
  });

  it("lets an admin print any shop's orders", async () => {
    const slips = await env.as(admin).shopOrders.packingSlips({ orderIds: [foreign.id, first.id] });
    expect(slips.map((s) => s.orderId)).toEqual([foreign.id, first.id]);
  });

  it("answers 'Order not found' for another shop's order, even beside the caller's own, and for an unknown id: nothing partial", async () => {
    const owner = env.as(shop.ownerId).shopOrders;
    await expect(owner.packingSlips({ orderIds: [foreign.id] })).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Order not found' });
    await expect(owner.packingSlips({ orderIds: [first.id, foreign.id] })).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Order not found' });
    await expect(owner.packingSlips({ orderIds: [first.id, 999_999] })).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Order not found' });
    await expect(env.as(rival.ownerId).shopOrders.packingSlips({ orderIds: [first.id] })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it("refuses the order's own buyer, a shopkeeper without a shop and a guest", async () => {
    await expect(env.as(buyer).shopOrders.packingSlips({ orderIds: [first.id] })).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Order not found' });
    const noShop = await createUser(env, { roles: ['shopkeeper'] });
    await expect(env.as(noShop).shopOrders.packingSlips({ orderIds: [first.id] })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(env.as(null).shopOrders.packingSlips({ orderIds: [first.id] })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('asks for 1 to 100 orders', async () => {
    const owner = env.as(shop.ownerId).shopOrders;
    await expect(owner.packingSlips({ orderIds: [] })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'Choose at least one order' });
    const many = Array.from({ length: 101 }, (_, i) => i + 1);
    await expect(owner.packingSlips({ orderIds: many })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'At most 100 packing slips at a time' });
    await expect(owner.packingSlips({ orderIds: [0] })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'Invalid id' });
  });
});
