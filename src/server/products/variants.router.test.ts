import { afterEach, describe, expect, it } from 'vitest';
import type { ProductFormInput } from '../../shared/schemas/product';
import { createShop, createProduct, type ShopRef } from '../testing/factories';
import { countRows, createTestEnv, type TestEnv } from '../testing/test-app';

// Stock per variant (issue 19): the product form's grid saved and read back, and what it refuses.
const RED = '#ff0000';
const BLUE = '#0000ff';

let env: TestEnv;
afterEach(async () => {
  await env.db.destroy();
});

function shirt(overrides: Partial<ProductFormInput> = {}): ProductFormInput {
  return {
    name: 'Shirt',
    sellingPrice: '1500',
    unit: 'pieces',
    colors: [RED, BLUE],
    sizes: ['S', 'M', 'L'],
    stockMode: 'per_variant',
    variants: [
      { color: RED, size: 'S', stock: '4', price: null, sku: 'SH-RS' },
      { color: RED, size: 'M', stock: '0', price: '1750.50', sku: 'SH-RM' },
      { color: RED, size: 'L', stock: '2', price: '', sku: '' },
      { color: BLUE, size: 'S', stock: '7', price: null, sku: null },
      { color: BLUE, size: 'M', stock: '12', price: null, sku: null },
      { color: BLUE, size: 'L', stock: '1', price: null, sku: null },
    ],
    ...overrides,
  };
}

async function setup(): Promise<{ shop: ShopRef; owner: ReturnType<TestEnv['as']> }> {
  env = createTestEnv();
  const shop = await createShop(env, { currency: 'PKR' });
  return { shop, owner: env.as(shop.ownerId) };
}

const variantsOf = async (productId: number) =>
  env.db.selectFrom('product_variants').select(['color', 'size', 'stock', 'price', 'sku']).where('product_id', '=', productId).orderBy('position').execute();
const stockOf = async (id: number) => (await env.db.selectFrom('products').select(['stock_amount', 'stock_mode']).where('id', '=', id).executeTakeFirstOrThrow());

