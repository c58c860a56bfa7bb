import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, createShop, createUser, SHIPPING } from '../testing/factories';
import { createTestEnv, type TestEnv } from '../testing/test-app';

/**
 * An admin's takedown is its own state (product-decisions 4): the owner's own active switch cannot
 * lift it, only an admin can; the owner is told "Hidden by an administrator", buyers see nothing.
 */
let env: TestEnv;
let admin: number;

beforeAll(async () => {
  env = createTestEnv();
  admin = await createUser(env, { roles: ['admin'] });
});
afterAll(async () => {
  await env.db.destroy();
});

const browseIds = async () => (await env.as(null).catalog.products({})).items.map((p) => p.id);
const line = (productId: number) => ({ productId, quantity: 1, color: null, size: null });

describe('an admin takedown of a product', () => {
  it('stays in force when the owner switches the product back on', async () => {
    const shop = await createShop(env);
    const product = await createProduct(env, shop, { name: 'Moderated Mug' });
    const owner = env.as(shop.ownerId);
    const guest = env.as(null);

    await env.as(admin).admin.setProductActive({ id: product.id, isActive: false });
    await owner.products.setActive({ id: product.id, active: false });
    const answer = await owner.products.setActive({ id: product.id, active: true });
    expect(answer).toMatchObject({ id: product.id, active: true, hiddenByAdmin: true });

    await expect(guest.catalog.product({ slug: product.slug })).rejects.toThrow('Product not found');
    expect(await browseIds()).not.toContain(product.id);
    expect(await guest.catalog.cartLines({ productIds: [product.id] })).toEqual({ products: [{ id: product.id, available: false }], shops: [], returnsPage: null });
    await expect(guest.orders.checkout({ items: [line(product.id)], shipping: SHIPPING })).rejects.toThrow('no longer available');

    // The owner still sees it, told why buyers do not.
    const listed = (await owner.products.list({})).items.find((p) => p.id === product.id);
    expect(listed).toMatchObject({ isActive: true, hiddenByAdmin: true });
    expect(await owner.products.byId({ id: product.id })).toMatchObject({ isActive: true, hiddenByAdmin: true });
    expect(await owner.catalog.product({ slug: product.slug })).toMatchObject({ id: product.id, visibleToBuyers: false });

    // The admin list shows the takedown as the admin's own Active/Inactive state.
    const moderated = (await env.as(admin).admin.products({ search: 'Moderated Mug' })).items[0];
    expect(moderated).toMatchObject({ id: product.id, isActive: false, ownerActive: true });

    await env.as(admin).admin.setProductActive({ id: product.id, isActive: true });
    expect((await guest.catalog.product({ slug: product.slug })).id).toBe(product.id);
    expect((await owner.products.byId({ id: product.id })).hiddenByAdmin).toBe(false);
  });

  it("does not override the owner's own switch when an admin restores it", async () => {
    const shop = await createShop(env);
    const product = await createProduct(env, shop, { isActive: false });
    await env.as(admin).admin.setProductActive({ id: product.id, isActive: false });
    await env.as(admin).admin.setProductActive({ id: product.id, isActive: true });
    await expect(env.as(null).catalog.product({ slug: product.slug })).rejects.toThrow('Product not found');
    expect((await env.as(shop.ownerId).products.byId({ id: product.id })).isActive).toBe(false);
  });
});

describe('an admin takedown of a shop', () => {
  it('hides the shop and its products until an admin restores it, whatever the owner saves', async () => {
    const shop = await createShop(env, { name: 'Closed Corner' });
    const product = await createProduct(env, shop);
    const owner = env.as(shop.ownerId);
    const guest = env.as(null);

    await env.as(admin).admin.setShopActive({ id: shop.id, isActive: false });
    const settings = await owner.shops.mine();
    await owner.shops.update({ ...settings!, description: 'Still here' });
    await owner.products.setActive({ id: product.id, active: true });

    await expect(guest.catalog.shop({ slug: shop.slug })).rejects.toThrow('Shop not found');
    await expect(guest.catalog.product({ slug: product.slug })).rejects.toThrow('Product not found');
    expect(await browseIds()).not.toContain(product.id);
    expect((await owner.shops.dashboard()).shop).toMatchObject({ id: shop.id, hiddenByAdmin: true });
    expect((await env.as(admin).admin.shops({ search: 'Closed Corner' })).items[0]).toMatchObject({ id: shop.id, isActive: false });

    await env.as(admin).admin.setShopActive({ id: shop.id, isActive: true });
    expect((await guest.catalog.shop({ slug: shop.slug })).id).toBe(shop.id);
    expect((await owner.shops.dashboard()).shop.hiddenByAdmin).toBe(false);
  });
});
