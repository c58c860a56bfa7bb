import fs from 'node:fs';
import path from 'node:path';
import { type KyselyPlugin, SelectQueryNode } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_IN_USE } from '../sliders/sliders.service';
import { createProduct, createShop, createUser, uploadImage } from '../testing/factories';
import { countRows, createTestEnv, type TestEnv } from '../testing/test-app';
import { updateShopSettings } from './shops.service';

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
    const owner = await createUser(env, { roles: ['shopkeeper'], trialStartAt: env.clock.now });
    const created = await env.as(owner).shops.create(shopInput('corner-store'));
    const row = await env.db.selectFrom('shops').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ owner_id: owner, currency: 'PKR', tax_rate_bps: 1750, slug: 'corner-store' });
  });

  it('allows one shop per owner, even for two concurrent creates', async () => {
    const owner = await createUser(env, { roles: ['shopkeeper'], trialStartAt: env.clock.now });
    const results = await Promise.allSettled([env.as(owner).shops.create(shopInput('race-a')), env.as(owner).shops.create(shopInput('race-b'))]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(rejected.reason.message).toBe('You already have a shop. Only one shop per user is allowed.');
    const shops = await env.db.selectFrom('shops').select('id').where('owner_id', '=', owner).execute();
    expect(shops).toHaveLength(1);
    await expect(env.as(owner).shops.create(shopInput('race-c'))).rejects.toThrow('You already have a shop. Only one shop per user is allowed.');
  });

  it('refuses a taken or reserved slug with a clear message', async () => {
    const owner = await createUser(env, { roles: ['shopkeeper'], trialStartAt: env.clock.now });
    const before = await countRows(env.db, 'shops');
    await expect(env.as(owner).shops.create(shopInput('corner-store'))).rejects.toThrow('This shop URL is already taken. Please choose another.');
    await expect(env.as(owner).shops.create(shopInput('dashboard'))).rejects.toThrow('This shop URL is reserved. Please choose another.');
    expect(await countRows(env.db, 'shops')).toBe(before);
  });

  it('refuses buyers, guests and expired trials; pro users never expire', async () => {
    const buyer = await createUser(env, { roles: ['buyer'] });
    await expect(env.as(buyer).shops.create(shopInput('buyer-shop'))).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(env.as(null).shops.create(shopInput('guest-shop'))).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    const started = new Date(env.clock.now.getTime() - 11 * 60_000);
    const expired = await createUser(env, { roles: ['shopkeeper'], trialStartAt: started });
    await expect(env.as(expired).shops.create(shopInput('late-shop'))).rejects.toThrow('Your 10-minute free trial has expired.');
    const pro = await createUser(env, { roles: ['shopkeeper'], trialStartAt: started, isPro: true });
    await env.as(pro).shops.create(shopInput('pro-shop'));
    const slugs = (await env.db.selectFrom('shops').select('slug').execute()).map((s) => s.slug);
    expect(slugs).toContain('pro-shop');
    expect(slugs).not.toContain('buyer-shop');
    expect(slugs).not.toContain('late-shop');
  });
});

