import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_SIZE } from '../../shared/schemas/pagination';
import { createShop, createUser, uploadImage } from '../testing/factories';
import { setShopProductsCurrency } from './products.service';
import { countRows, createTestEnv, type TestEnv } from '../testing/test-app';

let env: TestEnv;
let owner = { userId: 0, shopId: 0 };
let rival = { userId: 0, shopId: 0 };
let buyer = 0;

beforeAll(async () => {
  env = createTestEnv();
  const [mine, theirs] = [await createShop(env, { slug: 'owner-shop' }), await createShop(env, { slug: 'rival-shop' })];
  owner = { userId: mine.ownerId, shopId: mine.id };
  rival = { userId: theirs.ownerId, shopId: theirs.id };
  buyer = await createUser(env, { roles: ['buyer'] });
});
afterAll(async () => {
  await env.db.destroy();
});

const fileOf = (url: string) => path.join(env.config.uploadsDir, url.slice('/uploads/'.length));
const base = { name: 'Linen Shirt', sellingPrice: '25.00', stockAmount: '12', unit: 'pieces' as const };

async function productRow(id: number) {
  return env.db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst();
}

describe('products.create', () => {
  it('stores every field in minor units with sanitized HTML, images and a timestamped slug', async () => {
    const a = await uploadImage(env, owner.userId, '#aa0000');
    const b = await uploadImage(env, owner.userId, '#00aa00');
    const category = await env.as(owner.userId).categories.create({ name: 'Shirts' });
    const created = await env.as(owner.userId).products.create({
      ...base,
      brand: 'Acme',
      categoryId: category.id,
      descriptionHtml: '<p onclick="x()">Soft <strong>linen</strong><script>alert(1)</script></p>',
      purchasePrice: '10.5',
      colors: ['#FF0000', '#0000ff'],
      sizes: ['S', 'M'],
      customFields: [{ name: 'Material', value: 'Linen' }, { name: '', value: 'dropped' }],
      images: [{ url: a.url, isPrimary: false }, { url: b.url, isPrimary: true }],
      manufacturingDate: '2026-01-01',
      expiryDate: '2027-01-01',
      discountType: 'percent',
      discountValue: '20',
    });
    expect(created.slug).toBe(`linen-shirt-${env.clock.now.getTime()}`);
    const row = await productRow(created.id);
    expect(row).toMatchObject({
      shop_id: owner.shopId,
      selling_price: 2500,
      purchase_price: 1050,
      stock_amount: 12,
      colors: '["#ff0000","#0000ff"]',
      sizes: '["S","M"]',
      custom_fields: '[{"name":"Material","value":"Linen"}]',
      discount_type: 'percent',
      discount_value: 20,
      category_id: category.id,
    });
    expect(row?.description_html).toBe('<p>Soft <strong>linen</strong></p>');
    const images = await env.db.selectFrom('product_images').selectAll().where('product_id', '=', created.id).orderBy('position').execute();
    expect(images.map((i) => [i.url, i.position, i.is_primary])).toEqual([
      [a.url, 0, 0],
      [b.url, 1, 1],
    ]);
    const list = await env.as(owner.userId).products.list({});
    expect(list.items[0]).toMatchObject({ id: created.id, sellingPrice: 2500, price: 2000, stock: 12, isActive: true, thumbUrl: b.thumbUrl, category: 'Shirts' });
    const form = await env.as(owner.userId).products.byId({ id: created.id });
    expect(form).toMatchObject({ sellingPrice: 2500, colors: ['#ff0000', '#0000ff'], sizes: ['S', 'M'], discount: { type: 'percent', value: 20 } });
  });

  it('refuses bad input with a clear message and writes nothing', async () => {
    const before = { products: await countRows(env.db, 'products'), images: await countRows(env.db, 'product_images') };
    const five = await Promise.all([1, 2, 3, 4, 5].map((n) => uploadImage(env, owner.userId, `#0${n}0${n}0${n}`)));
    const me = env.as(owner.userId).products;
    await expect(me.create({ ...base, images: five.map((f) => ({ url: f.url, isPrimary: false })) })).rejects.toThrow('Maximum 4 images allowed');
    await expect(me.create({ ...base, sellingPrice: '-5' })).rejects.toThrow(/Selling price must be/);
    await expect(me.create({ ...base, sellingPrice: 'ten' })).rejects.toThrow(/Selling price must be/);
    await expect(me.create({ ...base, stockAmount: '-1' })).rejects.toThrow('Stock must be a whole number of 0 or more');
    await expect(me.create({ ...base, discountType: 'fixed', discountValue: '30' })).rejects.toThrow('A fixed discount cannot be larger than the selling price');
    const theirs = await uploadImage(env, rival.userId);
    await expect(me.create({ ...base, images: [{ url: theirs.url, isPrimary: true }] })).rejects.toThrow(/not uploaded by you/);
    const used = await uploadImage(env, owner.userId, '#0a0b0c');
    await me.create({ ...base, name: 'Holder', images: [{ url: used.url, isPrimary: true }] });
    const afterHolder = await countRows(env.db, 'products');
    await expect(me.create({ ...base, images: [{ url: used.url, isPrimary: true }] })).rejects.toThrow(/already used elsewhere/);
    expect(await countRows(env.db, 'products')).toBe(afterHolder);
    before.products = afterHolder;
    before.images += 1;
    const rivalCategory = await env.as(rival.userId).categories.create({ name: 'Theirs' });
    await expect(me.create({ ...base, categoryId: rivalCategory.id })).rejects.toThrow('Choose one of your own categories');
    expect(await countRows(env.db, 'products')).toBe(before.products);
    expect(await countRows(env.db, 'product_images')).toBe(before.images);
  });

  it('gives an image to one of the products saved with it at the same moment (several connections on PostgreSQL)', async () => {
    const image = await uploadImage(env, owner.userId, '#123456');
    const other = await env.as(owner.userId).products.create({ ...base, name: 'Other' });
    const me = env.as(owner.userId).products;
    const images = [{ url: image.url, isPrimary: true }];
    const results = await Promise.allSettled([
      me.create({ ...base, name: 'Twin one', images }),
      me.create({ ...base, name: 'Twin two', images }),
      me.update({ id: other.id, product: { ...base, name: 'Other', images } }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect(String(r.reason.message)).toMatch(/already used elsewhere/);
    expect(await env.db.selectFrom('product_images').select('product_id').where('url', '=', image.url).execute()).toHaveLength(1);
  });

  it('refuses buyers and guests', async () => {
    await expect(env.as(buyer).products.create(base)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(env.as(null).products.list({})).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(env.as(buyer).products.list({})).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe("another shop's product", () => {
  it('cannot be read, changed, toggled or deleted by a rival shopkeeper or a buyer', async () => {
    const image = await uploadImage(env, owner.userId);
    const { id } = await env.as(owner.userId).products.create({ ...base, images: [{ url: image.url, isPrimary: true }] });
    const before = await productRow(id);
    const rivalApi = env.as(rival.userId).products;
    await expect(rivalApi.byId({ id })).rejects.toThrow('Product not found');
    await expect(rivalApi.update({ id, product: { ...base, name: 'Stolen' } })).rejects.toThrow('Product not found');
    await expect(rivalApi.setActive({ id, active: false })).rejects.toThrow('Product not found');
    await expect(rivalApi.delete({ id })).rejects.toThrow('Product not found');
    await expect(env.as(buyer).products.delete({ id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect((await rivalApi.list({})).items.map((p) => p.id)).not.toContain(id);
    expect(await productRow(id)).toEqual(before);
    expect(fs.existsSync(fileOf(image.url))).toBe(true);
  });
});

describe('products.update and delete', () => {
  it('replaces fields and images, removing the files of dropped images', async () => {
    const a = await uploadImage(env, owner.userId, '#123456');
    const b = await uploadImage(env, owner.userId, '#654321');
    const c = await uploadImage(env, owner.userId, '#abcdef');
    const me = env.as(owner.userId).products;
    const { id } = await me.create({ ...base, images: [{ url: a.url, isPrimary: true }, { url: b.url, isPrimary: false }] });
    await me.update({
      id,
      product: { ...base, name: 'Linen Shirt v2', sellingPrice: '30', discountType: 'fixed', discountValue: '5', images: [{ url: b.url, isPrimary: true }, { url: c.url, isPrimary: false }] },
    });
    const row = await productRow(id);
    expect(row).toMatchObject({ name: 'Linen Shirt v2', selling_price: 3000, discount_type: 'fixed', discount_value: 500 });
    const images = await env.db.selectFrom('product_images').select(['url', 'is_primary']).where('product_id', '=', id).orderBy('position').execute();
    expect(images).toEqual([
      { url: b.url, is_primary: 1 },
      { url: c.url, is_primary: 0 },
    ]);
    expect(fs.existsSync(fileOf(a.url))).toBe(false);
    expect(fs.existsSync(fileOf(b.url))).toBe(true);

    // A bad edit changes nothing.
    await expect(me.update({ id, product: { ...base, sellingPrice: '-1' } })).rejects.toThrow(/Selling price/);
    expect((await productRow(id))?.selling_price).toBe(3000);

    await me.setActive({ id, active: false });
    expect((await productRow(id))?.is_active).toBe(0);

    await me.delete({ id });
    expect(await productRow(id)).toBeUndefined();
    expect(fs.existsSync(fileOf(b.url))).toBe(false);
    expect(fs.existsSync(fileOf(c.thumbUrl))).toBe(false);
    expect(await env.db.selectFrom('uploads').select('id').where('url', 'in', [b.url, c.url]).execute()).toEqual([]);
  });
});

describe('products.list search', () => {
  it('finds by name, case-insensitively, treating % and _ literally', async () => {
    const me = env.as(owner.userId).products;
    await me.create({ ...base, name: 'Silk Scarf 100%' });
    await me.create({ ...base, name: 'Wool_Hat' });
    expect((await me.list({ search: 'silk' })).items.map((p) => p.name)).toEqual(['Silk Scarf 100%']);
    expect((await me.list({ search: '100%' })).items.map((p) => p.name)).toEqual(['Silk Scarf 100%']);
    expect((await me.list({ search: '_' })).items.map((p) => p.name)).toEqual(['Wool_Hat']);
    expect((await env.as(rival.userId).products.list({ search: 'silk' })).items).toEqual([]);
  });
});

describe('products.discardUnsavedImages', () => {
  it("removes only the caller's own uploads that nothing points at", async () => {
    const loose = await uploadImage(env, owner.userId, '#101010');
    const kept = await uploadImage(env, owner.userId, '#202020');
    const theirs = await uploadImage(env, rival.userId, '#303030');
    await env.as(owner.userId).products.create({ ...base, name: 'Keeper', images: [{ url: kept.url, isPrimary: true }] });
    const result = await env.as(owner.userId).products.discardUnsavedImages({ urls: [loose.url, kept.url, theirs.url] });
    expect(result.removed).toBe(1);
    expect(fs.existsSync(fileOf(loose.url))).toBe(false);
    expect(fs.existsSync(fileOf(kept.url))).toBe(true);
    expect(fs.existsSync(fileOf(theirs.url))).toBe(true);
  });
});

describe('categories', () => {
  it('creates categories per shop with the spec messages', async () => {
    const api = env.as(owner.userId).categories;
    await expect(api.create({ name: '   ' })).rejects.toThrow('Please enter a category name');
    const made = await api.create({ name: 'Summer Wear' });
    expect(made.slug).toBe('summer-wear');
    await expect(api.create({ name: 'summer wear' })).rejects.toThrow('A category with this name already exists');
    expect((await api.mine()).map((c) => c.name)).toContain('Summer Wear');
    expect((await env.as(rival.userId).categories.mine()).map((c) => c.name)).not.toContain('Summer Wear');
    await expect(env.as(buyer).categories.create({ name: 'X' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('products.list paging', () => {
  it('answers no next page after exactly one page of products', async () => {
    const own = createTestEnv();
    const shop = await createShop(own, { slug: 'paging-shop' });
    for (let i = 0; i < PAGE_SIZE; i += 1) await own.as(shop.ownerId).products.create({ ...base, name: `Item ${i}` });
    const first = await own.as(shop.ownerId).products.list({});
    expect(first.items).toHaveLength(PAGE_SIZE);
    expect(first.total).toBe(PAGE_SIZE);
    expect(first.nextCursor).toBeNull();

    await own.as(shop.ownerId).products.create({ ...base, name: 'One more' });
    const again = await own.as(shop.ownerId).products.list({});
    expect(again.nextCursor).toBe(PAGE_SIZE);
    const second = await own.as(shop.ownerId).products.list({ cursor: again.nextCursor });
    expect(second.items).toHaveLength(1);
    expect(second.nextCursor).toBeNull();
    await own.db.destroy();
  });
});

describe("a product's currency", () => {
  it("is its shop's currency, with prices in that currency's minor units (a JPY shop)", async () => {
    const yen = await createShop(env, { slug: 'yen-shop', currency: 'JPY' });
    const me = env.as(yen.ownerId).products;
    await expect(me.create({ ...base, sellingPrice: '1500.5' })).rejects.toThrow(/Selling price must be/);
    const { id, slug } = await me.create({ ...base, sellingPrice: '1500', discountType: 'fixed', discountValue: '500' });
    expect(await productRow(id)).toMatchObject({ currency: 'JPY', selling_price: 1500, discount_value: 500 });
    expect(await me.byId({ id })).toMatchObject({ currency: 'JPY', sellingPrice: 1500 });
    expect((await me.list({})).items[0]).toMatchObject({ id, currency: 'JPY', sellingPrice: 1500, price: 1000 });
    expect(await env.as(null).catalog.product({ slug })).toMatchObject({ currency: 'JPY', sellingPrice: 1500, price: 1000 });

    await me.update({ id, product: { ...base, sellingPrice: '2000' } });
    expect(await productRow(id)).toMatchObject({ currency: 'JPY', selling_price: 2000 });
  });
});

describe('setShopProductsCurrency', () => {
  it("moves a shop's products to its new currency, keeping the amounts typed", async () => {
    const shop = await createShop(env, { slug: 'switching-shop', currency: 'USD' });
    const me = env.as(shop.ownerId).products;
    const { id } = await me.create({ ...base, sellingPrice: '25.50', purchasePrice: '10', discountType: 'fixed', discountValue: '5' });
    const other = await me.create({ ...base, name: 'Percent', discountType: 'percent', discountValue: '10' });
    await env.db.transaction().execute((trx) => setShopProductsCurrency(trx, shop.id, 'JPY', env.clock.now));
    expect(await productRow(id)).toMatchObject({ currency: 'JPY', selling_price: 26, purchase_price: 10, discount_value: 5 });
    expect(await productRow(other.id)).toMatchObject({ currency: 'JPY', selling_price: 25, discount_value: 10 });
    const untouched = await env.db.selectFrom('products').select('currency').distinct().where('shop_id', '=', owner.shopId).execute();
    expect(untouched).toEqual([{ currency: 'USD' }]);
  });
});
