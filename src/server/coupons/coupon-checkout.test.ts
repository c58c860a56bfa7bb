import { afterEach, describe, expect, it } from 'vitest';
import { formatMoney } from '../../shared/money';
import type { CouponFormInput } from '../../shared/schemas/coupon';
import type { DB } from '../db/client';
import { AppEvents } from '../events';
import { placeCheckout } from '../orders/orders.service';
import { createOrder, createProduct, createShop, createUser, SHIPPING, type ShopRef } from '../testing/factories';
import { countRows, createTestEnv, type TestEnv } from '../testing/test-app';
import { secondHandle } from '../testing/test-engine';

// Coupons at checkout (issue 32): the server checks each code in the checkout's transaction, counts a
// use with a conditional update, refuses with the shop's name and writes nothing, keeps a snapshot on
// the order, and gives a cancelled order's use back once. Both engines (TEST_DATABASE=postgres).

const line = (productId: number, quantity = 1) => ({ productId, quantity, color: null, size: null });

const coupon = (c: Partial<CouponFormInput> = {}): CouponFormInput => ({
  code: 'EID500',
  type: 'amount',
  value: '500',
  minOrder: '',
  startsOn: '',
  endsOn: '',
  maxUses: '',
  oncePerBuyer: false,
  isActive: true,
  ...c,
});

async function makeCoupon(env: TestEnv, shop: ShopRef, c: Partial<CouponFormInput> = {}) {
  return env.as(shop.ownerId).coupons.create({ coupon: coupon(c) });
}

const ordersOf = (db: DB) =>
  db
    .selectFrom('orders')
    .select(['shop_name', 'subtotal', 'tax', 'delivery_fee', 'total', 'coupon_code', 'coupon_type', 'coupon_discount'])
    .orderBy('id')
    .execute();

const usedCount = async (db: DB, code: string) =>
  Number((await db.selectFrom('coupons').select('used_count').where('code', '=', code).executeTakeFirstOrThrow()).used_count);

/** A guest's checkout from its own client address (the checkout limit is per client). */
let ip = 0;
const guest = (env: TestEnv) => env.as(null, `10.9.${Math.floor(ip / 200)}.${(ip++ % 200) + 1}`);

