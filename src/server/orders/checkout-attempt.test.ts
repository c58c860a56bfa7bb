import { afterEach, describe, expect, it } from 'vitest';
import type { DB } from '../db/client';
import { AppEvents } from '../events';
import { createProduct, createShop, createUser, SHIPPING } from '../testing/factories';
import { countRows, createTestEnv } from '../testing/test-app';
import { placeCheckout } from './orders.service';
import { secondHandle } from '../testing/test-engine';

// Idempotent checkout (product-decisions section 4): one attempt key, its orders placed once.

const KEY = 'attempt-0123456789abcdef';
const line = (productId: number, quantity = 1) => ({ productId, quantity, color: null, size: null });

async function stockOf(db: DB, id: number): Promise<number> {
  return (await db.selectFrom('products').select('stock_amount').where('id', '=', id).executeTakeFirstOrThrow()).stock_amount;
}

async function setup() {
  const env = createTestEnv();
  const alpha = await createShop(env, { name: 'Alpha', taxRate: '10', whatsapp: '+92 300 1112222' });
  const beta = await createShop(env, { name: 'Beta' });
  const a = await createProduct(env, alpha, { price: 1_000, stock: 10 });
  const b = await createProduct(env, beta, { price: 2_500, stock: 10 });
  const announced: number[] = [];
  const emit = env.events.emit.bind(env.events);
  env.events.emit = ((name, payload) => {
    if (name === 'order.created') announced.push(payload.shopId as number);
    emit(name, payload);
  }) as AppEvents['emit'];
  return { env, a, b, announced, request: { items: [line(a.id, 2), line(b.id)], shipping: SHIPPING, attemptKey: KEY } };
}

describe('idempotent checkout', () => {
  const extraDbs: DB[] = [];
  afterEach(async () => {
    for (const db of extraDbs.splice(0)) await db.destroy();
  });

  it('answers a repeated attempt with the orders it already placed, placing nothing again', async () => {
    const { env, a, b, announced, request } = await setup();
    const first = await env.as(null).orders.checkout(request);
    expect(first.orders).toHaveLength(2);
    const again = await env.as(null).orders.checkout(request);
    expect(again).toEqual(first);
    expect(await countRows(env.db, 'orders')).toBe(2);
    expect(await countRows(env.db, 'order_items')).toBe(2);
    expect(await stockOf(env.db, a.id)).toBe(8);
    expect(await stockOf(env.db, b.id)).toBe(9);
    // The shops heard of each order once.
    expect(announced).toHaveLength(2);
  });

  it('answers two concurrent requests with one key both with the same orders, placed once', async () => {
    const { env, a, request } = await setup();
    const [one, two] = await Promise.all([env.as(null).orders.checkout(request), env.as(null).orders.checkout(request)]);
    expect(one.orders).toHaveLength(2);
    expect(two).toEqual(one);
    expect(await countRows(env.db, 'orders')).toBe(2);
    expect(await stockOf(env.db, a.id)).toBe(8);
  });

  it('places once when requests with one key race through two connections to the file', async () => {
    const { env, a, request } = await setup();
    // As two server processes would: the database's locking decides; the loser retries and reads the winner's orders.
    const other = await secondHandle(env);
    extraDbs.push(other);
    const events = new AppEvents();
    const input = { ...request, shipping: { ...SHIPPING, email: 'ayesha@example.test' }, buyerId: null, now: env.clock.now };
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => placeCheckout(i % 2 ? other : env.db, events, input)));
    for (const result of results) expect(result).toEqual(results[0]);
    expect(await countRows(env.db, 'orders')).toBe(2);
    expect(await stockOf(env.db, a.id)).toBe(8);
  });

  it('refuses a key reused for another cart, another address or another buyer, writing nothing', async () => {
    const { env, a, request } = await setup();
    const buyer = await createUser(env, { roles: ['buyer'] });
    await env.as(null).orders.checkout(request);
    const refusal = 'This checkout was already placed with other details. Please reload the page and place your order again.';
    await expect(env.as(null).orders.checkout({ ...request, items: [line(a.id, 3)] })).rejects.toThrow(refusal);
    await expect(env.as(null).orders.checkout({ ...request, shipping: { ...SHIPPING, city: 'Karachi' } })).rejects.toThrow(refusal);
    // Another person holding the key learns nothing of the orders it placed.
    await expect(env.as(buyer).orders.checkout(request)).rejects.toThrow(refusal);
    expect(await countRows(env.db, 'orders')).toBe(2);
    expect(await stockOf(env.db, a.id)).toBe(8);
  });

  it('keeps a refused attempt open: the same key places the orders once the stock is back', async () => {
    const { env, a, request } = await setup();
    await env.db.updateTable('products').set({ stock_amount: 1 }).where('id', '=', a.id).execute();
    await expect(env.as(null).orders.checkout(request)).rejects.toThrow('Only 1 left');
    expect(await countRows(env.db, 'checkout_attempts')).toBe(0);
    await env.db.updateTable('products').set({ stock_amount: 5 }).where('id', '=', a.id).execute();
    const placed = await env.as(null).orders.checkout(request);
    expect(placed.orders).toHaveLength(2);
    expect(await stockOf(env.db, a.id)).toBe(3);
  });

  it('refuses a malformed key with a message', async () => {
    const { env, request } = await setup();
    await expect(env.as(null).orders.checkout({ ...request, attemptKey: 'short' })).rejects.toThrow('This page is out of date');
    expect(await countRows(env.db, 'orders')).toBe(0);
  });
});
