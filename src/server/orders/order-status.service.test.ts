import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { createTestEnv, createUser, type TestEnv } from '../testing/test-app';
import { changeOrderStatus } from './order-status.service';

let env: TestEnv;
let shopOwner = 0;
let otherOwner = 0;
let buyer = 0;
let shopId = 0;
let otherShopId = 0;
let productId = 0;
let seq = 0;

async function insertShop(owner: number, slug: string) {
  const row = await env.db
    .insertInto('shops')
    .values({ owner_id: owner, name: slug, slug, whatsapp_number: '15550001111', currency: 'USD' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function insertOrder(status: 'pending' | 'confirmed' | 'shipped' | 'delivered' | 'cancelled', buyerId: number | null = buyer) {
  seq += 1;
  const order = await env.db
    .insertInto('orders')
    .values({
      order_number: `ORD-20260601-${String(seq).padStart(4, '0')}-123456`,
      buyer_id: buyerId,
      shop_id: shopId,
      shop_name: 'Shop',
      shop_whatsapp: '15550001111',
      currency: 'USD',
      buyer_name: 'B',
      buyer_email: 'b@example.test',
      buyer_phone: '1',
      ship_address: 'a',
      ship_city: 'c',
      ship_postal_code: 'p',
      subtotal: 3000,
      total: 3000,
      status,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await env.db
    .insertInto('order_items')
    .values({ order_id: order.id, product_id: productId, product_name: 'P', image_url: null, color: null, size: null, unit_price: 1000, quantity: 3, line_total: 3000 })
    .execute();
  return order.id;
}

const stock = async () =>
  (await env.db.selectFrom('products').select('stock_amount').where('id', '=', productId).executeTakeFirstOrThrow()).stock_amount;
const statusOf = async (id: number) =>
  (await env.db.selectFrom('orders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

beforeAll(async () => {
  env = createTestEnv();
  shopOwner = await createUser(env.db, { roles: ['shopkeeper'] });
  otherOwner = await createUser(env.db, { roles: ['shopkeeper'] });
  buyer = await createUser(env.db, { roles: ['buyer'] });
  shopId = await insertShop(shopOwner, 'mine');
  otherShopId = await insertShop(otherOwner, 'theirs');
  productId = (
    await env.db
      .insertInto('products')
      .values({ shop_id: shopId, name: 'P', slug: 'p', selling_price: 1000, currency: 'USD', stock_amount: 10, unit: 'pieces' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => {
  await env.db.destroy();
});

const asShop = (id = shopId, userId = shopOwner) => ({ kind: 'shop' as const, shopId: id, userId });

describe('changeOrderStatus', () => {
  it('walks the whole workflow and records every change', async () => {
    const id = await insertOrder('pending');
    for (const to of ['confirmed', 'shipped', 'delivered'] as const) {
      await changeOrderStatus(env.db, env.events, { orderId: id, to, actor: asShop(), now: env.clock.now });
    }
    expect(await statusOf(id)).toBe('delivered');
    const history = await env.db.selectFrom('order_status_events').select('status').where('order_id', '=', id).orderBy('id').execute();
    expect(history.map((h) => h.status)).toEqual(['confirmed', 'shipped', 'delivered']);
  });

  it('refuses transitions the workflow forbids, leaving the order as it was', async () => {
    const id = await insertOrder('pending');
    await expect(changeOrderStatus(env.db, env.events, { orderId: id, to: 'delivered', actor: asShop(), now: env.clock.now })).rejects.toThrow(
      'An order that is pending cannot become delivered',
    );
    const done = await insertOrder('delivered');
    await expect(changeOrderStatus(env.db, env.events, { orderId: done, to: 'cancelled', actor: asShop(), now: env.clock.now })).rejects.toThrow(AppError);
    expect(await statusOf(id)).toBe('pending');
    expect(await statusOf(done)).toBe('delivered');
  });

  it('gives the stock back when an order is cancelled, once', async () => {
    const id = await insertOrder('shipped');
    const before = await stock();
    await changeOrderStatus(env.db, env.events, { orderId: id, to: 'cancelled', actor: asShop(), now: env.clock.now });
    expect(await stock()).toBe(before + 3);
    await expect(changeOrderStatus(env.db, env.events, { orderId: id, to: 'cancelled', actor: asShop(), now: env.clock.now })).rejects.toThrow();
    expect(await stock()).toBe(before + 3);
  });

  it("hides another shop's order", async () => {
    const id = await insertOrder('pending');
    await expect(
      changeOrderStatus(env.db, env.events, { orderId: id, to: 'confirmed', actor: asShop(otherShopId, otherOwner), now: env.clock.now }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await statusOf(id)).toBe('pending');
  });

  it('lets the buyer cancel their own pending order only', async () => {
    const pending = await insertOrder('pending');
    const confirmed = await insertOrder('confirmed');
    const someoneElses = await insertOrder('pending', await createUser(env.db, { roles: ['buyer'] }));
    const guestOrder = await insertOrder('pending', null);
    const me = { kind: 'buyer' as const, userId: buyer };
    await expect(changeOrderStatus(env.db, env.events, { orderId: pending, to: 'confirmed', actor: me, now: env.clock.now })).rejects.toThrow(
      'Only a pending order can be cancelled',
    );
    await expect(changeOrderStatus(env.db, env.events, { orderId: confirmed, to: 'cancelled', actor: me, now: env.clock.now })).rejects.toThrow(
      'Only a pending order can be cancelled',
    );
    await expect(changeOrderStatus(env.db, env.events, { orderId: someoneElses, to: 'cancelled', actor: me, now: env.clock.now })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(changeOrderStatus(env.db, env.events, { orderId: guestOrder, to: 'cancelled', actor: me, now: env.clock.now })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await changeOrderStatus(env.db, env.events, { orderId: pending, to: 'cancelled', actor: me, now: env.clock.now });
    expect(await statusOf(pending)).toBe('cancelled');
  });

  it('announces the change to live screens', async () => {
    const id = await insertOrder('pending');
    const controller = new AbortController();
    const seen = (async () => {
      for await (const event of env.events.listen('order.updated', controller.signal)) return event;
      return null;
    })();
    await changeOrderStatus(env.db, env.events, { orderId: id, to: 'confirmed', actor: asShop(), now: env.clock.now });
    expect(await seen).toEqual({ shopId, orderId: id, buyerId: buyer });
    controller.abort();
  });
});