describe('coupons at checkout', () => {
  const extraDbs: DB[] = [];
  afterEach(async () => {
    for (const db of extraDbs.splice(0)) await db.destroy();
  });

  it("takes the amount off its own shop's goods only, before tax and delivery, and keeps the snapshot everywhere", async () => {
    const env = createTestEnv();
    const eid = await createShop(env, { name: 'Eid Bazaar', currency: 'PKR', taxRate: '10', delivery: { fee: '200', freeFrom: '2,500', cities: [] } });
    const other = await createShop(env, { name: 'Other Shop', currency: 'PKR', delivery: { fee: '100', freeFrom: '', cities: [] } });
    const a = await createProduct(env, eid, { price: 300_000 });
    const b = await createProduct(env, other, { price: 300_000 });
    await makeCoupon(env, eid, { minOrder: '2,000' });
    const { orders } = await guest(env).orders.checkout({
      items: [line(a.id), line(b.id)],
      shipping: SHIPPING,
      coupons: [{ shopId: eid.id, code: 'eid500' }],
    });
    // 3,000 - 500 = 2,500: tax 250 on it, and it still reaches free delivery from 2,500. The other shop pays in full.
    expect(await ordersOf(env.db)).toEqual([
      { shop_name: 'Eid Bazaar', subtotal: 300_000, tax: 25_000, delivery_fee: 0, total: 275_000, coupon_code: 'EID500', coupon_type: 'amount', coupon_discount: 50_000 },
      { shop_name: 'Other Shop', subtotal: 300_000, tax: 0, delivery_fee: 10_000, total: 310_000, coupon_code: null, coupon_type: null, coupon_discount: 0 },
    ]);
    const text = decodeURIComponent(orders[0]!.whatsappUrl!.split('?text=')[1]!);
    expect(text).toContain(`Coupon EID500: −${formatMoney(50_000, 'PKR')}`);
    expect(text).toContain(`Total: ${formatMoney(275_000, 'PKR')}`);
    const tracked = await guest(env).orders.track({ orderNumber: orders[0]!.orderNumber });
    expect(tracked[0]).toMatchObject({ coupon: { code: 'EID500', type: 'amount', discount: 50_000 }, total: 275_000 });
    const byEmail = await guest(env).orders.track({ email: SHIPPING.email });
    expect(byEmail.find((o) => o.shopName === 'Eid Bazaar')).toMatchObject({ coupon: { code: 'EID500', discount: 50_000 } });
    const shopView = await env.as(eid.ownerId).shopOrders.list({});
    expect(shopView.items[0]).toMatchObject({ coupon: { code: 'EID500', discount: 50_000 }, total: 275_000 });
    const [slip] = await env.as(eid.ownerId).shopOrders.packingSlips({ orderIds: [orders[0]!.id] });
    expect(slip).toMatchObject({ total: 275_000, coupon: { code: 'EID500', type: 'amount', discount: 50_000 } });
    expect(await usedCount(env.db, 'EID500')).toBe(1);
    // Revenue counts the discounted total.
    const totals = await env.db.selectFrom('shop_order_totals').select('order_total').where('shop_id', '=', eid.id).execute();
    expect(totals.map((t) => Number(t.order_total))).toEqual([275_000]);
  });

  it('the threshold compares the goods after the coupon: a coupon below it brings the fee back; free delivery waives it', async () => {
    const env = createTestEnv();
    const shop = await createShop(env, { currency: 'PKR', delivery: { fee: '200', freeFrom: '3,000', cities: [] } });
    const p = await createProduct(env, shop, { price: 300_000, stock: 10 });
    await makeCoupon(env, shop, { code: 'TEN', type: 'percent', value: '10' });
    await makeCoupon(env, shop, { code: 'SHIP', type: 'free_delivery', value: '' });
    await guest(env).orders.checkout({ items: [line(p.id)], shipping: SHIPPING, coupons: [{ shopId: shop.id, code: 'TEN' }] });
    await guest(env).orders.checkout({ items: [line(p.id, 1)], shipping: { ...SHIPPING, city: 'Karachi' }, coupons: [] });
    const cheap = await createProduct(env, shop, { price: 10_000 });
    await guest(env).orders.checkout({ items: [line(cheap.id)], shipping: SHIPPING, coupons: [{ shopId: shop.id, code: 'SHIP' }] });
    expect(await ordersOf(env.db)).toMatchObject([
      { subtotal: 300_000, delivery_fee: 20_000, total: 290_000, coupon_code: 'TEN', coupon_discount: 30_000 },
      { subtotal: 300_000, delivery_fee: 0, total: 300_000, coupon_code: null },
      { subtotal: 10_000, delivery_fee: 0, total: 10_000, coupon_code: 'SHIP', coupon_type: 'free_delivery', coupon_discount: 20_000 },
    ]);
  });

  it('never takes more than the goods', async () => {
    const env = createTestEnv();
    const shop = await createShop(env, { currency: 'PKR' });
    const p = await createProduct(env, shop, { price: 20_000 });
    await makeCoupon(env, shop, { code: 'BIG', value: '5,000' });
    await guest(env).orders.checkout({ items: [line(p.id)], shipping: SHIPPING, coupons: [{ shopId: shop.id, code: 'BIG' }] });
    expect(await ordersOf(env.db)).toMatchObject([{ subtotal: 20_000, total: 0, coupon_discount: 20_000 }]);
  });

  it('refuses each unusable coupon with its message, naming the shop, and writes nothing', async () => {
    const env = createTestEnv();
    const shop = await createShop(env, { name: 'Eid Bazaar', currency: 'PKR' });
    const rival = await createShop(env, { name: 'Rival', currency: 'PKR' });
    const p = await createProduct(env, shop, { price: 100_000, stock: 5 });
    const r = await createProduct(env, rival, { price: 100_000, stock: 5 });
    await makeCoupon(env, shop, { code: 'ENDED', endsOn: '2026-06-09' });
    await makeCoupon(env, shop, { code: 'LATER', startsOn: '2026-06-11' });
    await makeCoupon(env, shop, { code: 'TODAY', startsOn: '2026-06-10', endsOn: '2026-06-10' });
    await makeCoupon(env, shop, { code: 'MIN', minOrder: '2,000' });
    await makeCoupon(env, shop, { code: 'OFF', isActive: false });
    await makeCoupon(env, shop, { code: 'ONE', maxUses: '1' });
    await makeCoupon(env, rival, { code: 'RIVAL500' });
    // Days are the marketplace's (Pakistan): 20:00 UTC on the 9th is already the 10th there.
    env.clock.now = new Date('2026-06-09T20:00:00Z');
    await guest(env).orders.checkout({ items: [line(p.id)], shipping: SHIPPING, coupons: [{ shopId: shop.id, code: 'ONE' }] });
    const before = { orders: await countRows(env.db, 'orders'), uses: await countRows(env.db, 'coupon_uses') };
    const attempt = (code: string, shopId = shop.id) =>
      guest(env).orders.checkout({ items: [line(p.id), line(r.id)], shipping: SHIPPING, coupons: [{ shopId, code }] });
    await expect(attempt('ENDED')).rejects.toThrow('Coupon ENDED has ended');
    await expect(attempt('LATER')).rejects.toThrow('Coupon LATER is not active yet');
    await expect(attempt('ONE')).rejects.toThrow('Coupon ONE has been used up');
    await expect(attempt('MIN')).rejects.toThrow(`Coupon MIN needs an order of ${formatMoney(200_000, 'PKR')} from Eid Bazaar`);
    await expect(attempt('OFF')).rejects.toThrow('There is no coupon OFF at Eid Bazaar');
    // Another shop's code typed into this shop's group, and a code no shop has.
    await expect(attempt('RIVAL500')).rejects.toThrow('There is no coupon RIVAL500 at Eid Bazaar');
    await expect(attempt('NOPE-123')).rejects.toThrow('There is no coupon NOPE-123 at Eid Bazaar');
    await expect(attempt('bad code!')).rejects.toThrow('Code must be 3-20 letters, digits or dashes');
    await expect(attempt('x'.repeat(21))).rejects.toThrow('Code must be 3-20 letters, digits or dashes');
    expect(await countRows(env.db, 'orders')).toBe(before.orders);
    expect(await countRows(env.db, 'coupon_uses')).toBe(before.uses);
    const stock = await env.db.selectFrom('products').select('stock_amount').where('id', 'in', [p.id, r.id]).orderBy('id').execute();
    expect(stock.map((s) => Number(s.stock_amount))).toEqual([4, 5]);
    // A coupon whose one day is today works all that day.
    await attempt('TODAY');
    expect(await usedCount(env.db, 'TODAY')).toBe(1);
  });

  it("a rival's code sent for the rival touches only the rival's lines; a code for a shop not in the cart is left out", async () => {
    const env = createTestEnv();
    const shop = await createShop(env, { name: 'Eid Bazaar', currency: 'PKR' });
    const rival = await createShop(env, { name: 'Rival', currency: 'PKR' });
    const absent = await createShop(env, { name: 'Absent', currency: 'PKR' });
    const p = await createProduct(env, shop, { price: 100_000 });
    const r = await createProduct(env, rival, { price: 100_000 });
    await makeCoupon(env, rival, { code: 'RIVAL500' });
    await makeCoupon(env, absent, { code: 'AWAY' });
    await guest(env).orders.checkout({
      items: [line(p.id), line(r.id)],
      shipping: SHIPPING,
      coupons: [{ shopId: rival.id, code: 'RIVAL500' }, { shopId: absent.id, code: 'AWAY' }],
    });
    expect(await ordersOf(env.db)).toMatchObject([
      { shop_name: 'Eid Bazaar', total: 100_000, coupon_code: null },
      { shop_name: 'Rival', total: 50_000, coupon_code: 'RIVAL500' },
    ]);
    expect(await usedCount(env.db, 'AWAY')).toBe(0);
  });

  it('ignores anything else the client sends about coupons: a discount or total in the input is dropped', async () => {
    const env = createTestEnv();
    const shop = await createShop(env, { currency: 'PKR' });
    const p = await createProduct(env, shop, { price: 100_000 });
    await makeCoupon(env, shop, { code: 'EID500' });
    const tampered = {
      items: [line(p.id)],
      shipping: SHIPPING,
      coupons: [{ shopId: shop.id, code: 'EID500', discount: 100_000, type: 'percent', value: 90 }],
      discount: 100_000,
      total: 1,
    };
    await guest(env).orders.checkout(tampered as never);
    expect(await ordersOf(env.db)).toMatchObject([{ total: 50_000, coupon_discount: 50_000 }]);
    await expect(guest(env).orders.checkout({ items: [line(p.id)], shipping: SHIPPING, coupons: [{ shopId: shop.id, code: 'EID500' }, { shopId: shop.id, code: 'EID500' }] })).rejects.toThrow('One coupon per shop');
  });

  it('once per buyer: by account, and for guests by email and by phone, each normalised', async () => {
    const env = createTestEnv();
    const shop = await createShop(env, { currency: 'PKR' });
    const p = await createProduct(env, shop, { price: 100_000, stock: 50 });
    await makeCoupon(env, shop, { code: 'ONCE', oncePerBuyer: true });
    const use = (caller: ReturnType<TestEnv['as']>, shipping: Partial<typeof SHIPPING>) =>
      caller.orders.checkout({ items: [line(p.id)], shipping: { ...SHIPPING, ...shipping }, coupons: [{ shopId: shop.id, code: 'ONCE' }] });
    await use(guest(env), { email: 'first@example.test', phone: '+92 300 1111111' });
    // The same phone written another way, with a new email: the same buyer.
    await expect(use(guest(env), { email: 'new@example.test', phone: '0300-111 1111' })).rejects.toThrow('You have already used coupon ONCE');
    // The same email in another case, with a new phone.
    await expect(use(guest(env), { email: ' FIRST@Example.test', phone: '+92 333 2222222' })).rejects.toThrow('You have already used coupon ONCE');
    // A signed-in buyer: by the account, whatever email and phone they type the second time.
    const buyer = await createUser(env, { roles: ['buyer'] });
    await use(env.as(buyer, '10.8.0.1'), { email: 'buyer@example.test', phone: '+92 345 3333333' });
    await expect(use(env.as(buyer, '10.8.0.2'), { email: 'other@example.test', phone: '+92 345 4444444' })).rejects.toThrow('You have already used coupon ONCE');
    await expect(env.as(buyer, '10.8.0.3').coupons.check({ shopId: shop.id, code: 'once' })).rejects.toThrow('You have already used coupon ONCE');
    // Somebody else entirely may.
    await use(guest(env), { email: 'third@example.test', phone: '+92 321 5555555' });
    expect(await usedCount(env.db, 'ONCE')).toBe(3);
  });

  it('a cancelled order gives its use back once (the buyer may use it again); the count never goes below zero', async () => {
    const env = createTestEnv();
    const shop = await createShop(env, { currency: 'PKR' });
    const p = await createProduct(env, shop, { price: 100_000, stock: 10 });
    await makeCoupon(env, shop, { code: 'ONE', maxUses: '1', oncePerBuyer: true });
    const buyer = await createUser(env, { roles: ['buyer'] });
    const use = () => env.as(buyer).orders.checkout({ items: [line(p.id)], shipping: SHIPPING, coupons: [{ shopId: shop.id, code: 'ONE' }] });
    const { orders } = await use();
    await expect(use()).rejects.toThrow('Coupon ONE has been used up');
    await env.as(buyer).orders.cancel({ orderId: orders[0]!.id });
    expect(await usedCount(env.db, 'ONE')).toBe(0);
    await expect(env.as(buyer).orders.cancel({ orderId: orders[0]!.id })).rejects.toThrow();
    expect(await usedCount(env.db, 'ONE')).toBe(0);
    // The cancelled order keeps its snapshot; the use is free again, for this buyer too.
    const second = await use();
    expect(await usedCount(env.db, 'ONE')).toBe(1);
    const mine = await env.as(buyer).orders.mine({});
    expect(mine.items.map((o) => [o.status, o.coupon?.code])).toEqual([
      ['pending', 'ONE'],
      ['cancelled', 'ONE'],
    ]);
    // The shop cancelling gives it back too.
    await env.as(shop.ownerId).shopOrders.changeStatus({ orderId: second.orders[0]!.id, status: 'cancelled' });
    expect(await usedCount(env.db, 'ONE')).toBe(0);
  });

  it('a returned order keeps its use (the goods came back, the coupon was spent); a delivered one too', async () => {
    const env = createTestEnv();
    const shop = await createShop(env, { currency: 'PKR' });
    const p = await createProduct(env, shop, { price: 100_000, stock: 10 });
    await makeCoupon(env, shop, { code: 'KEEP', maxUses: '5' });
    await createOrder(env, p, { coupon: 'KEEP', status: 'returned' });
    await createOrder(env, p, { coupon: 'KEEP', status: 'delivered' });
    await createOrder(env, p, { coupon: 'KEEP', status: 'cancelled' });
    expect(await usedCount(env.db, 'KEEP')).toBe(2);
    expect(await countRows(env.db, 'coupon_uses')).toBe(2);
  });

  it('20 concurrent checkouts for a coupon with 5 uses left sell exactly 5 (one pool; on SQLite one group commit)', async () => {
    const env = createTestEnv();
    const shop = await createShop(env, { currency: 'PKR' });
    const p = await createProduct(env, shop, { price: 100_000, stock: 100 });
    await makeCoupon(env, shop, { code: 'FIVE', maxUses: '7' });
    await guest(env).orders.checkout({ items: [line(p.id)], shipping: SHIPPING, coupons: [{ shopId: shop.id, code: 'FIVE' }] });
    await guest(env).orders.checkout({ items: [line(p.id)], shipping: SHIPPING, coupons: [{ shopId: shop.id, code: 'FIVE' }] });
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => guest(env).orders.checkout({ items: [line(p.id)], shipping: SHIPPING, coupons: [{ shopId: shop.id, code: 'FIVE' }] })),
    );
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    for (const r of refused) expect(String(r.reason.message)).toBe('Coupon FIVE has been used up');
    expect(await usedCount(env.db, 'FIVE')).toBe(7);
    expect(await countRows(env.db, 'orders')).toBe(7);
    expect(await countRows(env.db, 'coupon_uses')).toBe(7);
  });

  it('20 concurrent checkouts through two connections: 5 uses left sell exactly 5; 20 emails with one phone use "once per buyer" once', async () => {
    const env = createTestEnv();
    const shop = await createShop(env, { currency: 'PKR' });
    const p = await createProduct(env, shop, { price: 100_000, stock: 100 });
    await makeCoupon(env, shop, { code: 'FIVE', maxUses: '5' });
    await makeCoupon(env, shop, { code: 'ONCE', oncePerBuyer: true });
    const other = await secondHandle(env);
    extraDbs.push(other);
    const events = new AppEvents();
    const attempt = (db: DB, code: string, i: number) =>
      placeCheckout(db, events, {
        items: [line(p.id)],
        shipping: { ...SHIPPING, email: `buyer${i}@example.test`, phone: code === 'ONCE' ? (i % 2 ? '+92 300 1234567' : '0300 1234567') : `+92 300 00000${String(i).padStart(2, '0')}` },
        coupons: [{ shopId: shop.id, code }],
        buyerId: null,
        now: env.clock.now,
      });
    const five = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => attempt(i % 2 ? other : env.db, 'FIVE', i)));
    expect(five.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    for (const r of five) if (r.status === 'rejected') expect(String(r.reason.message)).toBe('Coupon FIVE has been used up');
    const once = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => attempt(i % 2 ? other : env.db, 'ONCE', i)));
    expect(once.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of once) if (r.status === 'rejected') expect(String(r.reason.message)).toBe('You have already used coupon ONCE');
    expect(await usedCount(env.db, 'FIVE')).toBe(5);
    expect(await usedCount(env.db, 'ONCE')).toBe(1);
    expect(await countRows(env.db, 'orders')).toBe(6);
  });
});