describe('shops.dashboard and the trial', () => {
  it('reports an unset trial without writing; users.startTrial starts it once; it expires after the configured minutes', async () => {
    const owner = await createUser(env, { roles: ['shopkeeper'], trialStartAt: null });
    await createShop(env, { owner, slug: 'trial-shop' });
    const trialStart = async () =>
      (await env.db.selectFrom('profiles').select('trial_start_at').where('user_id', '=', owner).executeTakeFirstOrThrow()).trial_start_at;
    const profileBefore = await env.db.selectFrom('profiles').selectAll().where('user_id', '=', owner).executeTakeFirstOrThrow();
    const first = await env.as(owner).shops.dashboard();
    expect(first).toMatchObject({ trialExpired: false, trialNotStarted: true });
    // A query never writes: the profile is exactly as it was.
    expect(await env.db.selectFrom('profiles').selectAll().where('user_id', '=', owner).executeTakeFirstOrThrow()).toEqual(profileBefore);

    await env.as(owner).users.startTrial();
    expect(await trialStart()).toBe(env.clock.now.toISOString());
    expect((await env.as(owner).shops.dashboard()).trialNotStarted).toBe(false);
    const saved = env.clock.now;
    try {
      env.clock.now = new Date(saved.getTime() + 10 * 60_000);
      await env.as(owner).users.startTrial();
      expect(await trialStart()).toBe(saved.toISOString());
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
    const { ownerId: userId, id: shopId } = await createShop(env, { slug: 'stats-shop' });
    await env.db
      .insertInto('products')
      .values([
        { shop_id: shopId, name: 'A', slug: 'stats-a', selling_price: 100, currency: 'USD', stock_amount: 3, unit: 'pieces' },
        { shop_id: shopId, name: 'B', slug: 'stats-b', selling_price: 100, currency: 'USD', stock_amount: 50, unit: 'pieces' },
        { shop_id: shopId, name: 'C', slug: 'stats-c', selling_price: 100, currency: 'USD', stock_amount: 0, unit: 'pieces' },
      ])
      .execute();
    const order = (n: number, status: 'pending' | 'cancelled' | 'delivered', total: number, daysAgo: number, currency = 'USD') => ({
      order_number: `ORD-20260601-${String(n).padStart(4, '0')}-000000`,
      shop_id: shopId,
      shop_name: 'S',
      shop_whatsapp: '1',
      currency,
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
    expect(data.series.at(-1)).toEqual({ day: '2026-06-01', orders: 1, revenue: { USD: 1000 } });
    // The chart leaves out cancelled (and returned) orders, as revenue does (product-decisions 6).
    expect(data.series.at(-3)).toEqual({ day: '2026-05-30', orders: 1, revenue: { USD: 2500 } });

    // Orders in another currency (from before the shop changed it): the chart and the stats agree.
    await env.db.insertInto('orders').values([order(904, 'delivered', 700, 0, 'EUR'), order(905, 'cancelled', 50, 1, 'EUR')]).execute();
    const mixed = await env.as(userId).shops.dashboard();
    expect(mixed.revenue).toEqual([
      { currency: 'USD', total: 3500 },
      { currency: 'EUR', total: 700 },
    ]);
    const chartTotals: Record<string, number> = {};
    for (const day of mixed.series) for (const [currency, total] of Object.entries(day.revenue)) chartTotals[currency] = (chartTotals[currency] ?? 0) + total;
    expect(chartTotals).toEqual({ USD: 3500, EUR: 700 });
    // Every order but the two cancelled ones is on the chart.
    expect(mixed.series.reduce((sum, d) => sum + d.orders, 0)).toBe(mixed.orders - 2);
    expect(mixed.series.at(-1)).toEqual({ day: '2026-06-01', orders: 2, revenue: { USD: 1000, EUR: 700 } });
  });

  it('gives the support link without ever returning the number alone', async () => {
    const owner = await createUser(env, { roles: ['shopkeeper'] });
    const { url } = await env.as(owner).shops.supportLink();
    expect(url).toMatch(/^https:\/\/wa\.me\/15550001111\?text=/);
  });
});

describe('shops.update', () => {
  it('saves settings and removes a replaced logo file', async () => {
    const { ownerId: userId } = await createShop(env, { slug: 'settings-shop' });
    const first = await uploadImage(env, userId, '#111111');
    const second = await uploadImage(env, userId, '#222222');
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
    const { ownerId: userId } = await createShop(env, { slug: 'careful-shop' });
    const stranger = await createUser(env, { roles: ['shopkeeper'] });
    const theirs = await uploadImage(env, stranger);
    const input = { name: 'Hijack', description: '', contactEmail: '', contactPhone: '', whatsappNumber: '+1 555 000 2222', logoUrl: theirs.url, profilePictureUrl: null, coverImageUrl: null };
    await expect(env.as(userId).shops.update(input)).rejects.toThrow(/not uploaded by you/);
    const buyer = await createUser(env, { roles: ['buyer'] });
    await expect(env.as(buyer).shops.update({ ...input, logoUrl: null })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect((await env.as(userId).shops.mine())?.name).toBe('Shop careful-shop');
  });

  it('checks and saves an image in one transaction, so a slider added meanwhile cannot take it too', async () => {
    const owner = await createUser(env, { roles: ['admin', 'shopkeeper'] });
    const shop = await createShop(env, { owner, slug: 'busy-shop' });
    const image = await uploadImage(env, owner, '#333333');
    // Right after the settings have checked that no slider uses the image, an admin adds a slider with it.
    let slider: Promise<unknown> | null = null;
    const checks = new Set<object>();
    const addSliderAfterTheCheck: KyselyPlugin = {
      transformQuery({ node, queryId }) {
        if (SelectQueryNode.is(node) && JSON.stringify(node.from).includes('"sliders"')) checks.add(queryId);
        return node;
      },
      async transformResult({ queryId, result }) {
        if (checks.delete(queryId) && !slider) {
          slider = env.as(owner).sliders.add({ imageUrl: image.url, redirectUrl: '/browse' });
          await Promise.race([slider.catch(() => null), new Promise((resolve) => setTimeout(resolve, 300))]);
        }
        return result;
      },
    };
    const settings = { name: 'Busy', description: '', contactEmail: '', contactPhone: '', whatsappNumber: '+1 555 000 2222', profilePictureUrl: null, coverImageUrl: null };
    await updateShopSettings(env.db.withPlugin(addSliderAfterTheCheck), env.config.storage, owner, shop.id, { ...settings, logoUrl: image.url }, env.clock.now);
    expect(slider).not.toBeNull();
    await expect(slider).rejects.toThrow(IMAGE_IN_USE);
    expect(await env.db.selectFrom('sliders').select('id').where('image_url', '=', image.url).executeTakeFirst()).toBeUndefined();
    expect((await env.as(owner).shops.mine())?.logoUrl).toBe(image.url);
  });

  it("changes the currency to one the app can format, with its products, and refuses anything else", async () => {
    const shop = await createShop(env, { slug: 'yen-shop', currency: 'USD' });
    const { ownerId } = shop;
    const product = await createProduct(env, shop, { price: 2500 });
    const productCurrency = async () => (await env.db.selectFrom('products').select('currency').where('id', '=', product.id).executeTakeFirstOrThrow()).currency;
    const settings = { name: 'Yen', description: '', contactEmail: '', contactPhone: '', whatsappNumber: '+1 555 000 2222', logoUrl: null, profilePictureUrl: null, coverImageUrl: null };
    await expect(env.as(ownerId).shops.update({ ...settings, currency: 'ABC' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'ABC is not a currency we can show. Choose one from the list, such as PKR or USD.',
    });
    expect((await env.as(ownerId).shops.mine())?.currency).toBe('USD');
    expect(await productCurrency()).toBe('USD');
    await env.as(ownerId).shops.update({ ...settings, currency: 'jpy' });
    expect((await env.as(ownerId).shops.mine())?.currency).toBe('JPY');
    expect(await productCurrency()).toBe('JPY');
    await env.as(ownerId).shops.update(settings);
    expect((await env.as(ownerId).shops.mine())?.currency).toBe('JPY');
  });
});
