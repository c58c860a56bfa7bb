import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderStatus } from '../../shared/constants';
import { AppError } from '../errors';
import { createOrder, createProduct, createShop, createUser, type ProductRef, type ShopRef } from '../testing/factories';
import { createTestEnv, type TestEnv } from '../testing/test-app';
import { changeOrderStatus } from './orders.service';

let env: TestEnv;
let shop: ShopRef;
let otherShop: ShopRef;
let buyer = 0;
let product: ProductRef;

const insertOrder = async (status: OrderStatus, buyerId: number | null = buyer) =>
  (await createOrder(env, [{ product, quantity: 3 }], { status, buyer: buyerId })).id;
const stock = async () =>
  (await env.db.selectFrom('products').select('stock_amount').where('id', '=', product.id).executeTakeFirstOrThrow()).stock_amount;
const statusOf = async (id: number) =>
  (await env.db.selectFrom('orders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

beforeAll(async () => {
  env = createTestEnv();
  shop = await createShop(env);
  otherShop = await createShop(env);
  buyer = await createUser(env, { roles: ['buyer'] });
  product = await createProduct(env, shop, { price: 1000, stock: 100 });
});
afterAll(async () => {
  await env.db.destroy();
});

const asShop = (of = shop) => ({ kind: 'shop' as const, shopId: of.id, userId: of.ownerId });

describe('changeOrderStatus', () => {
  it('walks the whole workflow and records every change', async () => {
    const id = await insertOrder('pending');
    for (const to of ['confirmed', 'shipped', 'delivered'] as const) {
      await changeOrderStatus(env.db, env.events, { orderId: id, to, actor: asShop(), now: env.clock.now, shipment: { courier: 'TCS', trackingNumber: null } });
    }
    expect(await statusOf(id)).toBe('delivered');
    const history = await env.db.selectFrom('order_status_events').select('status').where('order_id', '=', id).orderBy('id').execute();
    expect(history.map((h) => h.status)).toEqual(['pending', 'confirmed', 'shipped', 'delivered']);
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
    const id = await insertOrder('confirmed');
    const before = await stock();
    await changeOrderStatus(env.db, env.events, { orderId: id, to: 'cancelled', actor: asShop(), now: env.clock.now });
    expect(await stock()).toBe(before + 3);
    await expect(changeOrderStatus(env.db, env.events, { orderId: id, to: 'cancelled', actor: asShop(), now: env.clock.now })).rejects.toThrow();
    expect(await stock()).toBe(before + 3);
  });

  it("hides another shop's order", async () => {
    const id = await insertOrder('pending');
    await expect(
      changeOrderStatus(env.db, env.events, { orderId: id, to: 'confirmed', actor: asShop(otherShop), now: env.clock.now }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await statusOf(id)).toBe('pending');
  });

  it('lets the buyer cancel their own pending order only', async () => {
    const pending = await insertOrder('pending');
    const confirmed = await insertOrder('confirmed');
    const someoneElses = await insertOrder('pending', await createUser(env, { roles: ['buyer'] }));
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
    expect(await seen).toEqual({ shopId: shop.id, orderId: id, buyerId: buyer });
    controller.abort();
  });
});
