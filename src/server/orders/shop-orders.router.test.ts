import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopkeeperWithShop } from '../shops/shop-test-helpers';
import { createTestEnv, createUser, type TestEnv } from '../testing/test-app';

let env: TestEnv;
let owner = { userId: 0, shopId: 0 };
let rival = { userId: 0, shopId: 0 };
let buyer = 0;
let productId = 0;
let seq = 0;

async function insertOrder(shopId: number, status: 'pending' | 'confirmed' | 'shipped' | 'delivered' | 'cancelled' = 'pending') {
  seq += 1;
  const order = await env.db
    .insertInto('orders')
    .values({
      order_number: `ORD-20260601-${String(seq).padStart(4, '0')}-654321`,
      buyer_id: buyer,
      shop_id: shopId,
      shop_name: 'Shop',
      shop_whatsapp: '15550001111',
      currency: 'USD',
      buyer_name: 'Bilal Buyer',
      buyer_email: 'bilal@example.test',
      buyer_phone: '+92 300 7654321',
      ship_address: '1 Main Road',
      ship_city: 'Lahore',
      ship_postal_code: '54000',
      notes: 'Ring twice',
      subtotal: 2000,
      total: 2000,
      status,
      created_at: new Date(env.clock.now.getTime() + seq * 1000).toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await env.db
    .insertInto('order_items')
    .values({ order_id: order.id, product_id: productId, product_name: 'Mug', image_url: null, color: '#ff0000', size: 'L', unit_price: 1000, quantity: 2, line_total: 2000 })
    .execute();
  return order.id;
}

const statusOf = async (id: number) => (await env.db.selectFrom('orders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
const stock = async () => (await env.db.selectFrom('products').select('stock_amount').where('id', '=', productId).executeTakeFirstOrThrow()).stock_amount;

beforeAll(async () => {
  env = createTestEnv();
  owner = await shopkeeperWithShop(env, 'orders-shop');
  rival = await shopkeeperWithShop(env, 'rival-orders');
  buyer = await createUser(env.db, { roles: ['buyer'] });
  productId = (
    await env.db
      .insertInto('products')
      .values({ shop_id: owner.shopId, name: 'Mug', slug: 'mug-1', selling_price: 1000, currency: 'USD', stock_amount: 5, unit: 'pieces' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => {
  await env.db.destroy();
});

describe('shopOrders.list', () => {
  it("lists only the shop's own orders, newest first, with items, buyer, address and a WhatsApp link", async () => {
    const older = await insertOrder(owner.shopId);
    const newer = await insertOrder(owner.shopId);
    const foreign = await insertOrder(rival.shopId);
    const page = await env.as(owner.userId).shopOrders.list({});
    expect(page.items.map((o) => o.id)).toEqual([newer, older]);
    expect(page.total).toBe(2);
    expect(page.items[0]).toMatchObject({
      buyer: { name: 'Bilal Buyer', email: 'bilal@example.test', phone: '+92 300 7654321' },
      shipping: { address: '1 Main Road', city: 'Lahore', postalCode: '54000' },
      notes: 'Ring twice',
      total: 2000,
      nextStatuses: ['confirmed', 'cancelled'],
      items: [{ name: 'Mug', quantity: 2, color: '#ff0000', size: 'L', lineTotal: 2000 }],
    });
    expect(page.items[0]?.whatsappUrl).toMatch(/^https:\/\/wa\.me\/923007654321\?text=/);
    expect((await env.as(rival.userId).shopOrders.list({})).items.map((o) => o.id)).toEqual([foreign]);
    await expect(env.as(buyer).shopOrders.list({})).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('pages with a cursor and filters by status', async () => {
    const pending = await env.as(owner.userId).shopOrders.list({ status: 'pending' });
    expect(pending.items.every((o) => o.status === 'pending')).toBe(true);
    expect(pending.nextCursor).toBeNull();
  });
});

describe('shopOrders.changeStatus', () => {
  it('confirms and ships by the workflow and records the history', async () => {
    const id = await insertOrder(owner.shopId);
    await env.as(owner.userId).shopOrders.changeStatus({ orderId: id, status: 'confirmed' });
    await env.as(owner.userId).shopOrders.changeStatus({ orderId: id, status: 'shipped' });
    expect(await statusOf(id)).toBe('shipped');
    const listed = (await env.as(owner.userId).shopOrders.list({})).items.find((o) => o.id === id);
    expect(listed?.history.map((h) => h.status)).toEqual(['confirmed', 'shipped']);
  });

  it('refuses transitions the workflow forbids, leaving the order unchanged', async () => {
    const id = await insertOrder(owner.shopId);
    await expect(env.as(owner.userId).shopOrders.changeStatus({ orderId: id, status: 'delivered' })).rejects.toThrow(
      'An order that is pending cannot become delivered',
    );
    const done = await insertOrder(owner.shopId, 'delivered');
    await expect(env.as(owner.userId).shopOrders.changeStatus({ orderId: done, status: 'pending' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect(await statusOf(id)).toBe('pending');
    expect(await statusOf(done)).toBe('delivered');
  });

  it("refuses another shop's order and a buyer, changing nothing", async () => {
    const id = await insertOrder(owner.shopId);
    await expect(env.as(rival.userId).shopOrders.changeStatus({ orderId: id, status: 'confirmed' })).rejects.toThrow('Order not found');
    await expect(env.as(buyer).shopOrders.changeStatus({ orderId: id, status: 'cancelled' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(await statusOf(id)).toBe('pending');
  });

  it('gives the stock back on cancel', async () => {
    const id = await insertOrder(owner.shopId, 'confirmed');
    const before = await stock();
    await env.as(owner.userId).shopOrders.changeStatus({ orderId: id, status: 'cancelled' });
    expect(await stock()).toBe(before + 2);
  });

  it('is refused once the trial has expired', async () => {
    const id = await insertOrder(owner.shopId);
    const saved = env.clock.now;
    env.clock.now = new Date(saved.getTime() + 11 * 60_000);
    try {
      await expect(env.as(owner.userId).shopOrders.changeStatus({ orderId: id, status: 'confirmed' })).rejects.toThrow('Your 10-minute free trial has expired.');
    } finally {
      env.clock.now = saved;
    }
    expect(await statusOf(id)).toBe('pending');
  });
});

describe('shopOrders.onActivity', () => {
  it("delivers new orders and status changes of the caller's own shop only, on one stream", async () => {
    const stream = await env.as(owner.userId).shopOrders.onActivity();
    const iterator = stream[Symbol.asyncIterator]();
    const first = iterator.next();
    await new Promise((r) => setTimeout(r, 10));
    env.events.emit('order.created', { shopId: rival.shopId, orderId: 1, orderNumber: 'ORD-X' });
    env.events.emit('order.updated', { shopId: rival.shopId, orderId: 5, buyerId: null });
    env.events.emit('order.created', { shopId: owner.shopId, orderId: 2, orderNumber: 'ORD-MINE' });
    env.events.emit('order.updated', { shopId: owner.shopId, orderId: 6, buyerId: null });
    expect((await first).value).toEqual({ kind: 'created', orderId: 2, orderNumber: 'ORD-MINE' });
    expect((await iterator.next()).value).toEqual({ kind: 'updated', orderId: 6 });
    await iterator.return?.();
  });

  it('refuses a buyer', async () => {
    await expect(env.as(buyer).shopOrders.onActivity()).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});
