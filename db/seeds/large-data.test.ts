import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../src/server/auth/password';
import type { DB } from '../../src/server/db/client';
import { countRows, createTestDb } from '../../src/server/testing/test-app';
import { describeImages, imageFiles } from '../../src/server/uploads/uploads.service';
import { isOrderNumber } from '../../src/shared/order-number';
import { canTransition } from '../../src/shared/order-status';
import { DEMO_ACCOUNTS } from './accounts';
import { LARGE_GUEST_EMAIL, LARGE_KNOWN_SHOP_SLUG, seedLarge, type SeedScale } from './large-data';
import { parseScale } from './seed';

// The large seed's code at a tiny scale: the same rows and rules, counts small enough for a test.
const TINY: SeedScale = { shops: 3, products: 12, orders: 40, reviews: 30, users: 10, sliders: 2 };

describe('npm run seed -- --scale large', () => {
  let db: DB;
  let uploadsDir = '';
  beforeAll(async () => {
    const fresh = createTestDb();
    db = fresh.db;
    uploadsDir = path.join(fresh.dir, 'uploads');
    const counts = await seedLarge(db, {
      file: path.join(fresh.dir, 'db.sqlite'),
      uploadsDir,
      now: new Date('2026-06-01T12:00:00.000Z'),
      scale: TINY,
    });
    expect(counts).toEqual(TINY);
  }, 60_000);
  afterAll(async () => {
    await db.destroy();
  });

  const all = async <T>(query: string) => (await sql.raw<T>(query).execute(db)).rows;

  it('creates exactly the counts asked for', async () => {
    expect(await countRows(db, 'shops')).toBe(TINY.shops);
    expect(await countRows(db, 'products')).toBe(TINY.products);
    expect(await countRows(db, 'orders')).toBe(TINY.orders);
    expect((await countRows(db, 'product_reviews')) + (await countRows(db, 'shop_reviews'))).toBe(TINY.reviews);
    expect(await countRows(db, 'users')).toBe(TINY.users);
    expect(await countRows(db, 'sliders')).toBe(TINY.sliders);
  });

  it('shares a handful of images, each with its size and resized copies on disk', async () => {
    const urls = (await db.selectFrom('uploads').select('url').execute()).map((r) => r.url);
    const described = await describeImages(db, { publicBaseUrl: null }, urls);
    const images = urls.map((url) => described.get(url)).filter((i) => i !== undefined);
    expect(images.length).toBe(urls.length);
    expect(images.every((i) => i.width > 0 && i.height > 0 && i.widths.length > 0)).toBe(true);
    const files = images.flatMap((i) => imageFiles(i));
    expect(files.filter((url) => !fs.existsSync(path.join(uploadsDir, url.slice('/uploads/'.length))))).toEqual([]);
  });

  it('keeps every constraint and the database whole', async () => {
    expect(await all('pragma foreign_key_check')).toEqual([]);
    expect(await all('pragma integrity_check')).toEqual([{ integrity_check: 'ok' }]);
    expect(await all('select id from products where stock_amount < 0')).toEqual([]);
    // Reviews are unique per user and target (the schema's UNIQUE, checked here as data).
    expect(await all('select product_id from product_reviews group by product_id, user_id having count(*) > 1')).toEqual([]);
    expect(await all('select shop_id from shop_reviews group by shop_id, user_id having count(*) > 1')).toEqual([]);
    expect(await all('select p.id from products p join shops s on s.id = p.shop_id where p.currency != s.currency')).toEqual([]);
  });

  it('writes orders as checkout does: totals, shops, numbers and histories', async () => {
    const badTotals = await all(
      'select id from orders o where total != subtotal + tax + delivery_fee or subtotal != (select sum(line_total) from order_items i where i.order_id = o.id)',
    );
    expect(badTotals).toEqual([]);
    // Each order pays its shop's delivery rule: its flat fee, or nothing at or above its threshold.
    const badFees = await all(
      `select o.id from orders o join shops s on s.id = o.shop_id where o.delivery_basis is null
         or o.delivery_fee != case when s.free_delivery_from is not null and o.subtotal >= s.free_delivery_from then 0 else coalesce(s.delivery_fee, 0) end`,
    );
    expect(badFees).toEqual([]);
    expect((await all('select id from orders where delivery_fee > 0')).length).toBeGreaterThan(0);
    expect(await all('select id from order_items where line_total != unit_price * quantity')).toEqual([]);
    const foreignItems = await all(
      'select i.id from order_items i join orders o on o.id = i.order_id join products p on p.id = i.product_id where p.shop_id != o.shop_id or p.currency != o.currency',
    );
    expect(foreignItems).toEqual([]);

    const orders = await db.selectFrom('orders').select(['id', 'order_number', 'status', 'updated_at', 'buyer_id']).execute();
    expect(orders.every((o) => isOrderNumber(o.order_number))).toBe(true);
    expect(new Set(orders.map((o) => o.order_number)).size).toBe(orders.length);
    const events = await db.selectFrom('order_status_events').select(['order_id', 'status', 'actor_id', 'created_at']).orderBy('id').execute();
    for (const order of orders) {
      const history = events.filter((e) => e.order_id === order.id);
      expect(history[0]).toMatchObject({ status: 'pending', actor_id: order.buyer_id });
      for (let i = 1; i < history.length; i += 1) expect(canTransition(history[i - 1]!.status, history[i]!.status)).toBe(true);
      expect(history.at(-1)).toMatchObject({ status: order.status, created_at: order.updated_at });
    }
    // The day's sequence continues after the last number the seed gave.
    const sequences = await all<{ n: number }>(
      "select count(*) as n from orders o where cast(substr(order_number, 14, instr(substr(order_number, 14), '-') - 1) as integer) > (select last_value from order_number_sequences s where s.day = substr(o.order_number, 5, 8))",
    );
    expect(sequences).toEqual([{ n: 0 }]);
  });

  it("fills the search index and every product's and shop's ratings, as the app's writes do", async () => {
    const ratings = (owner: string, reviews: string, key: string) =>
      all(`select id from ${owner} o where rating_sum != coalesce((select sum(rating) from ${reviews} r where r.${key} = o.id), 0)
        or review_count != (select count(*) from ${reviews} r where r.${key} = o.id)`);
    expect(await ratings('products', 'product_reviews', 'product_id')).toEqual([]);
    expect(await ratings('shops', 'shop_reviews', 'shop_id')).toEqual([]);
    expect(await all('select count(*) as n from products_search')).toEqual([{ n: TINY.products }]);
  });

  it('keeps some products with options per variant, one row per combination, the total their sum', async () => {
    const perVariant = await all<{ id: number; colors: string; sizes: string; stock_amount: number }>(
      "select id, colors, sizes, stock_amount from products where stock_mode = 'per_variant'",
    );
    expect(perVariant.length).toBeGreaterThan(0);
    for (const p of perVariant) {
      const [row] = await all<{ n: number; total: number }>(`select count(*) as n, coalesce(sum(stock), 0) as total from product_variants where product_id = ${p.id}`);
      const colors = (JSON.parse(p.colors) as string[]).length;
      const sizes = (JSON.parse(p.sizes) as string[]).length;
      expect(row).toEqual({ n: Math.max(colors, 1) * Math.max(sizes, 1), total: p.stock_amount });
    }
  });

  it('has the known accounts the bench signs in with, and every account shares their passwords', async () => {
    const shop = await db.selectFrom('shops').innerJoin('users', 'users.id', 'shops.owner_id').select(['shops.id', 'users.email']).where('slug', '=', LARGE_KNOWN_SHOP_SLUG).executeTakeFirstOrThrow();
    expect(shop.email).toBe(DEMO_ACCOUNTS.shopkeepers[0].email);
    const known = await db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).where('shop_id', '=', shop.id).executeTakeFirstOrThrow();
    expect(Number(known.n)).toBeGreaterThanOrEqual(TINY.orders / 2);
    const guests = await db.selectFrom('orders').select('id').where('buyer_id', 'is', null).where('buyer_email', '=', LARGE_GUEST_EMAIL).execute();
    expect(guests.length).toBeGreaterThan(0);

    const hashes = await db.selectFrom('users').select(['email', 'password_hash']).execute();
    const hashOf = (email: string) => hashes.find((u) => u.email === email)!.password_hash;
    expect(await verifyPassword(DEMO_ACCOUNTS.admin.password, hashOf(DEMO_ACCOUNTS.admin.email))).toBe(true);
    expect(await verifyPassword(DEMO_ACCOUNTS.buyerPassword, hashOf('buyer1@large.test'))).toBe(true);
    expect(await verifyPassword(DEMO_ACCOUNTS.shopkeeperPassword, hashOf('keeper1@large.test'))).toBe(true);
  });
});

describe('the --scale flag', () => {
  it('reads demo by default, large when asked, and refuses anything else', () => {
    expect(parseScale([])).toBe('demo');
    expect(parseScale(['--scale', 'large'])).toBe('large');
    expect(parseScale(['--scale=demo'])).toBe('demo');
    expect(() => parseScale(['--scale', 'huge'])).toThrow('--scale must be demo or large, not huge');
  });
});
