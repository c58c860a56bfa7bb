import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phoneKey } from '../../shared/phone';
import { engineOf } from '../db/client';
import { createOrder, createProduct, createShop, type ProductRef, SHIPPING, type ShopRef } from '../testing/factories';
import { createTestEnv, type TestEnv } from '../testing/test-app';
import { MAX_BLOCKED_PHONES } from './dispatch.service';

// A shop's block list (issue 29, product-decisions 6): numbers compared by their last 10 digits, checked
// by the server inside the checkout's transaction, for that shop only.
let env: TestEnv;
let shop: ShopRef;
let other: ShopRef;
let kurta: ProductRef;
let book: ProductRef;

const NUMBER = '+92 301 5550001';
const refusal = (name: string) => `${name} does not take cash on delivery orders from this phone number. Contact the shop on WhatsApp.`;
const cart = (phone: string) => ({
  items: [
    { productId: kurta.id, quantity: 1, color: null, size: null },
    { productId: book.id, quantity: 1, color: null, size: null },
  ],
  shipping: { ...SHIPPING, phone },
});
const ordersOf = async (phone: string) =>
  Number((await env.db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).where('buyer_phone_key', '=', phoneKey(phone)).executeTakeFirstOrThrow()).n);
const stockOf = async (id: number) => (await env.db.selectFrom('products').select('stock_amount').where('id', '=', id).executeTakeFirstOrThrow()).stock_amount;
let ip = 0;
const guest = () => env.as(null, `10.9.${Math.floor(ip / 250)}.${(ip++ % 250) + 1}`);

beforeAll(async () => {
  env = createTestEnv();
  shop = await createShop(env, { name: 'Kurta Corner', currency: 'PKR' });
  other = await createShop(env, { name: 'Book Nook', currency: 'PKR' });
  kurta = await createProduct(env, shop, { name: 'Kurta', price: 250_000, stock: 500 });
  book = await createProduct(env, other, { name: 'Book', price: 90_000, stock: 500 });
});
afterAll(async () => {
  await env.db.destroy();
});

