import { CompiledQuery, type KyselyPlugin, type QueryId, type RootOperationNode } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createCategory, createOrder, createProduct, createReview, createShop, createSlider, createUser } from '../testing/factories';
import { createTestEnv, type TestEnv } from '../testing/test-app';
import { describeSqliteOnly } from '../testing/test-engine';

/**
 * Every list endpoint reads its page through an index that matches its filter and its order (issue 11):
 * each list runs through the real routers and repositories while a plugin records the queries it sends,
 * then SQLite's EXPLAIN QUERY PLAN of each is checked. No table has statistics (nothing runs ANALYZE),
 * so the planner chooses here as it does on the 20,000-product seed.
 */

interface Recorded {
  node: RootOperationNode;
  queryId: QueryId;
}

interface Plan {
  sql: string;
  lines: string[];
}

// Sorts that stay bounded by a page: an account's roles are read by a list of ids and put in order in
// memory (a page's order lines and status events need none: read by order, then id, through their
// order's index). The category strip reads the categories of the
// public shops through indexes (a few per shop: it grows with shops, not products) and sorts its groups,
// at most one per distinct slug; keeping it as a maintained table would need triggers on categories,
// products and shops for a read the response cache serves.
const BOUNDED_SORTS = [/from "user_roles"/, /group by "c"\."slug"/];

let env: TestEnv;
let recorded: Recorded[] = [];
const recorder: KyselyPlugin = {
  transformQuery(args) {
    recorded.push({ node: args.node, queryId: args.queryId });
    return args.node;
  },
  transformResult: async (args) => args.result,
};

function as(userId: number | null) {
  return env.as(userId, undefined, env.db.withPlugin(recorder));
}

/** The plan of every SELECT a call sent, one line per step. */
async function plansOf(call: () => Promise<unknown>): Promise<Plan[]> {
  recorded = [];
  await call();
  const plans: Plan[] = [];
  for (const { node, queryId } of recorded) {
    const query = env.db.getExecutor().compileQuery(node, queryId);
    if (!/^\s*select/i.test(query.sql)) continue;
    const result = await env.db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]));
    plans.push({ sql: query.sql, lines: result.rows.map((r) => r.detail) });
  }
  return plans;
}

interface Ids {
  admin: number;
  owner: number;
  buyer: number;
  shopId: number;
  shopSlug: string;
  categoryId: number;
  categorySlug: string;
  productId: number;
  productSlug: string;
  orderNumber: string;
}
let ids: Ids;

beforeAll(async () => {
  env = createTestEnv();
  const admin = await createUser(env, { roles: ['admin'] });
  const shop = await createShop(env);
  const category = await createCategory(env, shop, 'Lamps');
  const product = await createProduct(env, shop, { categoryId: category.id, images: 2, stock: 50 });
  await createProduct(env, shop);
  const buyer = await createUser(env);
  await createOrder(env, product, { buyer });
  const guestOrder = await createOrder(env, product, { status: 'confirmed' });
  await createReview(env, { user: buyer, of: { product } });
  await createReview(env, { user: buyer, of: { shop } });
  await createSlider(env, { admin });
  ids = {
    admin,
    owner: shop.ownerId,
    buyer,
    shopId: shop.id,
    shopSlug: shop.slug,
    categoryId: category.id,
    categorySlug: category.slug,
    productId: product.id,
    productSlug: product.slug,
    orderNumber: guestOrder.orderNumber,
  };
});
afterAll(async () => {
  await env.db.destroy();
});

