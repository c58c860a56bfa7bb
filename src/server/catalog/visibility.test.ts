import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createProduct, createReview, createShop, createUser, type ProductRef, type ShopRef } from '../testing/factories';
import { createTestEnv, type TestEnv } from '../testing/test-app';
import { DEFAULT_SITE } from '../../shared/site';
import { createShareHeadRenderer, privateHead, siteTags } from './share-head';

/** A page buyers may not see: no preview, no indexing, and the marketplace's own tags every page has. */
const privatePage = () => `${privateHead()}\n    ${siteTags(DEFAULT_SITE, 'en')}`;

/**
 * Hidden means hidden (product-decisions 2.10 and 4): a product switched off by its owner, taken down
 * by an admin, or in a shop taken down, is read by nobody but its owner and admins, whatever the read.
 */
let env: TestEnv;
let admin: number;
let reviewer: number;
let open: ShopRef;
let closed: ShopRef;
let visible: ProductRef;
let switchedOff: ProductRef;
let takenDown: ProductRef;
let inClosedShop: ProductRef;

beforeAll(async () => {
  env = createTestEnv();
  admin = await createUser(env, { roles: ['admin'] });
  reviewer = await createUser(env, { roles: ['buyer'] });
  open = await createShop(env, { name: 'Open Shop' });
  closed = await createShop(env, { name: 'Closed Shop' });
  const openCategory = await createCategory(env, open, 'Lamps');
  const closedCategory = await createCategory(env, closed, 'Secret Things');
  const hiddenOnly = await createCategory(env, open, 'Only Hidden');
  visible = await createProduct(env, open, { name: 'Visible Lamp', price: 1500, stock: 7, categoryId: openCategory.id });
  switchedOff = await createProduct(env, open, { name: 'Switched Off Lamp', price: 2500, stock: 3, categoryId: hiddenOnly.id });
  takenDown = await createProduct(env, open, { name: 'Taken Down Lamp', price: 3500, stock: 4, categoryId: hiddenOnly.id });
  inClosedShop = await createProduct(env, closed, { name: 'Closed Shop Lamp', price: 4500, stock: 5, categoryId: closedCategory.id });
  for (const product of [visible, switchedOff, takenDown, inClosedShop]) {
    await createReview(env, { user: reviewer, of: { product }, rating: 4, comment: `About ${product.name}` });
  }
  await createReview(env, { user: reviewer, of: { shop: closed }, rating: 2, comment: 'About the closed shop' });
  await env.as(open.ownerId).products.setActive({ id: switchedOff.id, active: false });
  await env.as(admin).admin.setProductActive({ id: takenDown.id, isActive: false });
  await env.as(admin).admin.setShopActive({ id: closed.id, isActive: false });
});
afterAll(async () => {
  await env.db.destroy();
});

const hidden = () => [switchedOff, takenDown, inClosedShop];

describe('catalog.cartLines', () => {
  it('reads a hidden product as unavailable, without its name, price or stock', async () => {
    const ids = [visible.id, ...hidden().map((p) => p.id), 999_999];
    const { products: lines, shops } = await env.as(null).catalog.cartLines({ productIds: ids });
    expect(shops.map((s) => s.id)).toEqual([visible.shopId]);
    expect(lines).toHaveLength(4);
    expect(lines.find((l) => l.id === visible.id)).toMatchObject({ name: 'Visible Lamp', price: 1500, stock: 7, available: true });
    for (const product of hidden()) expect(lines.find((l) => l.id === product.id)).toEqual({ id: product.id, available: false });
    expect(JSON.stringify(lines)).not.toMatch(/Switched Off|Taken Down|Closed Shop|2500|3500|4500/);
  });
});

describe('reviews', () => {
  it('of a hidden product or shop are read by nobody but its owner and admins', async () => {
    const guest = env.as(null);
    for (const product of hidden()) {
      await expect(guest.reviews.productReviews({ productId: product.id })).rejects.toThrow('Product not found');
      await expect(env.as(reviewer).reviews.productReviews({ productId: product.id })).rejects.toThrow('Product not found');
      expect((await env.as(admin).reviews.productReviews({ productId: product.id })).items).toHaveLength(1);
      expect((await env.as(product.ownerId).reviews.productReviews({ productId: product.id })).items).toHaveLength(1);
    }
    await expect(guest.reviews.shopReviews({ shopId: closed.id })).rejects.toThrow('Shop not found');
    expect((await env.as(closed.ownerId).reviews.shopReviews({ shopId: closed.id })).items).toHaveLength(1);
    expect((await guest.reviews.productReviews({ productId: visible.id })).items).toHaveLength(1);
    await expect(guest.reviews.productReviews({ productId: 999_999 })).rejects.toThrow('Product not found');
  });
});

describe('public reads', () => {
  it('leave hidden products and shops out of browse, filters, storefronts and pages', async () => {
    const guest = env.as(null);
    const browse = await guest.catalog.products({});
    expect(browse.items.map((p) => p.id)).toEqual([visible.id]);
    expect((await guest.catalog.shopOptions()).map((s) => s.id)).toEqual([open.id]);
    expect((await guest.catalog.filters()).categories.map((c) => c.name)).toEqual(['Lamps']);
    expect((await guest.catalog.shops({})).items.map((s) => s.id)).toEqual([open.id]);
    const storefront = await guest.catalog.shop({ slug: open.slug });
    expect(storefront.categories.map((c) => c.name)).toEqual(['Lamps']);
    expect((await guest.catalog.shopProducts({ shopId: open.id })).items.map((p) => p.id)).toEqual([visible.id]);
    expect((await guest.catalog.shopProducts({ shopId: closed.id })).items).toEqual([]);
    for (const product of hidden()) await expect(guest.catalog.product({ slug: product.slug })).rejects.toThrow('Product not found');
    await expect(guest.catalog.shop({ slug: closed.slug })).rejects.toThrow('Shop not found');
  });

  it('still show the owner and admins what is theirs to see', async () => {
    expect(await env.as(closed.ownerId).catalog.shop({ slug: closed.slug })).toMatchObject({ id: closed.id, isActive: false });
    expect(await env.as(admin).catalog.product({ slug: takenDown.slug })).toMatchObject({ id: takenDown.id, visibleToBuyers: false });
    expect(await env.as(open.ownerId).catalog.product({ slug: switchedOff.slug })).toMatchObject({ visibleToBuyers: false });
    await expect(env.as(closed.ownerId).catalog.product({ slug: takenDown.slug })).rejects.toThrow('Product not found');
  });

  it('give no link preview, and keep search engines away', async () => {
    const render = createShareHeadRenderer(env.db);
    for (const product of hidden()) expect(await render(`/product/${product.slug}`, 'http://x')).toBe(privatePage());
    expect(await render(`/shop/${closed.slug}`, 'http://x')).toBe(privatePage());
    expect(await render(`/product/${visible.slug}`, 'http://x')).toContain('Visible Lamp');
  });
});