describe('the block list', () => {
  it('refuses the whole checkout for a blocked number, however it is written, and writes no order of any shop', async () => {
    const { id } = await createOrder(env, kurta, { shipping: { phone: NUMBER } });
    await env.as(shop.ownerId).shopOrders.blockPhone({ orderId: id });
    expect(await env.as(shop.ownerId).shopOrders.blockedPhones()).toEqual([{ phoneKey: '3015550001', phone: NUMBER, blockedAt: expect.any(String) }]);
    const before = { orders: await ordersOf(NUMBER), kurta: await stockOf(kurta.id), book: await stockOf(book.id) };
    for (const written of ['03015550001', '923015550001', '0301-555 0001']) {
      await expect(guest().orders.checkout(cart(written))).rejects.toThrow(refusal('Kurta Corner'));
    }
    expect({ orders: await ordersOf(NUMBER), kurta: await stockOf(kurta.id), book: await stockOf(book.id) }).toEqual(before);
    // Another shop's list is its own: the other shop alone takes the number's order, and another number orders from both.
    expect((await guest().orders.checkout({ ...cart(NUMBER), items: cart(NUMBER).items.slice(1) })).orders).toHaveLength(1);
    expect((await guest().orders.checkout(cart('+92 301 5550002'))).orders).toHaveLength(2);
  });

  it('shows on the order cards, and takes orders again once unblocked', async () => {
    const card = (await env.as(shop.ownerId).shopOrders.list({})).items.find((o) => o.buyer.phone === NUMBER);
    expect(card?.record.blocked).toBe(true);
    await expect(env.as(other.ownerId).shopOrders.unblockPhone({ phoneKey: '3015550001' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await env.as(shop.ownerId).shopOrders.unblockPhone({ phoneKey: '3015550001' });
    expect(await env.as(shop.ownerId).shopOrders.blockedPhones()).toEqual([]);
    expect((await guest().orders.checkout(cart(NUMBER))).orders).toHaveLength(2);
  });

  it("refuses blocking another shop's order, and a list over its cap, writing nothing", async () => {
    const { id } = await createOrder(env, book, { shipping: { phone: '+92 302 0000000' } });
    await expect(env.as(shop.ownerId).shopOrders.blockPhone({ orderId: id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await env.as(other.ownerId).shopOrders.blockedPhones()).toEqual([]);

    const full = await createShop(env, { currency: 'PKR' });
    const now = env.clock.now.toISOString();
    const rows = Array.from({ length: MAX_BLOCKED_PHONES }, (_, i) => ({ shop_id: full.id, phone_key: String(3_000_000_000 + i), phone: `0${3_000_000_000 + i}`, created_at: now }));
    for (let i = 0; i < rows.length; i += 200) await env.db.insertInto('shop_blocked_phones').values(rows.slice(i, i + 200)).execute();
    const product = await createProduct(env, full, { stock: 5 });
    const { id: fresh } = await createOrder(env, product, { shipping: { phone: '+92 345 1234567' } });
    await expect(env.as(full.ownerId).shopOrders.blockPhone({ orderId: fresh })).rejects.toThrow('A shop can block at most 1,000 numbers. Unblock some first.');
    expect(await env.as(full.ownerId).shopOrders.blockedPhones()).toHaveLength(MAX_BLOCKED_PHONES);
  });

  it('20 concurrent checkouts while the shop blocks the number: no order commits after the block', async () => {
    const racer = '+92 321 7770000';
    const { id } = await createOrder(env, kurta, { shipping: { phone: racer } });
    const key = phoneKey(racer);
    const postgres = engineOf(env.db) === 'postgres';
    if (!postgres) {
      // SQLite runs one write transaction at a time: a log written inside each one is in commit order.
      await sql`create table race_log (id integer primary key autoincrement, what text not null)`.execute(env.db);
      await sql.raw(`create trigger race_order after insert on orders when new.buyer_phone_key = '${key}' begin insert into race_log (what) values ('order'); end`).execute(env.db);
      await sql.raw(`create trigger race_block after insert on shop_blocked_phones when new.phone_key = '${key}' begin insert into race_log (what) values ('block'); end`).execute(env.db);
    }
    const before = await ordersOf(racer);
    const checkouts = Array.from({ length: 10 }, () => guest().orders.checkout(cart(racer)));
    const block = env.as(shop.ownerId).shopOrders.blockPhone({ orderId: id });
    checkouts.push(...Array.from({ length: 10 }, () => guest().orders.checkout(cart(racer))));
    const results = await Promise.allSettled(checkouts);
    await block;

    const placed = results.filter((r) => r.status === 'fulfilled');
    for (const r of results) if (r.status === 'rejected') expect(String(r.reason)).toContain(refusal('Kurta Corner'));
    expect(await ordersOf(racer)).toBe(before + placed.length * 2);
    if (postgres) {
      // Commit timestamps (track_commit_timestamp, tests/setup/global-setup.ts) order the commits.
      const { rows } = await sql<{ order_at: Date | null; block_at: Date }>`select max(pg_xact_commit_timestamp(o.xmin)) as order_at,
          (select pg_xact_commit_timestamp(b.xmin) from shop_blocked_phones b where b.shop_id = ${shop.id} and b.phone_key = ${key}) as block_at
        from orders o where o.buyer_phone_key = ${key} and o.id > ${id}`.execute(env.db);
      const { order_at: lastOrder, block_at: blocked } = rows[0]!;
      if (lastOrder) expect(new Date(lastOrder).getTime()).toBeLessThanOrEqual(new Date(blocked).getTime());
    } else {
      const log = (await sql<{ what: string }>`select what from race_log order by id`.execute(env.db)).rows.map((r) => r.what);
      expect(log.filter((w) => w === 'block')).toEqual(['block']);
      expect(log.slice(log.indexOf('block') + 1)).toEqual([]);
    }
    // After the block, the number orders from this shop no more.
    await expect(guest().orders.checkout(cart(racer))).rejects.toThrow(refusal('Kurta Corner'));
  });
});