describe('products with stock per variant', () => {
  it('saves the grid (stock, price in minor units, SKU) and reads it back for the edit form; the total is the sum', async () => {
    const { owner } = await setup();
    const { id } = await owner.products.create(shirt());
    expect(await stockOf(id)).toEqual({ stock_amount: 26, stock_mode: 'per_variant' });
    const edit = await owner.products.byId({ id });
    expect(edit.stockMode).toBe('per_variant');
    expect(edit.stock).toBe(26);
    expect(edit.variants).toEqual([
      { color: RED, size: 'S', stock: 4, ownPrice: null, sellingPrice: 150_000, price: 150_000, sku: 'SH-RS' },
      { color: RED, size: 'M', stock: 0, ownPrice: 175_050, sellingPrice: 175_050, price: 175_050, sku: 'SH-RM' },
      { color: RED, size: 'L', stock: 2, ownPrice: null, sellingPrice: 150_000, price: 150_000, sku: null },
      { color: BLUE, size: 'S', stock: 7, ownPrice: null, sellingPrice: 150_000, price: 150_000, sku: null },
      { color: BLUE, size: 'M', stock: 12, ownPrice: null, sellingPrice: 150_000, price: 150_000, sku: null },
      { color: BLUE, size: 'L', stock: 1, ownPrice: null, sellingPrice: 150_000, price: 150_000, sku: null },
    ]);
  });

  it('keeps values when a size is added, drops a removed color, and back to shared keeps the stock sent', async () => {
    const { owner } = await setup();
    const { id } = await owner.products.create(shirt());
    const sent = shirt().variants!;
    await owner.products.update({ id, product: shirt({ sizes: ['S', 'M', 'L', 'XL'], variants: [...sent, { color: BLUE, size: 'XL', stock: '3' }] }) });
    expect((await variantsOf(id)).map((v) => `${v.color}/${v.size}=${v.stock}`)).toEqual([
      `${RED}/S=4`, `${RED}/M=0`, `${RED}/L=2`, `${RED}/XL=0`, `${BLUE}/S=7`, `${BLUE}/M=12`, `${BLUE}/L=1`, `${BLUE}/XL=3`,
    ]);
    expect((await stockOf(id)).stock_amount).toBe(29);
    // Red removed: its variants go with it (the form sends only what is left).
    await owner.products.update({ id, product: shirt({ colors: [BLUE], variants: sent.filter((v) => v.color === BLUE) }) });
    expect((await variantsOf(id)).map((v) => v.color)).toEqual([BLUE, BLUE, BLUE]);
    expect((await stockOf(id)).stock_amount).toBe(20);
    // Back to shared: the form sends the total it showed; no variant is left behind.
    await owner.products.update({ id, product: shirt({ stockMode: 'shared', stockAmount: '20', variants: [] }) });
    expect(await stockOf(id)).toEqual({ stock_amount: 20, stock_mode: 'shared' });
    expect(await variantsOf(id)).toEqual([]);
  });

  it('colors alone or sizes alone make one variant per value', async () => {
    const { owner } = await setup();
    const { id } = await owner.products.create(shirt({ sizes: [], variants: [{ color: RED, size: null, stock: '5' }] }));
    expect(await variantsOf(id)).toEqual([
      { color: RED, size: '', stock: 5, price: null, sku: null },
      { color: BLUE, size: '', stock: 0, price: null, sku: null },
    ]);
    const sizes = await owner.products.create(shirt({ colors: [], variants: [{ color: null, size: 'M', stock: '2' }] }));
    expect((await variantsOf(sizes.id)).map((v) => [v.color, v.size, v.stock])).toEqual([['', 'S', 0], ['', 'M', 2], ['', 'L', 0]]);
  });

  it('variants live and die with their product', async () => {
    const { owner } = await setup();
    const { id } = await owner.products.create(shirt());
    await owner.products.delete({ id });
    expect(await countRows(env.db, 'product_variants')).toBe(0);
  });

  it.each([
    ['a 4th kind of option', { variants: [{ color: RED, size: 'S', stock: '1', material: 'cotton' }] }, 'A variant is chosen by its color and size only'],
    ['a 101st variant', { colors: Array.from({ length: 11 }, (_, i) => `#0000${(i + 16).toString(16)}`), sizes: ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10'], variants: [] }, 'A product can have at most 100 variants (colors × sizes)'],
    ['negative stock', { variants: [{ color: RED, size: 'M', stock: '-1' }] }, 'Stock of Red / M must be a whole number of 0 or more'],
    ['non-integer stock', { variants: [{ color: BLUE, size: 'L', stock: '1.5' }] }, 'Stock of Blue / L must be a whole number of 0 or more'],
    ['a price above the money bounds', { variants: [{ color: RED, size: 'S', stock: '1', price: '100000000000' }] }, 'Price of Red / S must be at most'],
    ['a negative price', { variants: [{ color: RED, size: 'S', stock: '1', price: '-5' }] }, 'Price of Red / S must be an amount of 0 or more, like 1,500'],
    ['a color the product lacks', { variants: [{ color: '#00ff00', size: 'S', stock: '1' }] }, 'This product has no color Lime: add it first'],
    ['a size the product lacks', { variants: [{ color: RED, size: 'XXL', stock: '1' }] }, 'This product has no size XXL: add it first'],
    ['a combination twice', { variants: [{ color: RED, size: 'S', stock: '1' }, { color: RED, size: 'S', stock: '2' }] }, 'Red / S is listed twice'],
    ['a SKU twice', { variants: [{ color: RED, size: 'S', stock: '1', sku: 'X1' }, { color: RED, size: 'M', stock: '1', sku: 'X1' }] }, 'The SKU X1 is used twice'],
    ['no colors or sizes', { colors: [], sizes: [], variants: [] }, 'Add a color or a size to track stock per variant'],
    ['a fixed discount above a variant price', { discountType: 'fixed' as const, discountValue: '100', variants: [{ color: RED, size: 'S', stock: '1', price: '50' }] }, 'A fixed discount cannot be larger than the price of Red / S'],
  ])('refuses %s with a clear message and writes nothing', async (_name, overrides, message) => {
    const { owner } = await setup();
    await expect(owner.products.create(shirt(overrides as Partial<ProductFormInput>))).rejects.toThrow(message);
    expect(await countRows(env.db, 'products')).toBe(0);
    expect(await countRows(env.db, 'product_variants')).toBe(0);
  });

  it('refuses a SKU another product of the shop uses (another shop may use it), and the edit writes nothing', async () => {
    const { shop, owner } = await setup();
    await owner.products.create(shirt());
    const other = await createShop(env);
    await env.as(other.ownerId).products.create(shirt());
    const plain = await createProduct(env, shop, { colors: [RED], stock: 3 });
    const edit = { id: plain.id, product: shirt({ sizes: [], variants: [{ color: RED, size: null, stock: '9', sku: 'SH-RM' }] }) };
    await expect(owner.products.update(edit)).rejects.toThrow('The SKU SH-RM is already used by another product of your shop');
    expect(await stockOf(plain.id)).toEqual({ stock_amount: 3, stock_mode: 'shared' });
    expect(await variantsOf(plain.id)).toEqual([]);
  });

  it('the product page shows each combination with its price after discount, never the owner\'s own figures', async () => {
    const { owner } = await setup();
    const { slug } = await owner.products.create(shirt({ discountType: 'percent', discountValue: '10', purchasePrice: '900' }));
    const page = await env.as(null).catalog.product({ slug });
    expect(page.stockMode).toBe('per_variant');
    expect(page.stock).toBe(26);
    expect(page.variants[1]).toEqual({ color: RED, size: 'M', stock: 0, sellingPrice: 175_050, price: 157_545, sku: 'SH-RM' });
    expect(JSON.stringify(page)).not.toMatch(/ownPrice|purchase/i);
  });

  it('the owner\'s list says "Stock: N (k variants)" and the lowest variant; the dashboard counts a product with any low variant', async () => {
    const { shop, owner } = await setup();
    // Blue / L has 1 left (total 26): low because of that variant.
    const { id } = await owner.products.create(shirt());
    await createProduct(env, shop, { stock: 40 });
    await createProduct(env, shop, { stock: 3 });
    const list = await owner.products.list({});
    expect(list.items.find((p) => p.id === id)).toMatchObject({ stock: 26, variantCount: 6, lowestVariantStock: 0 });
    expect(list.items.filter((p) => p.id !== id).map((p) => p.variantCount)).toEqual([0, 0]);
    const stats = await owner.shops.dashboard();
    expect(stats).toMatchObject({ lowStock: 2, outOfStock: 0 });
  });

  it("moves the variants' prices with the shop's currency, as the product's move", async () => {
    const { owner } = await setup();
    const { id } = await owner.products.create(shirt());
    const settings = (await owner.shops.mine())!;
    await owner.shops.update({ name: settings.name, whatsappNumber: settings.whatsappNumber, currency: 'JPY', logoUrl: null, profilePictureUrl: null, coverImageUrl: null });
    const edit = await owner.products.byId({ id });
    expect(edit).toMatchObject({ currency: 'JPY', sellingPrice: 1500 });
    expect(edit.variants[1]).toMatchObject({ ownPrice: 1751, sellingPrice: 1751 });
  });

  it('a hidden product shows buyers nothing of its variants: no page, and an unavailable cart line', async () => {
    const { owner } = await setup();
    const { id, slug } = await owner.products.create(shirt());
    await owner.products.setActive({ id, active: false });
    await expect(env.as(null).catalog.product({ slug })).rejects.toThrow('Product not found');
    expect((await env.as(null).catalog.cartLines({ productIds: [id] })).products).toEqual([{ id, available: false }]);
  });
});
