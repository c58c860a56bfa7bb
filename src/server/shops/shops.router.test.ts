import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, createUser, type TestEnv } from '../testing/test-app';
import { countRows, shopkeeperWithShop, uploadFor } from './shop-test-helpers';

let env: TestEnv;
beforeAll(() => {
  env = createTestEnv();
});
afterAll(async () => {
  await env.db.destroy();
});

const shopInput = (slug: string) => ({ name: 'Corner Store', slug, whatsappNumber: '+92 300 1234567', currency: 'pkr', taxRate: '17.5' });
const fileOf = (url: string) => path.join(env.config.uploadsDir, url.slice('/uploads/'.length));

describe('shops.create', () => {
  it('creates the shop with an upper-cased currency and tax in basis points', async () => {
    const owner = await createUser(env.db, { roles: ['shopkeeper'], trialStartAt: env.clock.now });
    const created = await env.as(owner).shops.create(shopInput('corner-store'));
    const row = await env.db.selectFrom('shops').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ owner_id: owner, currency: 'PKR', tax_rate_bps: 1750, slug: 'corner-store' });
  });

  it('allows one shop per owner, even for two concurrent creates', async () => {
    const owner = await createUser(env.db, { roles: ['shopkeeper'], trialStartAt: env.clock.now });
    const results = await Promise.allSettled([env.as(owner).shops.create(shopInput('race-a')), env.as(owner).shops.create(shopInput('race-b'))]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(rejected.reason.message).toBe('You already have a shop. Only one shop per user is allowed.');
    const shops = await env.db.selectFrom('shops').select('id').where('owner_id', '=', owner).execute();
    expect(shops).toHaveLength(1);
    await expect(env.as(owner).shops.create(shopInput('race-c'))).rejects.toThrow('You already have a shop. Only one shop per user is allowed.');
  });

  it('refuses a taken or reserved slug with a clear message', async () => {
    const owner = await createUser(env.db, { roles: ['shopkeeper'], trialStartAt: env.clock.now });
    const before = await countRows(env.db, 'shops');
    await expect(env.as(owner).shops.create(shopInput('corner-store'))).rejects.toThrow('This shop URL is already taken. Please choose another.');
    await expect(env.as(owner).shops.create(shopInput('dashboard'))).rejects.toThrow('This shop URL is reserved. Please choose another.');
    expect(await countRows(env.db, 'shops')).toBe(before);
  });

  it('refuses buyers, guests and expired trials; pro users never expire', async () => {
    const buyer = await createUser(env.db, { roles: ['buyer'] });
    await expect(env.as(buyer).shops.create(shopInput('buyer-shop'))).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(env.as(null).shops.create(shopInput('guest-shop'))).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    const started = new Date(env.clock.now.getTime() - 11 * 60_000);
    const expired = await createUser(env.db, { roles: ['shopkeeper'], trialStartAt: started });
    await expect(env.as(expired).shops.create(shopInput('late-shop'))).rejects.toThrow('Your 10-minute free trial has expired.');
    const pro = await createUser(env.db, { roles: ['shopkeeper'], trialStartAt: started, isPro: true });
    await env.as(pro).shops.create(shopInput('pro-shop'));
    const slugs = (await env.db.selectFrom('shops').select('slug').execute()).map((s) => s.slug);
    expect(slugs).toContain('pro-shop');
    expect(slugs).not.toContain('buyer-shop');
    expect(slugs).not.toContain('late-shop');
  });
});

