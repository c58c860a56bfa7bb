import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { isOrderNumber } from '../../shared/order-number';
import type { DB } from '../db/client';
import { AppEvents } from '../events';
import { createProduct, createShop, createUser, SHIPPING } from '../testing/factories';
import { createTestEnv, type TestEnv } from '../testing/test-app';
import { placeCheckout } from './orders.service';
import { secondHandle, testEngine } from '../testing/test-engine';

const line = (productId: number, quantity = 1, color: string | null = null, size: string | null = null) => ({
  productId,
  quantity,
  color,
  size,
});

async function counts(db: DB) {
  const [orders, items, events] = await Promise.all([
    db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    db.selectFrom('order_items').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    db.selectFrom('order_status_events').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { orders: Number(orders.n), items: Number(items.n), events: Number(events.n) };
}

const stockOf = async (db: DB, id: number) =>
  (await db.selectFrom('products').select('stock_amount').where('id', '=', id).executeTakeFirstOrThrow()).stock_amount;

describe('orders.checkout', () => {
  let env: TestEnv;
  const extraDbs: DB[] = [];
  afterEach(async () => {
    for (const db of extraDbs.splice(0)) await db.destroy();
  });

  it('prices every line from the database, whatever the client sends', async () => {
    env = createTestEnv();
    const shop = await createShop(env, { currency: 'PKR' });
    const p = await createProduct(env, shop, { price: 20_000, discount: { type: 'percent', value: 25 } });
    const q = await createProduct(env, shop, { price: 5_000, discount: { type: 'fixed', value: 1_000 } });
    // Extra fields a tampered client might send (price, total) are not part of the contract and are ignored.
    const tampered = { ...line(p.id, 2), price: 1, unit_price: 1, total: 1 };
    const result = await env.as(null).orders.checkout({ items: [tampered, line(q.id, 1)], shipping: SHIPPING } as never);
    expect(result.orders).toHaveLength(1);
    const order = await env.db.selectFrom('orders').selectAll().executeTakeFirstOrThrow();
    expect(order.subtotal).toBe(2 * 15_000 + 4_000);
    expect(order.total).toBe(34_000);
    expect(order.buyer_id).toBeNull();
    expect(order.buyer_email).toBe('ayesha@example.test');
    expect(order.currency).toBe('PKR');
    expect(isOrderNumber(order.order_number)).toBe(true);
    expect(result.orders[0]?.total).toBe(34_000);
    const items = await env.db.selectFrom('order_items').select(['unit_price', 'quantity', 'line_total']).orderBy('id').execute();
    expect(items).toEqual([
      { unit_price: 15_000, quantity: 2, line_total: 30_000 },
      { unit_price: 4_000, quantity: 1, line_total: 4_000 },
    ]);
    expect(await stockOf(env.db, p.id)).toBe(48);
    const history = await env.db.selectFrom('order_status_events').select(['status']).execute();
    expect(history).toEqual([{ status: 'pending' }]);
  });

  it('creates one order per shop with its tax, snapshots and WhatsApp link, and announces each', async () => {
    env = createTestEnv();
    const a = await createShop(env, { name: 'Alpha', currency: 'PKR', taxRate: '10', whatsapp: '+92 300 1112222' });
    const b = await createShop(env, { name: 'Beta', currency: 'USD', whatsapp: '1 555 000 9999' });
    const pa = await createProduct(env, a, { price: 10_000 });
    const pb = await createProduct(env, b, { price: 2_500, colors: ['#ff0000'], sizes: ['M'] });
    const buyer = await createUser(env, { roles: ['buyer'] });
    const announced: number[] = [];
    env.events.emit = ((name: string, payload: { shopId: number }) => {
      if (name === 'order.created') announced.push(payload.shopId);
    }) as never;
    const { orders } = await env.as(buyer).orders.checkout({ items: [line(pa.id, 1), line(pb.id, 2, '#FF0000', 'M')], shipping: SHIPPING });
    expect(orders.map((o) => o.shopName).sort()).toEqual(['Alpha', 'Beta']);
    const alpha = orders.find((o) => o.shopName === 'Alpha')!;
    expect(alpha.total).toBe(11_000);
    expect(alpha.currency).toBe('PKR');
    expect(alpha.whatsappUrl).toMatch(/^https:\/\/wa\.me\/923001112222\?text=/);
    expect(decodeURIComponent(alpha.whatsappUrl!.split('text=')[1]!)).toContain(alpha.orderNumber);
    const beta = orders.find((o) => o.shopName === 'Beta')!;
    expect(beta.whatsappUrl).toMatch(/^https:\/\/wa\.me\/15550009999\?/);
    expect(alpha.orderNumber).not.toBe(beta.orderNumber);
    const rows = await env.db.selectFrom('orders').select(['buyer_id', 'shop_name', 'tax']).orderBy('id').execute();
    expect(rows.every((r) => r.buyer_id === buyer)).toBe(true);
    expect(announced.sort()).toEqual([a.id, b.id].sort());
    const color = await env.db.selectFrom('order_items').select('color').where('product_id', '=', pb.id).executeTakeFirstOrThrow();
    expect(color.color).toBe('#ff0000');
  });

  it("snapshots each item's name and primary thumbnail", async () => {
    env = createTestEnv();
    const shop = await createShop(env);
    const pictured = await createProduct(env, shop, { name: 'Pictured', images: 2 });
    const plain = await createProduct(env, shop, { name: 'Plain' });
    const second = pictured.images[1]!;
    await env.db.updateTable('product_images').set((eb) => ({ is_primary: eb.case().when('url', '=', second.url).then(1).else(0).end() })).execute();
    await env.as(null).orders.checkout({ items: [line(pictured.id), line(plain.id)], shipping: SHIPPING });
    const items = await env.db.selectFrom('order_items').select(['product_name', 'image_url']).orderBy('id').execute();
    expect(items).toEqual([
      { product_name: 'Pictured', image_url: second.thumbUrl },
      { product_name: 'Plain', image_url: null },
    ]);
  });

  it('fails whole when one line is short, naming the product and what is left, and writes nothing', async () => {
    env = createTestEnv();
    const shop = await createShop(env);
    const plenty = await createProduct(env, shop, { stock: 10 });
    const scarce = await createProduct(env, shop, { name: 'Silk Scarf', stock: 3 });
    await expect(
      env.as(null).orders.checkout({ items: [line(plenty.id, 2), line(scarce.id, 4)], shipping: SHIPPING }),
    ).rejects.toThrow('Only 3 left of "Silk Scarf"');
    expect(await counts(env.db)).toEqual({ orders: 0, items: 0, events: 0 });
    expect(await stockOf(env.db, plenty.id)).toBe(10);
    expect(await stockOf(env.db, scarce.id)).toBe(3);
    const seq = await env.db.selectFrom('order_number_sequences').selectAll().execute();
    expect(seq).toEqual([]);
  });

  it('refuses inactive products, inactive shops, unknown products and missing choices', async () => {
    env = createTestEnv();
    const shop = await createShop(env);
    const closed = await createShop(env, { isActive: false });
    const hidden = await createProduct(env, shop, { name: 'Hidden', isActive: false });
    const inClosed = await createProduct(env, closed, { name: 'Closed' });
    const options = await createProduct(env, shop, { name: 'Shirt', colors: ['#000000'], sizes: ['L'] });
    const guest = env.as(null);
    // A hidden product's name is not public, not even in a refusal.
    await expect(guest.orders.checkout({ items: [line(hidden.id)], shipping: SHIPPING })).rejects.toThrow('A product in your cart is no longer available');
    await expect(guest.orders.checkout({ items: [line(inClosed.id)], shipping: SHIPPING })).rejects.toThrow('no longer available');
    await expect(guest.orders.checkout({ items: [line(999_999)], shipping: SHIPPING })).rejects.toThrow('no longer available');
    await expect(guest.orders.checkout({ items: [line(options.id, 1, null, 'L')], shipping: SHIPPING })).rejects.toThrow('Please choose a color');
    await expect(guest.orders.checkout({ items: [line(options.id, 1, '#000000', 'XXL')], shipping: SHIPPING })).rejects.toThrow(
      'Please choose a size',
    );
    expect(await counts(env.db)).toEqual({ orders: 0, items: 0, events: 0 });
  });

  it('validates the form and the lines', async () => {
    env = createTestEnv();
    const shop = await createShop(env);
    const p = await createProduct(env, shop);
    const guest = env.as(null);
    await expect(guest.orders.checkout({ items: [], shipping: SHIPPING })).rejects.toThrow('Your cart is empty');
    await expect(guest.orders.checkout({ items: [line(p.id, 0)], shipping: SHIPPING })).rejects.toThrow('Quantity must be at least 1');
    await expect(guest.orders.checkout({ items: [line(p.id, -3)], shipping: SHIPPING })).rejects.toThrow();
    await expect(guest.orders.checkout({ items: [line(p.id, 1e9)], shipping: SHIPPING })).rejects.toThrow('Quantity must be at most 999');
    await expect(guest.orders.checkout({ items: [line(p.id)], shipping: { ...SHIPPING, city: '  ' } })).rejects.toThrow('City is required');
    await expect(guest.orders.checkout({ items: [line(p.id)], shipping: { ...SHIPPING, email: 'nope' } })).rejects.toThrow(
      'Invalid email address',
    );
    expect(await counts(env.db)).toEqual({ orders: 0, items: 0, events: 0 });
  });

  it('numbers orders with the day sequence, unguessably', async () => {
    env = createTestEnv();
    const shop = await createShop(env);
    const p = await createProduct(env, shop);
    const first = await env.as(null).orders.checkout({ items: [line(p.id)], shipping: SHIPPING });
    const second = await env.as(null).orders.checkout({ items: [line(p.id)], shipping: SHIPPING });
    expect(first.orders[0]?.orderNumber).toMatch(/^ORD-20260601-0001-\d{6}$/);
    expect(second.orders[0]?.orderNumber).toMatch(/^ORD-20260601-0002-\d{6}$/);
  });

  it("numbers concurrent checkouts 1 to N, each once, and a refused one's number goes unused", async () => {
    env = createTestEnv();
    const shop = await createShop(env);
    const p = await createProduct(env, shop, { stock: 100 });
    const one = await createProduct(env, shop, { name: 'Only One', stock: 1 });
    await env.as(null).orders.checkout({ items: [line(one.id)], shipping: SHIPPING });
    await expect(env.as(null).orders.checkout({ items: [line(one.id)], shipping: SHIPPING })).rejects.toThrow('out of stock');
    const placed = await Promise.all(
      Array.from({ length: 12 }, (_, i) => env.as(null, `10.0.1.${i}`).orders.checkout({ items: [line(p.id)], shipping: SHIPPING })),
    );
    const numbers = placed.map((r) => Number(r.orders[0]!.orderNumber.split('-')[2])).sort((a, b) => a - b);
    // The first order was 1; the refused checkout took no number on SQLite and may leave a gap on PostgreSQL.
    expect(new Set(numbers).size).toBe(12);
    expect(numbers[0]).toBeGreaterThanOrEqual(2);
    expect(numbers.at(-1)! - numbers[0]!).toBe(11);
  });

  it('20 concurrent checkouts for the last 5 units sell exactly 5 (one connection; on PostgreSQL one pool of several)', async () => {
    env = createTestEnv();
    const shop = await createShop(env);
    const p = await createProduct(env, shop, { name: 'Last Lamp', stock: 5 });
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => env.as(null, `10.0.0.${i}`).orders.checkout({ items: [line(p.id)], shipping: SHIPPING })),
    );
    const sold = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(sold).toHaveLength(5);
    expect(refused).toHaveLength(15);
    for (const r of refused) expect(String(r.reason.message)).toBe('"Last Lamp" is out of stock');
    expect(await stockOf(env.db, p.id)).toBe(0);
    expect((await counts(env.db)).orders).toBe(5);
    if (testEngine === 'postgres') {
      // The checkouts really raced: the pool opened several connections to run them side by side.
      const open = await sql<{ n: number }>`select count(*) as n from pg_stat_activity where datname = current_database()`.execute(env.db);
      expect(open.rows[0]!.n).toBeGreaterThan(1);
    }
  });

  it('20 concurrent checkouts through two connections to one file sell exactly 5', async () => {
    env = createTestEnv();
    const shop = await createShop(env);
    const p = await createProduct(env, shop, { name: 'Last Lamp', stock: 5 });
    // A second connection to the same file (PostgreSQL: a second pool): the database's locking decides.
    const other = await secondHandle(env);
    extraDbs.push(other);
    const events = new AppEvents();
    const attempt = (db: DB) => placeCheckout(db, events, { items: [line(p.id)], shipping: { ...SHIPPING, email: 'a@b.test' }, buyerId: null, now: env.clock.now });
    const results = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => attempt(i % 2 ? other : env.db)));
    const sold = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(sold).toHaveLength(5);
    for (const r of refused) expect(String(r.reason.message)).toBe('"Last Lamp" is out of stock');
    expect(await stockOf(env.db, p.id)).toBe(0);
    expect((await counts(env.db)).orders).toBe(5);
    const numbers = await env.db.selectFrom('orders').select('order_number').execute();
    expect(new Set(numbers.map((n) => n.order_number)).size).toBe(5);
  });
});