// Each list, the index its page must be read through, and whether it walks a whole table in order
// (an admin's unfiltered list, or a count of every row): there `SCAN ... USING INDEX` is the plan.
const lists: { name: string; call: () => Promise<unknown>; index: string; wholeTable?: boolean; walksFullText?: boolean }[] = [
  { name: 'browse', call: () => as(null).catalog.products({}), index: 'products_active_created_idx' },
  { name: 'browse, one shop', call: () => as(null).catalog.products({ shop: ids.shopSlug }), index: 'products_shop_active_created_idx' },
  {
    name: 'browse, one shop and category',
    call: () => as(null).catalog.products({ shop: ids.shopSlug, category: ids.categorySlug }),
    index: 'products_shop_active_created_idx',
  },
  // A search reads its matches from the full-text index (FTS5 shows a MATCH as `VIRTUAL TABLE INDEX n:M`)
  // in the browse list's order, so the page's first matches end the read; no sort over every match.
  { name: 'browse, search', call: () => as(null).catalog.products({ search: 'DUCT' }), index: 'products_search' },
  // A term too short for a trigram walks the index's rows in list order (its LIKE is checked on each);
  // the walk ends once a page is found, and nothing sorts the matches.
  { name: 'browse, search of 2 characters', call: () => as(null).catalog.products({ search: 'pr' }), index: 'products_search', walksFullText: true },
  // With a shop filter too: the index holds each product's shop, so the term's and the shop's lists are
  // intersected in the index, still in order.
  { name: 'browse, search in one shop', call: () => as(null).catalog.products({ search: 'duct', shop: ids.shopSlug }), index: 'products_search' },
  { name: 'browse filters (category strip)', call: () => as(null).catalog.filters(), index: 'categories_shop_name_idx' },
  { name: 'browse shop options', call: () => as(null).catalog.shopOptions(), index: 'shops_active_name_idx' },
  { name: 'shop cards', call: () => as(null).catalog.shops({}), index: 'shops_active_created_idx' },
  { name: 'shop cards, search', call: () => as(null).catalog.shops({ search: 'shop' }), index: 'shops_active_created_idx' },
  { name: 'storefront (header, category badges)', call: () => as(null).catalog.shop({ slug: ids.shopSlug }), index: 'categories_shop_name_idx' },
  { name: 'storefront products', call: () => as(null).catalog.shopProducts({ shopId: ids.shopId }), index: 'products_shop_active_created_idx' },
  {
    name: 'storefront products, one category',
    call: () => as(null).catalog.shopProducts({ shopId: ids.shopId, categoryId: ids.categoryId }),
    index: 'products_category_active_created_idx',
  },
  { name: 'product reviews', call: () => as(null).reviews.productReviews({ productId: ids.productId }), index: 'product_reviews_product_created_idx' },
  { name: 'shop reviews', call: () => as(null).reviews.shopReviews({ shopId: ids.shopId }), index: 'shop_reviews_shop_created_idx' },
  { name: "a buyer's orders", call: () => as(ids.buyer).orders.mine({}), index: 'orders_buyer_created_idx' },
  { name: 'guest tracking by email', call: () => as(null).orders.track({ email: 'ayesha@example.test' }), index: 'orders_email_created_idx' },
  // The admin's order lookup (issue 30), across shops.
  { name: 'admin order lookup by email', call: () => as(ids.admin).admin.orders({ query: 'ayesha@example.test' }), index: 'orders_email_created_idx' },
  { name: 'admin order lookup by phone', call: () => as(ids.admin).admin.orders({ query: '+92 300 1234567' }), index: 'orders_phone_created_idx' },
  { name: 'guest tracking by number', call: () => as(null).orders.track({ orderNumber: ids.orderNumber }), index: 'sqlite_autoindex_orders_1' },
  { name: "a shop's orders", call: () => as(ids.owner).shopOrders.list({}), index: 'orders_shop_created_idx' },
  { name: "a shop's orders by status", call: () => as(ids.owner).shopOrders.list({ status: 'pending' }), index: 'orders_shop_status_created_idx' },
  { name: "a shop's products (owner)", call: () => as(ids.owner).products.list({}), index: 'products_shop_created_idx' },
  { name: "a shop's categories", call: () => as(ids.owner).categories.mine(), index: 'categories_shop_name_idx' },
  { name: 'admin users', call: () => as(ids.admin).admin.users({}), index: 'users_created_idx', wholeTable: true },
  { name: 'admin shops', call: () => as(ids.admin).admin.shops({}), index: 'shops_created_idx', wholeTable: true },
  { name: 'admin products', call: () => as(ids.admin).admin.products({}), index: 'products_created_idx', wholeTable: true },
  { name: 'sliders', call: () => as(null).sliders.listActive(), index: 'sliders_active_order_idx' },
  { name: 'admin sliders', call: () => as(ids.admin).sliders.adminList(), index: 'sliders_order_idx', wholeTable: true },
];

// A full-text MATCH: FTS5 reads it from its index (M in the plan's index string), though SQLite names it a scan.
const FULL_TEXT_MATCH = /^SCAN (\w+) VIRTUAL TABLE INDEX \d+:M/;
const FULL_TEXT_WALK = /^SCAN (\w+) VIRTUAL TABLE INDEX \d+:$/;

