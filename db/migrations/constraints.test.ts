import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/server/testing/factories';
import { createTestEnv, type TestEnv } from '../../src/server/testing/test-app';

// The schema's own guarantees, which hold whatever the application code does.
let env: TestEnv;
let owner = 0;
let shopId = 0;
let productId = 0;

beforeAll(async () => {
  env = createTestEnv();
  owner = await createUser(env, { roles: ['shopkeeper'] });
  shopId = (
    await env.db
      .insertInto('shops')
      .values({ owner_id: owner, name: 'S', slug: 's', whatsapp_number: '1', currency: 'USD' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  productId = (
    await env.db
      .insertInto('products')
      .values({ shop_id: shopId, name: 'P', slug: 'p', selling_price: 100, currency: 'USD', stock_amount: 1, unit: 'pieces' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => {
  await env.db.destroy();
});

describe('schema constraints', () => {
  it('allows one shop per owner and unique slugs', async () => {
    await expect(
      env.db.insertInto('shops').values({ owner_id: owner, name: 'Again', slug: 'again', whatsapp_number: '1', currency: 'USD' }).execute(),
    ).rejects.toThrow(/UNIQUE/);
    const other = await createUser(env);
    await expect(
      env.db.insertInto('shops').values({ owner_id: other, name: 'Same slug', slug: 's', whatsapp_number: '1', currency: 'USD' }).execute(),
    ).rejects.toThrow(/UNIQUE/);
  });

  it('refuses negative prices and stock, unknown units and percentages over 100', async () => {
    const base = { shop_id: shopId, name: 'X', currency: 'USD', stock_amount: 1, unit: 'pieces' as const, selling_price: 1 };
    await expect(env.db.insertInto('products').values({ ...base, slug: 'a', selling_price: -1 }).execute()).rejects.toThrow(/CHECK/);
    await expect(env.db.insertInto('products').values({ ...base, slug: 'b', stock_amount: -1 }).execute()).rejects.toThrow(/CHECK/);
    // @ts-expect-error not a unit
    await expect(env.db.insertInto('products').values({ ...base, slug: 'c', unit: 'boxes' }).execute()).rejects.toThrow(/CHECK/);
    await expect(
      env.db.insertInto('products').values({ ...base, slug: 'd', discount_type: 'percent', discount_value: 101 }).execute(),
    ).rejects.toThrow(/CHECK/);
  });

  it('keeps ratings between 1 and 5 and one product review per user', async () => {
    const user = await createUser(env);
    await expect(env.db.insertInto('product_reviews').values({ product_id: productId, user_id: user, rating: 6, comment: null }).execute()).rejects.toThrow(/CHECK/);
    await expect(env.db.insertInto('shop_reviews').values({ shop_id: shopId, user_id: user, rating: 0, comment: null }).execute()).rejects.toThrow(/CHECK/);
    await env.db.insertInto('product_reviews').values({ product_id: productId, user_id: user, rating: 5, comment: null }).execute();
    await expect(env.db.insertInto('product_reviews').values({ product_id: productId, user_id: user, rating: 4, comment: null }).execute()).rejects.toThrow(/UNIQUE/);
  });

  it('refuses unknown order statuses and roles, and enforces foreign keys', async () => {
    const order = {
      order_number: 'ORD-20260101-0001-000001',
      buyer_id: null,
      shop_id: shopId,
      shop_name: 'S',
      shop_whatsapp: '1',
      currency: 'USD',
      buyer_name: 'A',
      buyer_email: 'a@b.c',
      buyer_phone: '1',
      ship_address: 'x',
      ship_city: 'y',
      ship_postal_code: 'z',
      subtotal: 0,
      total: 0,
    };
    // @ts-expect-error not a status
    await expect(env.db.insertInto('orders').values({ ...order, status: 'lost' }).execute()).rejects.toThrow(/CHECK/);
    await env.db.insertInto('orders').values(order).execute();
    await expect(env.db.insertInto('orders').values(order).execute()).rejects.toThrow(/UNIQUE/);
    // @ts-expect-error not a role
    await expect(env.db.insertInto('user_roles').values({ user_id: owner, role: 'root' }).execute()).rejects.toThrow(/CHECK/);
    await expect(env.db.insertInto('user_roles').values({ user_id: 987654, role: 'buyer' }).execute()).rejects.toThrow(/FOREIGN KEY/);
  });

  it('keeps one delivery rate per shop and city, a fee only where the shop delivers, and no negative amounts', async () => {
    const rate = { shop_id: shopId, city_key: 'lahore', city: 'Lahore', fee: 150, no_delivery: 0, position: 0 };
    await env.db.insertInto('shop_delivery_cities').values(rate).execute();
    await expect(env.db.insertInto('shop_delivery_cities').values({ ...rate, city: 'LAHORE', position: 1 }).execute()).rejects.toThrow(/unique|duplicate/i);
    const quetta = { ...rate, city_key: 'quetta', city: 'Quetta' };
    await expect(env.db.insertInto('shop_delivery_cities').values({ ...quetta, fee: -1 }).execute()).rejects.toThrow(/check/i);
    await expect(env.db.insertInto('shop_delivery_cities').values({ ...quetta, no_delivery: 1 }).execute()).rejects.toThrow(/check/i);
    await expect(env.db.insertInto('shop_delivery_cities').values({ ...quetta, fee: null }).execute()).rejects.toThrow(/check/i);
    await expect(env.db.updateTable('shops').set({ delivery_fee: -1 }).where('id', '=', shopId).execute()).rejects.toThrow(/check/i);
    await expect(env.db.updateTable('shops').set({ free_delivery_from: 0 }).where('id', '=', shopId).execute()).rejects.toThrow(/check/i);
  });
});
