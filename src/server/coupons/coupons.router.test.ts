import { describe, expect, it } from 'vitest';
import { MAX_COUPONS_PER_SHOP } from '../../shared/coupons';
import { formatMoney } from '../../shared/money';
import { MAX_PRICE_MINOR } from '../../shared/pricing';
import type { CouponFormInput } from '../../shared/schemas/coupon';
import { createProduct, createShop, SHIPPING } from '../testing/factories';
import { countRows, createTestEnv } from '../testing/test-app';

// A shop's coupons on /shop/coupons (issue 32): the owner's list, form, statuses and dashboard figures;
// bad input names its field and writes nothing; the cart's check is rate-limited per client.

const form = (c: Partial<CouponFormInput> = {}): CouponFormInput => ({
  code: 'eid500',
  type: 'amount',
  value: '500',
  minOrder: '2,000',
  startsOn: '',
  endsOn: '',
  maxUses: '50',
  oncePerBuyer: true,
  isActive: true,
  ...c,
});

const line = (productId: number) => ({ productId, quantity: 1, color: null, size: null });

describe('coupons for the shop owner', () => {
  it('creates a coupon in minor units, code upper case; lists it with its uses and status; edits and deletes it', async () => {
    const env = createTestEnv();
    const shop = await createShop(env, { currency: 'PKR' });
    const owner = env.as(shop.ownerId);
    const { id } = await owner.coupons.create({ coupon: form() });
    expect(await owner.coupons.list()).toEqual([
      {
        id,
        code: 'EID500',
        type: 'amount',
        value: 50_000,
        minOrder: 200_000,
        startsOn: null,
        endsOn: null,
        maxUses: 50,
        usedCount: 0,
        oncePerBuyer: true,
        isActive: true,
        status: 'active',
        deletable: true,
      },
    ]);
    await owner.coupons.update({ id, coupon: form({ type: 'percent', value: '15', minOrder: '', startsOn: '2026-06-05', maxUses: '' }) });
    expect((await owner.coupons.list())[0]).toMatchObject({ type: 'percent', value: 15, minOrder: null, maxUses: null, status: 'scheduled' });
    await owner.coupons.update({ id, coupon: form({ isActive: false }) });
    expect((await owner.coupons.list())[0]!.status).toBe('off');
    await owner.coupons.update({ id, coupon: form({ endsOn: '2026-05-31' }) });
    expect((await owner.coupons.list())[0]!.status).toBe('ended');
    await owner.coupons.delete({ id });
    expect(await owner.coupons.list()).toEqual([]);
  });

  it('refuses bad input with the message of its field, and writes nothing', async () => {
    const env = createTestEnv();
    const shop = await createShop(env, { currency: 'PKR' });
    const owner = env.as(shop.ownerId);
    await owner.coupons.create({ coupon: form() });
    const bad: Array<[Partial<CouponFormInput>, string]> = [
      [{ code: 'EID 500' }, 'Your shop already has a coupon EID500'],
      [{ code: 'EID$500' }, 'Code must be 3-20 letters, digits or dashes'],
      [{ code: 'AB' }, 'Code must be 3-20 letters, digits or dashes'],
      [{ code: 'Eid500' }, 'Your shop already has a coupon EID500'],
      [{ code: 'P0', type: 'percent', value: '0' }, 'Code must be 3-20 letters, digits or dashes'],
      [{ code: 'P00', type: 'percent', value: '0' }, 'Percent off must be a whole number from 1 to 90'],
      [{ code: 'P91', type: 'percent', value: '91' }, 'Percent off must be a whole number from 1 to 90'],
      [{ code: 'P-HALF', type: 'percent', value: '10.5' }, 'Percent off must be a whole number from 1 to 90'],
      [{ code: 'ZERO', value: '0' }, 'Amount off must be an amount above 0, like 500'],
      [{ code: 'HUGE', value: '999999999999' }, `Amount off must be at most ${formatMoney(MAX_PRICE_MINOR, 'PKR')}`],
      [{ code: 'MINX', minOrder: 'abc' }, 'Minimum order must be an amount above 0, or left empty'],
      [{ code: 'BACKWARDS', startsOn: '2026-07-10', endsOn: '2026-07-01' }, 'Ends must be on or after Starts'],
      [{ code: 'NODATE', startsOn: '2026-02-30' }, 'Enter a date like 2026-12-31'],
      [{ code: 'NOUSES', maxUses: '0' }, 'Total uses must be a whole number from 1 to 1,000,000, or left empty'],
    ];
    for (const [change, message] of bad) await expect(owner.coupons.create({ coupon: form(change) }), message).rejects.toThrow(message);
    expect(await countRows(env.db, 'coupons')).toBe(1);
  });

  it('keeps at most 200 coupons a shop', async () => {
    const env = createTestEnv();
    const shop = await createShop(env, { currency: 'PKR' });
    const now = env.clock.now.toISOString();
    const rows = Array.from({ length: MAX_COUPONS_PER_SHOP }, (_, i) => ({ shop_id: shop.id, code: `C${i}-X`, type: 'free_delivery' as const, value: 0, created_at: now, updated_at: now }));
    await env.db.insertInto('coupons').values(rows).execute();
    await expect(env.as(shop.ownerId).coupons.create({ coupon: form() })).rejects.toThrow(`A shop can keep at most ${MAX_COUPONS_PER_SHOP} coupons`);
  });

  it("a used coupon can be switched off, not deleted; another shop's coupon cannot be touched", async () => {
    const env = createTestEnv();
    const shop = await createShop(env, { currency: 'PKR' });
    const other = await createShop(env, { currency: 'PKR' });
    const p = await createProduct(env, shop, { price: 300_000 });
    const { id } = await env.as(shop.ownerId).coupons.create({ coupon: form() });
    await env.as(null).orders.checkout({ items: [line(p.id)], shipping: SHIPPING, coupons: [{ shopId: shop.id, code: 'EID500' }] });
    expect((await env.as(shop.ownerId).coupons.list())[0]).toMatchObject({ usedCount: 1, deletable: false });
    await expect(env.as(shop.ownerId).coupons.delete({ id })).rejects.toThrow('Coupon EID500 was used by orders: switch it off instead');
    await expect(env.as(other.ownerId).coupons.delete({ id })).rejects.toThrow('Coupon not found');
    await expect(env.as(other.ownerId).coupons.update({ id, coupon: form({ value: '1' }) })).rejects.toThrow('Coupon not found');
    expect(await env.as(other.ownerId).coupons.list()).toEqual([]);
    // The other shop may have its own EID500.
    await env.as(other.ownerId).coupons.create({ coupon: form() });
    expect(await countRows(env.db, 'coupons')).toBe(2);
  });

  it("shows the last 30 days' uses and discount per coupon on the dashboard, cancelled orders left out", async () => {
    const env = createTestEnv();
    const shop = await createShop(env, { currency: 'PKR' });
    const p = await createProduct(env, shop, { price: 300_000, stock: 20 });
    await env.as(shop.ownerId).coupons.create({ coupon: form({ oncePerBuyer: false }) });
    await env.as(shop.ownerId).coupons.create({ coupon: form({ code: 'TEN', type: 'percent', value: '10', minOrder: '', oncePerBuyer: false }) });
    const use = (code: string) => env.as(null).orders.checkout({ items: [line(p.id)], shipping: SHIPPING, coupons: [{ shopId: shop.id, code }] });
    // An order 31 days ago is outside the window.
    const today = env.clock.now;
    env.clock.now = new Date(today.getTime() - 31 * 24 * 3600_000);
    await use('EID500');
    env.clock.now = today;
    await use('EID500');
    await use('EID500');
    await use('TEN');
    const cancelled = await use('TEN');
    await env.as(shop.ownerId).shopOrders.changeStatus({ orderId: cancelled.orders[0]!.id, status: 'cancelled' });
    expect(await env.as(shop.ownerId).coupons.stats()).toEqual([
      { couponId: expect.any(Number), code: 'EID500', uses: 2, discount: 100_000, currency: 'PKR' },
      { couponId: expect.any(Number), code: 'TEN', uses: 1, discount: 30_000, currency: 'PKR' },
    ]);
  });

  it("follows the shop's currency: the amounts typed stay (PKR 500.00 becomes JPY 500), percents do not move", async () => {
    const env = createTestEnv();
    const shop = await createShop(env, { currency: 'PKR', whatsapp: '+923001234567' });
    const owner = env.as(shop.ownerId);
    await owner.coupons.create({ coupon: form() });
    await owner.coupons.create({ coupon: form({ code: 'TEN', type: 'percent', value: '10', minOrder: '' }) });
    await owner.shops.update({ name: shop.name, whatsappNumber: '+923001234567', currency: 'JPY', logoUrl: null, profilePictureUrl: null, coverImageUrl: null });
    const list = await owner.coupons.list();
    expect(list.map((c) => [c.code, c.value, c.minOrder])).toEqual([
      ['TEN', 10, null],
      ['EID500', 500, 2_000],
    ]);
  });

  it('takes a code typed with spaces, by the shop and by the buyer, without them (issue 53)', async () => {
    const env = createTestEnv();
    const shop = await createShop(env, { name: 'Eid Bazaar', currency: 'PKR' });
    const p = await createProduct(env, shop, { price: 100_000 });
    await env.as(shop.ownerId).coupons.create({ coupon: form({ code: 'eid 10', type: 'percent', value: '10', minOrder: '' }) });
    expect((await env.as(shop.ownerId).coupons.list()).map((c) => c.code)).toEqual(['EID10']);
    expect(await env.as(null).coupons.check({ shopId: shop.id, code: 'eid 10' })).toMatchObject({ code: 'EID10', type: 'percent', value: 10 });
    const placed = await env.as(null).orders.checkout({ items: [line(p.id)], shipping: SHIPPING, coupons: [{ shopId: shop.id, code: 'Eid 10' }] });
    const order = await env.db.selectFrom('orders').select(['coupon_code', 'coupon_discount']).where('id', '=', placed.orders[0]!.id).executeTakeFirstOrThrow();
    expect(order).toEqual({ coupon_code: 'EID10', coupon_discount: 10_000 });
  });

  it('the cart\'s check answers the terms of a usable code, refuses others, and is rate-limited per client', async () => {
    const env = createTestEnv();
    const shop = await createShop(env, { name: 'Eid Bazaar', currency: 'PKR' });
    await env.as(shop.ownerId).coupons.create({ coupon: form() });
    expect(await env.as(null).coupons.check({ shopId: shop.id, code: ' eid500 ' })).toEqual({
      shopId: shop.id,
      code: 'EID500',
      type: 'amount',
      value: 50_000,
      minOrder: 200_000,
    });
    await expect(env.as(null).coupons.check({ shopId: shop.id, code: 'GUESS1' })).rejects.toThrow('There is no coupon GUESS1 at Eid Bazaar');
    await expect(env.as(null).coupons.check({ shopId: 999_999, code: 'EID500' })).rejects.toThrow('Shop not found');
    const tries = await Promise.allSettled(Array.from({ length: 25 }, (_, i) => env.as(null, '10.7.0.1').coupons.check({ shopId: shop.id, code: `GUESS${i}` })));
    const limited = tries.filter((t) => t.status === 'rejected' && String(t.reason.message).startsWith('Too many coupon codes tried'));
    expect(limited.length).toBe(5);
    // Another client is not held up by it.
    await expect(env.as(null, '10.7.0.2').coupons.check({ shopId: shop.id, code: 'EID500' })).resolves.toMatchObject({ code: 'EID500' });
  });
});