describe('shops.dashboard and the trial', () => {
  it('starts an unset trial on the first check and expires it after the configured minutes', async () => {
    const owner = await createUser(env.db, { roles: ['shopkeeper'] });
    await env.db.insertInto('shops').values({ owner_id: owner, name: 'T', slug: 'trial-shop', whatsapp_number: '1555000', currency: 'USD' }).execute();
    const first = await env.as(owner).shops.dashboard();
    expect(first.trialExpired).toBe(false);
    const profile = await env.db.selectFrom('profiles').select('trial_start_at').where('user_id', '=', owner).executeTakeFirstOrThrow();
    expect(profile.trial_start_at).toBe(env.clock.now.toISOString());
    const saved = env.clock.now;
    try {
      env.clock.now = new Date(saved.getTime() + 10 * 60_000);
      expect((await env.as(owner).shops.dashboard()).trialExpired).toBe(false);
      env.clock.now = new Date(saved.getTime() + 10 * 60_000 + 1000);
      expect((await env.as(owner).shops.dashboard()).trialExpired).toBe(true);
      // Writes are refused by the server, so the dialog cannot be bypassed.
      await expect(env.as(owner).categories.create({ name: 'Late' })).rejects.toThrow('Your 10-minute free trial has expired.');
      expect(await env.db.selectFrom('categories').select('id').where('name', '=', 'Late').executeTakeFirst()).toBeUndefined();
    } finally {
      env.clock.now = saved;
    }
  });

  it('counts orders, revenue, products and low stock in SQL and fills 30 days', async () => {
    const { userId, shopId } = await shopkeeperWithShop(env, 'stats-shop');
    await env.db
      .insertInto('products')
      .values([
        { shop_id: shopId, name: 'A', slug: 'stats-a', selling_price: 100, currency: 'USD', stock_amount: 3, unit: 'pieces' },
        { shop_id: shopId, name: 'B', slug: 'stats-b', selling_price: 100, currency: 'USD', stock_amount: 50, unit: 'pieces' },
        { shop_id: shopId, name: 'C', slug: 'stats-c', selling_price: 100, currency: 'USD', stock_amount: 0, unit: 'pieces' },
      ])
      .execute();
    const order = (n: number, status: 'pending' | 'cancelled' | 'delivered', total: number, daysAgo: number) => ({
      order_number: `ORD-20260601-${String(n).padStart(4, '0')}-000000`,
      shop_id: shopId,
      shop_name: 'S',
      shop_whatsapp: '1',
      currency: 'USD',
      buyer_name: 'B',
      buyer_email: 'b@x.test',
      buyer_phone: '1',
      ship_address: 'a',
      ship_city: 'c',
      ship_postal_code: 'p',
      subtotal: total,
      total,
      status,
      created_at: new Date(env.clock.now.getTime() - daysAgo * 86_400_000).toISOString(),
    });
    await env.db.insertInto('orders').values([order(901, 'pending', 1000, 0), order(902, 'delivered', 2500, 2), order(903, 'cancelled', 9999, 2)]).execute();
    const data = await env.as(userId).shops.dashboard();
    expect(data).toMatchObject({ orders: 3, pendingOrders: 1, products: 3, lowStock: 1, outOfStock: 1 });
    expect(data.revenue).toEqual([{ currency: 'USD', total: 3500 }]);
    expect(data.series).toHaveLength(30);
    expect(data.series.at(-1)).toEqual({ day: '2026-06-01', orders: 1, revenue: 1000 });
    expect(data.series.at(-3)).toEqual({ day: '2026-05-30', orders: 2, revenue: 2500 });
  });

  it('gives the support link without ever returning the number alone', async () => {
    const owner = await createUser(env.db, { roles: ['shopkeeper'] });
    const { url } = await env.as(owner).shops.supportLink();
    expect(url).toMatch(/^https:\/\/wa\.me\/15550001111\?text=/);
  });
});

describe('shops.update', () => {
  it('saves settings and removes a replaced logo file', async () => {
    const { userId } = await shopkeeperWithShop(env, 'settings-shop');
    const first = await uploadFor(env, userId, '#111111');
    const second = await uploadFor(env, userId, '#222222');
    const base = { name: 'Renamed', description: 'New', contactEmail: 'Shop@Example.test', contactPhone: '', whatsappNumber: '+1 555 000 2222', profilePictureUrl: null, coverImageUrl: null };
    await env.as(userId).shops.update({ ...base, logoUrl: first.url });
    expect(fs.existsSync(fileOf(first.url))).toBe(true);
    await env.as(userId).shops.update({ ...base, logoUrl: second.url });
    expect(fs.existsSync(fileOf(first.url))).toBe(false);
    expect(fs.existsSync(fileOf(first.thumbUrl))).toBe(false);
    const mine = await env.as(userId).shops.mine();
    expect(mine).toMatchObject({ name: 'Renamed', contactEmail: 'shop@example.test', logoUrl: second.url });
  });

  it("refuses another user's upload and a buyer, changing nothing", async () => {
    const { userId } = await shopkeeperWithShop(env, 'careful-shop');
    const stranger = await createUser(env.db, { roles: ['shopkeeper'] });
    const theirs = await uploadFor(env, stranger);
    const input = { name: 'Hijack', description: '', contactEmail: '', contactPhone: '', whatsappNumber: '+1 555 000 2222', logoUrl: theirs.url, profilePictureUrl: null, coverImageUrl: null };
    await expect(env.as(userId).shops.update(input)).rejects.toThrow(/not uploaded by you/);
    const buyer = await createUser(env.db, { roles: ['buyer'] });
    await expect(env.as(buyer).shops.update({ ...input, logoUrl: null })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect((await env.as(userId).shops.mine())?.name).toBe('Shop careful-shop');
  });
});
