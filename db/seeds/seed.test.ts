import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../../src/server/db/client';
import { countRows, createTestDb } from '../../src/server/testing/test-app';
import { describeImages, imageFiles } from '../../src/server/uploads/uploads.service';
import { bootstrapAdmin } from '../../src/server/users/users.service';
import { seedDemo } from './seed';

describe('npm run seed', () => {
  let db: DB;
  let uploadsDir = '';
  beforeAll(async () => {
    const fresh = createTestDb();
    db = fresh.db;
    uploadsDir = path.join(fresh.dir, 'uploads');
  });
  afterAll(async () => {
    await db.destroy();
  });

  it('fills a database that holds only the admin from ADMIN_EMAIL, once', async () => {
    const now = new Date('2026-06-01T12:00:00.000Z');
    // The server started once with ADMIN_EMAIL set; the seed then runs without it.
    await bootstrapAdmin(db, 'owner@example.test', 'owner-password', now);
    const counts = await seedDemo(db, { uploadsDir, now });
    expect(counts).toMatchObject({ shops: 4, products: 20, orders: 32, sliders: 3, pages: 4 });
    expect(await countRows(db, 'shops')).toBe(4);
    expect(await countRows(db, 'products')).toBe(20);
    expect(await countRows(db, 'orders')).toBe(32);

    expect(await seedDemo(db, { uploadsDir, now })).toBeNull();
    expect(await countRows(db, 'shops')).toBe(4);
  }, 60_000);

  it('gives the first shop coupons (one active percent, one used up, one free delivery) and orders that used them', async () => {
    const coupons = await db.selectFrom('coupons').select(['code', 'type', 'used_count', 'max_uses']).orderBy('id').execute();
    expect(coupons.map((c) => [c.code, c.type, Number(c.used_count), c.max_uses === null ? null : Number(c.max_uses)])).toEqual([
      ['EID10', 'percent', 1, null],
      ['LAUNCH300', 'amount', 2, 2],
      ['SHIPFREE', 'free_delivery', 1, null],
    ]);
    const used = await db.selectFrom('orders').select(['coupon_code', 'coupon_discount']).where('coupon_code', 'is not', null).execute();
    expect(used).toHaveLength(4);
    expect(used.every((o) => Number(o.coupon_discount) >= 0)).toBe(true);
  });

  it('gives most demo shops a delivery rule, and their orders pay it', async () => {
    const shops = await db.selectFrom('shops').select(['slug', 'delivery_fee', 'free_delivery_from']).orderBy('id').execute();
    expect(shops.filter((s) => s.delivery_fee !== null)).toHaveLength(3);
    expect(shops.filter((s) => s.free_delivery_from !== null).length).toBeGreaterThan(0);
    const cities = await db.selectFrom('shop_delivery_cities').select(['city', 'no_delivery']).execute();
    expect(cities.some((c) => c.no_delivery === 0) && cities.some((c) => c.no_delivery === 1)).toBe(true);
    const charged = await db.selectFrom('orders').select('id').where('delivery_fee', '>', 0).execute();
    expect(charged.length).toBeGreaterThan(0);
  });

  it('has products with stock per variant, with their own prices and SKUs, and orders that took from a variant', async () => {
    const perVariant = await db.selectFrom('products').select(['id', 'name', 'stock_amount']).where('stock_mode', '=', 'per_variant').execute();
    expect(perVariant.map((p) => p.name).sort()).toEqual(['Embroidered Lawn Kurta', 'Nova X Smartphone']);
    const variants = await db.selectFrom('product_variants').select(['product_id', 'stock', 'price', 'sku']).execute();
    expect(variants).toHaveLength(18);
    for (const p of perVariant) expect(variants.filter((v) => v.product_id === p.id).reduce((sum, v) => sum + v.stock, 0)).toBe(p.stock_amount);
    expect(variants.filter((v) => v.price !== null)).toHaveLength(6);
    expect(variants.every((v) => v.sku !== null)).toBe(true);
    expect(await db.selectFrom('order_items').select('id').where('variant_label', 'is not', null).execute()).not.toHaveLength(0);
  });

  it('shows the order after dispatch: couriers and tracking numbers, one returned order, one blocked number (issue 29)', async () => {
    const shipped = await db.selectFrom('orders').select(['courier', 'tracking_number']).where('status', 'in', ['shipped', 'delivered']).execute();
    expect(shipped.length).toBeGreaterThan(0);
    expect(shipped.every((o) => o.courier !== null)).toBe(true);
    expect(shipped.filter((o) => o.tracking_number !== null).length).toBeGreaterThan(0);
    expect(await db.selectFrom('orders').select('buyer_phone_key').where('status', '=', 'returned').execute()).toEqual([{ buyer_phone_key: '3450001122' }]);
    expect(await db.selectFrom('shop_blocked_phones').select(['phone_key', 'phone']).execute()).toEqual([{ phone_key: '3450001122', phone: '+92 345 0001122' }]);
  });

  it('has delivered orders whose cash is awaited and some whose cash is received (issue 30)', async () => {
    const delivered = await db.selectFrom('orders').select(['shop_id', 'cash_received_on', 'cash_reference']).where('status', '=', 'delivered').execute();
    const received = delivered.filter((o) => o.cash_received_on !== null);
    expect(received.length).toBeGreaterThan(0);
    expect(delivered.length - received.length).toBeGreaterThan(received.length);
    expect(received.every((o) => o.cash_reference?.startsWith('SLIP-'))).toBe(true);
  });

  it('has reviews with the "Verified buyer" badge, of a shop and of a product (issue 49)', async () => {
    const { rows } = await sql<{ shops: number; products: number }>`select
      (select count(*) from shop_reviews r where exists (select 1 from orders o where o.buyer_id = r.user_id and o.status = 'delivered' and o.shop_id = r.shop_id)) as shops,
      (select count(*) from product_reviews r where exists (select 1 from order_items oi inner join orders o on o.id = oi.order_id
        where o.buyer_id = r.user_id and o.status = 'delivered' and oi.product_id = r.product_id)) as products`.execute(db);
    expect(Number(rows[0]!.shops)).toBeGreaterThan(0);
    expect(Number(rows[0]!.products)).toBeGreaterThan(0);
  });

  it("has the operator's income (issue 48): two plans, commission at 5% on delivered orders, a Pro ending in 5 days and payments", async () => {
    const now = new Date('2026-06-01T12:00:00.000Z');
    expect((await db.selectFrom('billing_plans').select(['name', 'months', 'currency']).orderBy('months').execute()).map((p) => [p.name, Number(p.months), p.currency])).toEqual([
      ['Monthly', 1, 'PKR'],
      ['Yearly', 12, 'PKR'],
    ]);
    expect(Number((await db.selectFrom('billing_settings').select('commission_rate_bps').executeTakeFirstOrThrow()).commission_rate_bps)).toBe(500);
    // Each delivered order owes what checkout froze on it, 5% of its goods, by the shared rule.
    const delivered = await db.selectFrom('orders').select(['id', 'commission_rate_bps', 'commission', 'commission_base']).where('status', '=', 'delivered').execute();
    expect(delivered.length).toBeGreaterThan(0);
    const entries = await db.selectFrom('commission_entries').select(['order_id', 'amount']).execute();
    expect(entries.map((e) => Number(e.order_id)).sort()).toEqual(delivered.map((o) => Number(o.id)).sort());
    for (const order of delivered) {
      expect(Number(order.commission_rate_bps)).toBe(500);
      expect(Number(entries.find((e) => Number(e.order_id) === Number(order.id))!.amount)).toBe(Number(order.commission));
    }
    const sara = await db.selectFrom('shops').innerJoin('profiles', 'profiles.user_id', 'shops.owner_id').select(['shops.id', 'profiles.is_pro', 'profiles.pro_until']).where('shops.slug', '=', 'saras-boutique').executeTakeFirstOrThrow();
    const daysLeft = (Date.parse(sara.pro_until!) - now.getTime()) / 86_400_000;
    expect(sara.is_pro).toBe(1);
    expect(daysLeft).toBeGreaterThan(4);
    expect(daysLeft).toBeLessThanOrEqual(6);
    expect(await countRows(db, 'plan_payments')).toBe(1);
    const balance = await db.selectFrom('commission_balances').select(['owed', 'paid']).where('shop_id', '=', sara.id).executeTakeFirstOrThrow();
    expect(Number(balance.paid)).toBeGreaterThan(0);
    expect(Number(balance.paid)).toBeLessThan(Number(balance.owed));
  });

  it('has the demo buyer following a shop (issue 50)', async () => {
    const rows = await db.selectFrom('shop_follows').innerJoin('users', 'users.id', 'shop_follows.user_id').innerJoin('shops', 'shops.id', 'shop_follows.shop_id').select(['users.email', 'shops.slug']).execute();
    expect(rows).toEqual([{ email: 'buyer@demo.test', slug: 'gadget-hub' }]);
  });

  it("keeps the demo buyer's saved products and cart on the server, two shops in the cart (issue 50)", async () => {
    const buyer = await db.selectFrom('users').select('id').where('email', '=', 'buyer@demo.test').executeTakeFirstOrThrow();
    const saved = await db
      .selectFrom('saved_products')
      .innerJoin('products', 'products.id', 'saved_products.product_id')
      .select(['products.name', 'products.stock_amount', 'saved_products.saved_price', 'products.selling_price'])
      .where('saved_products.user_id', '=', buyer.id)
      .execute();
    expect(saved.map((s) => s.name).sort()).toEqual(['Chiffon Dupatta', 'Khussa Slippers', 'Leather Handbag', 'Studio Wireless Headphones']);
    // The handbag was saved before its discount: /saved says its price dropped.
    const handbag = saved.find((s) => s.name === 'Leather Handbag')!;
    expect(Number(handbag.saved_price)).toBe(Number(handbag.selling_price));
    expect(saved.find((s) => s.name === 'Khussa Slippers')!.stock_amount).toBe(0);
    const lines = await db
      .selectFrom('cart_lines')
      .innerJoin('products', 'products.id', 'cart_lines.product_id')
      .select(['products.name', 'products.shop_id', 'cart_lines.quantity'])
      .where('cart_lines.user_id', '=', buyer.id)
      .execute();
    expect(lines.map((l) => l.name).sort()).toEqual(['Chiffon Dupatta', 'Fitness Watch']);
    expect(new Set(lines.map((l) => l.shop_id)).size).toBe(2);
  });

  it('stores its images with their size and resized copies', async () => {
    const urls = (await db.selectFrom('uploads').select('url').execute()).map((r) => r.url);
    const described = await describeImages(db, { publicBaseUrl: null }, urls);
    const images = urls.map((url) => described.get(url)).filter((i) => i !== undefined);
    expect(images.length).toBeGreaterThan(20);
    expect(images.every((i) => i.width > 0 && i.height > 0 && i.widths.length > 0)).toBe(true);
    const files = images.flatMap((i) => imageFiles(i));
    expect(files.filter((url) => !fs.existsSync(path.join(uploadsDir, url.slice('/uploads/'.length))))).toEqual([]);
  });
});
