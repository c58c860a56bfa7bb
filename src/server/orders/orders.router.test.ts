import { describe, expect, it } from 'vitest';
import { createProduct, createShop, createUser, SHIPPING } from '../testing/factories';
import { createTestEnv } from '../testing/test-app';
import { changeOrderStatus } from './orders.service';

describe('buyer orders and guest tracking', () => {
  it("lists a buyer's own orders with items and history, and lets them cancel while pending", async () => {
    const env = createTestEnv();
    const shop = await createShop(env, { name: 'Alpha' });
    const p = await createProduct(env, shop, { stock: 5, price: 1234 });
    const buyer = await createUser(env, { roles: ['buyer'] });
    const other = await createUser(env, { roles: ['buyer'] });
    const { orders } = await env.as(buyer).orders.checkout({ items: [{ productId: p.id, quantity: 2, color: null, size: null }], shipping: SHIPPING });
    const mine = await env.as(buyer).orders.mine({});
    expect(mine.items).toHaveLength(1);
    expect(mine.items[0]).toMatchObject({ orderNumber: orders[0]!.orderNumber, shopName: 'Alpha', total: 2468, status: 'pending' });
    expect(mine.items[0]!.items[0]).toMatchObject({ name: p.name, quantity: 2, lineTotal: 2468 });
    expect((await env.as(other).orders.mine({})).items).toEqual([]);
    await expect(env.as(other).orders.cancel({ orderId: orders[0]!.id })).rejects.toThrow('Order not found');
    await env.as(buyer).orders.cancel({ orderId: orders[0]!.id });
    const after = await env.as(buyer).orders.mine({});
    expect(after.items[0]!.status).toBe('cancelled');
    expect(after.items[0]!.history.map((h) => h.status)).toEqual(['pending', 'cancelled']);
    const stock = await env.db.selectFrom('products').select('stock_amount').where('id', '=', p.id).executeTakeFirstOrThrow();
    expect(stock.stock_amount).toBe(5);
  });

  it("tells a buyer's screen when the shop moves their order, and nobody else's", async () => {
    const env = createTestEnv();
    const shop = await createShop(env);
    const p = await createProduct(env, shop);
    const buyer = await createUser(env, { roles: ['buyer'] });
    const other = await createUser(env, { roles: ['buyer'] });
    const item = [{ productId: p.id, quantity: 1, color: null, size: null }];
    const mine = (await env.as(buyer).orders.checkout({ items: item, shipping: SHIPPING })).orders[0]!;
    const theirs = (await env.as(other).orders.checkout({ items: item, shipping: SHIPPING })).orders[0]!;
    const stream = await env.as(buyer).orders.onMineChanged();
    const iterator = (stream as AsyncIterable<{ orderId: number }>)[Symbol.asyncIterator]();
    const next = iterator.next();
    await new Promise((resolve) => setTimeout(resolve, 10));
    const actor = { kind: 'shop' as const, shopId: shop.id, userId: shop.ownerId };
    await changeOrderStatus(env.db, env.events, { orderId: theirs.id, to: 'confirmed', actor, now: env.clock.now });
    await changeOrderStatus(env.db, env.events, { orderId: mine.id, to: 'confirmed', actor, now: env.clock.now });
    expect((await next).value).toEqual({ orderId: mine.id });
    await iterator.return?.();
  });

  it('tracks only guest orders, by number (which wins) or by email', async () => {
    const env = createTestEnv();
    const shop = await createShop(env);
    const p = await createProduct(env, shop);
    const buyer = await createUser(env, { roles: ['buyer'] });
    const item = [{ productId: p.id, quantity: 1, color: null, size: null }];
    const guestOrder = (await env.as(null).orders.checkout({ items: item, shipping: SHIPPING })).orders[0]!;
    const buyerOrder = (await env.as(buyer).orders.checkout({ items: item, shipping: SHIPPING })).orders[0]!;
    const guest = env.as(null);
    expect((await guest.orders.track({ email: '  AYESHA@example.TEST ' })).map((o) => o.orderNumber)).toEqual([guestOrder.orderNumber]);
    expect((await guest.orders.track({ orderNumber: ` ${guestOrder.orderNumber} ` })).map((o) => o.id)).toEqual([guestOrder.id]);
    expect(await guest.orders.track({ orderNumber: buyerOrder.orderNumber })).toEqual([]);
    expect(await guest.orders.track({ orderNumber: 'GUEST-12345', email: SHIPPING.email })).toEqual([]);
    expect(await guest.orders.track({ orderNumber: "' or 1=1 --" })).toEqual([]);
    await expect(guest.orders.track({ email: ' ', orderNumber: '' })).rejects.toThrow('Please enter your email or order number');
  });

  it('by email alone shows the order and its city; the address, phone and notes need the order number', async () => {
    const env = createTestEnv();
    const shop = await createShop(env, { name: 'Gamma' });
    const p = await createProduct(env, shop, { name: 'Teapot', price: 2500 });
    const placed = (await env.as(null).orders.checkout({ items: [{ productId: p.id, quantity: 2, color: null, size: null }], shipping: SHIPPING }))
      .orders[0]!;
    const guest = env.as(null);

    const [byEmail] = await guest.orders.track({ email: SHIPPING.email });
    expect(byEmail).toMatchObject({
      orderNumber: placed.orderNumber,
      shopName: 'Gamma',
      status: 'pending',
      subtotal: 5000,
      total: 5000,
      shipping: { city: 'Lahore' },
      items: [{ name: 'Teapot', quantity: 2, lineTotal: 5000 }],
      history: [{ status: 'pending' }],
    });
    const shown = JSON.stringify(byEmail);
    for (const secret of [SHIPPING.address, SHIPPING.phone, SHIPPING.notes, SHIPPING.postalCode, SHIPPING.fullName]) {
      expect(shown).not.toContain(secret);
    }

    const [byNumber] = await guest.orders.track({ orderNumber: placed.orderNumber, email: 'someone-else@example.test' });
    expect(byNumber).toMatchObject({
      orderNumber: placed.orderNumber,
      notes: SHIPPING.notes,
      buyer: { name: SHIPPING.fullName, phone: SHIPPING.phone },
      shipping: { address: SHIPPING.address, city: 'Lahore', postalCode: SHIPPING.postalCode },
    });
  });

  it('rate-limits guest tracking per client', async () => {
    const env = createTestEnv();
    const guest = env.as(null, '192.0.2.7');
    for (let i = 0; i < 30; i += 1) await guest.orders.track({ email: 'x@y.test' });
    await expect(guest.orders.track({ email: 'x@y.test' })).rejects.toThrow('Too many searches');
    expect(await env.as(null, '192.0.2.8').orders.track({ email: 'x@y.test' })).toEqual([]);
  });
});
