import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderStatus } from '../../shared/constants';
import { PAGE_SIZE } from '../../shared/schemas/pagination';
import { createOrder, createProduct, createShop, createUser, type ProductRef, type ShopRef } from '../testing/factories';
import { createTestEnv, type TestEnv } from '../testing/test-app';

let env: TestEnv;
let owner: ShopRef;
let rival: ShopRef;
let buyer = 0;
let mug: ProductRef;
let rivalMug: ProductRef;

const BILAL = { fullName: 'Bilal Buyer', email: 'bilal@example.test', address: '1 Main Road' };

async function insertOrder(shop: ShopRef, status: OrderStatus = 'pending') {
  const product = shop === owner ? mug : rivalMug;
  return (await createOrder(env, [{ product, quantity: 2, color: '#ff0000', size: 'L' }], { buyer, status, shipping: BILAL })).id;
}

const statusOf = async (id: number) => (await env.db.selectFrom('orders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
const stock = async () => (await env.db.selectFrom('products').select('stock_amount').where('id', '=', mug.id).executeTakeFirstOrThrow()).stock_amount;

beforeAll(async () => {
  env = createTestEnv();
  owner = await createShop(env, { slug: 'orders-shop' });
  rival = await createShop(env, { slug: 'rival-orders' });
  buyer = await createUser(env, { roles: ['buyer'] });
  const product = { name: 'Mug', price: 1000, stock: 100, colors: ['#ff0000'], sizes: ['L'] };
  mug = await createProduct(env, owner, product);
  rivalMug = await createProduct(env, rival, product);
});
afterAll(async () => {
  await env.db.destroy();
});

describe('shopOrders.list', () => {
  it("lists only the shop's own orders, newest first, with items, buyer, address and a WhatsApp link", async () => {
    const older = await insertOrder(owner);
    const newer = await insertOrder(owner);
    const foreign = await insertOrder(rival);
    const page = await env.as(owner.ownerId).shopOrders.list({});
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
    expect((await env.as(rival.ownerId).shopOrders.list({})).items.map((o) => o.id)).toEqual([foreign]);
    await expect(env.as(buyer).shopOrders.list({})).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('shows the shop the same order view as its buyer, plus what the shop acts on', async () => {
    const id = await insertOrder(owner);
    const asBuyer = (await env.as(buyer).orders.mine({ limit: 50 })).items.find((o) => o.id === id);
    const asShop = (await env.as(owner.ownerId).shopOrders.list({})).items.find((o) => o.id === id);
    expect(asShop).toEqual({
      ...asBuyer,
      // The shop's history names who moved the order (issue 51); the buyer's does not.
      history: asBuyer!.history.map((event) => ({ ...event, by: expect.any(String) })),
      nextStatuses: ['confirmed', 'cancelled'],
      isGuest: false,
      paymentMethod: 'cod',
      whatsappUrl: expect.stringMatching(/^https:\/\/wa\.me\//),
      record: { delivered: expect.any(Number), returned: 0, cancelled: expect.any(Number), blocked: false },
      // Cash is a delivered order's (issue 30): a pending one has none.
      cash: null,
    });
  });

  it('pages with a cursor and filters by status', async () => {
    const pending = await env.as(owner.ownerId).shopOrders.list({ status: 'pending' });
    expect(pending.items.every((o) => o.status === 'pending')).toBe(true);
    expect(pending.nextCursor).toBeNull();
  });
});

describe('shopOrders.changeStatus', () => {
  it('confirms and ships by the workflow and records the history', async () => {
    const id = await insertOrder(owner);
    await env.as(owner.ownerId).shopOrders.changeStatus({ orderId: id, status: 'confirmed' });
    await env.as(owner.ownerId).shopOrders.changeStatus({ orderId: id, status: 'shipped', shipment: { courier: 'PostEx', trackingNumber: 'PX-42' } });
    expect(await statusOf(id)).toBe('shipped');
    const listed = (await env.as(owner.ownerId).shopOrders.list({})).items.find((o) => o.id === id);
    expect(listed?.history.map((h) => h.status)).toEqual(['pending', 'confirmed', 'shipped']);
  });

  it('keeps a tracking number typed with spaces, without them (issue 53)', async () => {
    const id = await insertOrder(owner, 'confirmed');
    await env.as(owner.ownerId).shopOrders.changeStatus({ orderId: id, status: 'shipped', shipment: { courier: 'TCS', trackingNumber: 'TCS 7781 2231' } });
    const listed = (await env.as(owner.ownerId).shopOrders.list({})).items.find((o) => o.id === id);
    expect(listed).toMatchObject({ status: 'shipped', shipment: { courier: 'TCS', trackingNumber: 'TCS77812231' } });
  });

  it('refuses transitions the workflow forbids, leaving the order unchanged', async () => {
    const id = await insertOrder(owner);
    await expect(env.as(owner.ownerId).shopOrders.changeStatus({ orderId: id, status: 'delivered' })).rejects.toThrow(
      'An order that is pending cannot become delivered',
    );
    const done = await insertOrder(owner, 'delivered');
    await expect(env.as(owner.ownerId).shopOrders.changeStatus({ orderId: done, status: 'pending' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect(await statusOf(id)).toBe('pending');
    expect(await statusOf(done)).toBe('delivered');
  });

  it("refuses another shop's order and a buyer, changing nothing", async () => {
    const id = await insertOrder(owner);
    await expect(env.as(rival.ownerId).shopOrders.changeStatus({ orderId: id, status: 'confirmed' })).rejects.toThrow('Order not found');
    await expect(env.as(buyer).shopOrders.changeStatus({ orderId: id, status: 'cancelled' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(await statusOf(id)).toBe('pending');
  });

  it('gives the stock back on cancel', async () => {
    const id = await insertOrder(owner, 'confirmed');
    const before = await stock();
    await env.as(owner.ownerId).shopOrders.changeStatus({ orderId: id, status: 'cancelled' });
    expect(await stock()).toBe(before + 2);
  });

  it('is refused once the trial has expired', async () => {
    const id = await insertOrder(owner);
    const saved = env.clock.now;
    env.clock.now = new Date(saved.getTime() + 11 * 60_000);
    try {
      await expect(env.as(owner.ownerId).shopOrders.changeStatus({ orderId: id, status: 'confirmed' })).rejects.toThrow('Your 10-minute free trial has expired.');
    } finally {
      env.clock.now = saved;
    }
    expect(await statusOf(id)).toBe('pending');
  });
});

describe('shopOrders.onActivity', () => {
  it("delivers new orders and status changes of the caller's own shop only, on one stream", async () => {
    const stream = await env.as(owner.ownerId).shopOrders.onActivity();
    const iterator = stream[Symbol.asyncIterator]();
    const first = iterator.next();
    await new Promise((r) => setTimeout(r, 10));
    env.events.emit('order.created', { shopId: rival.id, orderId: 1, orderNumber: 'ORD-X' });
    env.events.emit('order.updated', { shopId: rival.id, orderId: 5, buyerId: null });
    env.events.emit('order.created', { shopId: owner.id, orderId: 2, orderNumber: 'ORD-MINE' });
    env.events.emit('order.updated', { shopId: owner.id, orderId: 6, buyerId: null });
    expect((await first).value).toEqual({ kind: 'created', orderId: 2, orderNumber: 'ORD-MINE' });
    expect((await iterator.next()).value).toEqual({ kind: 'updated', orderId: 6 });
    await iterator.return?.();
  });

  it('refuses a buyer', async () => {
    await expect(env.as(buyer).shopOrders.onActivity()).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('shopOrders.list paging', () => {
  async function shopWithOrders(count: number) {
    const own = createTestEnv();
    const shop = await createShop(own);
    const product = await createProduct(own, shop, { stock: 100 });
    for (let i = 0; i < count; i += 1) await createOrder(own, product);
    return { own, caller: own.as(shop.ownerId) };
  }

  it('answers no next page after exactly one page of orders', async () => {
    const { own, caller } = await shopWithOrders(PAGE_SIZE);
    const page = await caller.shopOrders.list({});
    expect(page.items).toHaveLength(PAGE_SIZE);
    expect(page.total).toBe(PAGE_SIZE);
    expect(page.nextCursor).toBeNull();
    await own.db.destroy();
  });

  it('pages on past one page: the second page holds the rest and is the last', async () => {
    const { own, caller } = await shopWithOrders(PAGE_SIZE + 1);
    const first = await caller.shopOrders.list({});
    expect(first.items).toHaveLength(PAGE_SIZE);
    expect(first.nextCursor).toBe(PAGE_SIZE);
    const second = await caller.shopOrders.list({ cursor: first.nextCursor });
    expect(second.items).toHaveLength(1);
    expect(second.nextCursor).toBeNull();
    expect(new Set([...first.items, ...second.items].map((o) => o.id)).size).toBe(PAGE_SIZE + 1);
    await own.db.destroy();
  });
});