describeSqliteOnly('list query plans', () => {
  it.each(lists)('$name reads its page through $index, in order', async ({ call, index, wholeTable, walksFullText }) => {
    const plans = await plansOf(call);
    const fullText = (line: string) => (FULL_TEXT_MATCH.exec(line) ?? (walksFullText ? FULL_TEXT_WALK.exec(line) : null))?.[1];
    const readsThrough = (line: string) => line.includes(`INDEX ${index} `) || line.endsWith(`INDEX ${index}`) || fullText(line) === index;
    expect(plans.some((p) => p.lines.some(readsThrough))).toBe(true);
    for (const plan of plans) {
      const problems = plan.lines.filter(
        (line) =>
          (line.startsWith('SCAN ') && fullText(line) === undefined && !(wholeTable && / USING (COVERING )?INDEX /.test(line))) ||
          (line.startsWith('USE TEMP B-TREE FOR ORDER BY') && !BOUNDED_SORTS.some((re) => re.test(plan.sql))),
      );
      expect({ sql: plan.sql, problems }).toEqual({ sql: plan.sql, problems: [] });
    }
  });
});

// Ratings are read from the sums and counts kept beside each product and shop (migration
// 2026_11_24_010100), never aggregated from the reviews on a catalog read.
const ratedReads: { name: string; call: () => Promise<unknown> }[] = [
  { name: 'browse', call: () => as(null).catalog.products({}) },
  { name: 'browse, search', call: () => as(null).catalog.products({ search: 'duct' }) },
  { name: 'shop cards', call: () => as(null).catalog.shops({}) },
  { name: 'storefront', call: () => as(null).catalog.shop({ slug: ids.shopSlug }) },
  { name: 'storefront products', call: () => as(null).catalog.shopProducts({ shopId: ids.shopId }) },
  { name: 'product page', call: () => as(null).catalog.product({ slug: ids.productSlug }) },
];

describeSqliteOnly('catalog ratings', () => {
  it.each(ratedReads)('$name reads no review', async ({ call }) => {
    const plans = await plansOf(call);
    expect(plans.length).toBeGreaterThan(0);
    expect(plans.filter((p) => /_reviews"/.test(p.sql)).map((p) => p.sql)).toEqual([]);
  });
});

// Screens of counts read maintained totals (migration 2026_11_24_040000), never the rows they count:
// no table scanned, nothing grouped or sorted in a temporary B-tree, and no count over the rows counted.
const counts: { name: string; call: () => Promise<unknown>; notFrom: string[] }[] = [
  { name: "a shop's dashboard", call: () => as(ids.owner).shops.dashboard(), notFrom: ['orders'] },
  { name: 'admin counts', call: () => as(ids.admin).admin.stats(), notFrom: ['shops', 'products', 'profiles', 'users'] },
];

describeSqliteOnly('count query plans', () => {
  it.each(counts)('$name reads maintained totals', async ({ call, notFrom }) => {
    const plans = await plansOf(call);
    for (const plan of plans) {
      const problems = plan.lines.filter(
        (line) => line.startsWith('SCAN ') || (line.startsWith('USE TEMP B-TREE') && !BOUNDED_SORTS.some((re) => re.test(plan.sql))),
      );
      expect({ sql: plan.sql, problems }).toEqual({ sql: plan.sql, problems: [] });
    }
    // No count or sum over the rows counted (the tier reading the caller's account and shop is no count).
    const counted = plans.filter((p) => /\b(count|sum)\(/.test(p.sql) && notFrom.some((table) => p.sql.includes(`from "${table}"`)));
    expect(counted.map((p) => p.sql)).toEqual([]);
  });
});

// The operator's dashboard (issue 48) sums one month of the whole marketplace's orders: it reads that
// month's rows through an index, never the whole orders table (which grows with every order ever placed).
describeSqliteOnly("the admin dashboard's month", () => {
  it('reads only the month of orders, through their indexes', async () => {
    const plans = await plansOf(() => as(ids.admin).admin.month());
    const ofOrders = plans.filter((p) => /from "orders"/.test(p.sql));
    expect(ofOrders.length).toBeGreaterThanOrEqual(2);
    for (const plan of ofOrders) {
      const problems = plan.lines.filter((line) => /^SCAN orders\b/.test(line));
      expect({ sql: plan.sql, problems }).toEqual({ sql: plan.sql, problems: [] });
    }
  });
});
