import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_SIZE } from '../../shared/schemas/pagination';
import { createCategory, createOrder, createProduct, createReview, createShop, createUser, type ProductRef, type ShopRef } from '../testing/factories';
import { createTestEnv, type TestEnv } from '../testing/test-app';

/**
 * A list reads its page in a fixed number of queries, however many rows the page holds (issue 11):
 * each list endpoint runs once while every list holds one or two rows and again once each holds more
 * than a full page, while a plugin counts the statements it sends; the counts must be equal. A query
 * per row (a card's rating, an order's lines) would make the second count grow with the page.
 */

let env: TestEnv;
let statements = 0;
const counter: KyselyPlugin = {
  transformQuery(args) {
    statements += 1;
    return args.node;
  },
  transformResult: async (args) => args.result,
};

function as(userId: number | null) {
  return env.as(userId, undefined, env.db.withPlugin(counter));
}

interface World {
  admin: number;
  buyer: number;
  shop: ShopRef;
  categoryId: number;
  reviewed: ProductRef;
}
let world: World;

// Each list endpoint, called as whoever may call it; each returns a page (`items`) or a list.
const lists: { name: string; call: () => Promise<unknown> }[] = [
  { name: 'catalog.products', call: () => as(null).catalog.products({}) },
  { name: 'catalog.products, search', call: () => as(null).catalog.products({ search: 'lamp' }) },
  { name: 'catalog.products, search of 2 characters', call: () => as(null).catalog.products({ search: 'la' }) },
  { name: 'catalog.products, one shop', call: () => as(null).catalog.products({ shop: world.shop.slug }) },
  { name: 'catalog.shops', call: () => as(null).catalog.shops({}) },
  { name: 'catalog.shopProducts', call: () => as(null).catalog.shopProducts({ shopId: world.shop.id }) },
  { name: 'catalog.shopProducts, one category', call: () => as(null).catalog.shopProducts({ shopId: world.shop.id, categoryId: world.categoryId }) },
  { name: 'reviews.productReviews', call: () => as(null).reviews.productReviews({ productId: world.reviewed.id }) },
  { name: 'reviews.shopReviews', call: () => as(null).reviews.shopReviews({ shopId: world.shop.id }) },
  { name: 'orders.mine', call: () => as(world.buyer).orders.mine({}) },
  { name: 'orders.track by email', call: () => as(null).orders.track({ email: 'many@example.test' }) },
  { name: 'shopOrders.list', call: () => as(world.shop.ownerId).shopOrders.list({}) },
  { name: 'products.list', call: () => as(world.shop.ownerId).products.list({}) },
  { name: 'admin.users', call: () => as(world.admin).admin.users({}) },
  { name: 'admin.shops', call: () => as(world.admin).admin.shops({}) },
  { name: 'admin.products', call: () => as(world.admin).admin.products({}) },
];

const sizeOf = (result: unknown) => (Array.isArray(result) ? result.length : (result as { items: unknown[] }).items.length);

/** How many statements each list sends, and how many rows it answered. */
async function measure(): Promise<Map<string, { statements: number; rows: number }>> {
  const counts = new Map<string, { statements: number; rows: number }>();
  for (const { name, call } of lists) {
    statements = 0;
    const rows = sizeOf(await call());
    counts.set(name, { statements, rows });
  }
  return counts;
}

/** Adds `n` rows to every list: shops, products (with a picture and a review), orders, reviews. */
async function grow(n: number) {
  const { shop, buyer, categoryId, reviewed } = world;
  for (let i = 0; i < n; i += 1) {
    const other = await createShop(env, { logo: true });
    await createReview(env, { user: other.ownerId, of: { shop } });
    const reviewer = await createUser(env);
    await createReview(env, { user: reviewer, of: { product: reviewed } });
    await createReview(env, { user: reviewer, of: { shop: other } });
    const product = await createProduct(env, shop, { name: `Desk Lamp ${i}`, categoryId, images: 1, colors: ['#112233'], stock: 50 });
    await createOrder(env, [{ product, color: '#112233' }, { product: reviewed }], { buyer, status: 'confirmed' });
    await createOrder(env, [{ product, color: '#112233' }], { shipping: { email: 'many@example.test' } });
  }
}

let small: Map<string, { statements: number; rows: number }>;
let full: Map<string, { statements: number; rows: number }>;

beforeAll(async () => {
  env = createTestEnv();
  const admin = await createUser(env, { roles: ['admin'] });
  const buyer = await createUser(env);
  const shop = await createShop(env, { logo: true, cover: true });
  const category = await createCategory(env, shop, 'Lamps');
  const reviewed = await createProduct(env, shop, { name: 'Reviewed Lamp', images: 2, stock: 1000 });
  world = { admin, buyer, shop, categoryId: category.id, reviewed };
  await grow(1);
  small = await measure();
  await grow(PAGE_SIZE + 1);
  full = await measure();
}, 120_000);
afterAll(async () => {
  await env.db.destroy();
});

describe('list query counts', () => {
  it.each(lists.map((l) => l.name))('%s sends as many queries for a full page as for one row', (name) => {
    const few = small.get(name)!;
    const many = full.get(name)!;
    expect(few.rows).toBeGreaterThanOrEqual(1);
    expect(few.rows).toBeLessThanOrEqual(5);
    expect(many.rows).toBeGreaterThanOrEqual(PAGE_SIZE);
    expect(many.statements).toBe(few.statements);
  });
});
