import { describe, expect, it } from 'vitest';
import { createCategory, createProduct, createShop, createSlider, createUser, pngImage } from '../testing/factories';
import { createTestEnv } from '../testing/test-app';

describe('catalog', () => {
  it('browses only active products of active shops, newest first, with search and filters', async () => {
    const env = createTestEnv();
    const a = await createShop(env, { name: 'Alpha Store' });
    const b = await createShop(env, { name: 'Beta Store' });
    const closed = await createShop(env, { isActive: false });
    const shoes = await createCategory(env, a, 'Shoes');
    await createCategory(env, b, 'Shoes');
    const redRunner = await createProduct(env, a, { name: 'Red Runner', brand: 'Zoom', categoryId: shoes.id, images: 1 });
    await createProduct(env, b, { name: 'Blue Sandal', brand: 'ZOOMER' });
    await createProduct(env, a, { name: 'Hidden Thing', isActive: false });
    await createProduct(env, closed, { name: 'Closed Shop Item' });
    const rater = await createUser(env);
    await env.as(rater).reviews.saveShopReview({ shopId: a.id, rating: 4 });

    const guest = env.as(null);
    const all = await guest.catalog.products({});
    expect(all.items.map((p) => p.name)).toEqual(['Blue Sandal', 'Red Runner']);
    const runner = all.items[1]!;
    expect(runner.thumbUrl).toBe(redRunner.images[0]!.thumbUrl);
    expect(runner.shop).toMatchObject({ name: 'Alpha Store', rating: 4 });

    expect((await guest.catalog.products({ search: 'zoom' })).items).toHaveLength(2);
    expect((await guest.catalog.products({ search: 'RUNNER' })).items.map((p) => p.name)).toEqual(['Red Runner']);
    expect((await guest.catalog.products({ search: '%' })).items).toHaveLength(0);
    expect((await guest.catalog.products({ category: 'shoes' })).items.map((p) => p.name)).toEqual(['Red Runner']);
    expect((await guest.catalog.products({ shop: b.slug })).items.map((p) => p.name)).toEqual(['Blue Sandal']);
    expect((await guest.catalog.products({ shop: 'no-such-shop' })).items).toEqual([]);

    expect(await guest.catalog.filters()).toEqual({ categories: [{ slug: 'shoes', name: 'Shoes', iconUrl: null }] });
    expect((await guest.catalog.shopOptions()).map((s) => s.name)).toEqual(['Alpha Store', 'Beta Store']);
  });

  it('sends every product, shop and slider image with its size and resized copies (srcset)', async () => {
    const env = createTestEnv();
    const shop = await createShop(env, { logo: await pngImage('#123456', 400, 400), cover: await pngImage('#654321', 1800, 600) });
    const product = await createProduct(env, shop, { images: [await pngImage('#aa0000', 1000, 800), await pngImage('#00aa00', 300, 300)] });
    await createProduct(env, shop, { name: 'No picture' });
    const [main, small] = product.images;
    const guest = env.as(null);

    const cards = (await guest.catalog.products({})).items;
    expect(cards.find((c) => c.id === product.id)?.image).toEqual({ url: main!.url, width: 1000, height: 800, widths: [160, 320, 480, 640] });
    expect(cards.find((c) => c.name === 'No picture')?.image).toBeNull();
    const page = await guest.catalog.product({ slug: product.slug });
    expect(page.images).toEqual([
      { url: main!.url, thumbUrl: main!.thumbUrl, width: 1000, height: 800, widths: [160, 320, 480, 640] },
      { url: small!.url, thumbUrl: small!.thumbUrl, width: 300, height: 300, widths: [160] },
    ]);
    expect(page.shop.avatar).toEqual({ url: shop.logoUrl, width: 400, height: 400, widths: [160, 320] });
    const cover = { url: shop.coverUrl, width: 1600, height: 533, widths: [160, 320, 480, 640, 1024] };
    expect((await guest.catalog.shops({})).items[0]).toMatchObject({ avatar: { url: shop.logoUrl, widths: [160, 320] }, cover });
    expect(await guest.catalog.shop({ slug: shop.slug })).toMatchObject({ avatar: { url: shop.logoUrl }, cover });
    const slider = await createSlider(env, { image: await pngImage('#0d7a6f', 2000, 700) });
    expect((await guest.sliders.listActive()).find((s) => s.id === slider.id)?.image).toEqual({
      url: slider.imageUrl,
      width: 1600,
      height: 560,
      widths: [160, 320, 480, 640, 1024],
    });
  });

  it('pages with a cursor', async () => {
    const env = createTestEnv();
    const shop = await createShop(env);
    for (let i = 0; i < 5; i += 1) await createProduct(env, shop, { name: `Item ${i}` });
    const first = await env.as(null).catalog.products({ limit: 2 });
    expect(first.items).toHaveLength(2);
    expect(first.nextCursor).toBe(2);
    const last = await env.as(null).catalog.products({ limit: 2, cursor: 4 });
    expect(last.items).toHaveLength(1);
    expect(last.nextCursor).toBeNull();
  });

  it('shows a product page with a sanitized description, and hides inactive ones', async () => {
    const env = createTestEnv();
    const shop = await createShop(env);
    const p = await createProduct(env, shop, {
      colors: ['#ff0000'],
      sizes: ['S', 'M'],
      descriptionHtml: '<p onclick="x()">Hi<script>alert(1)</script><a href="javascript:alert(1)">x</a></p>',
    });
    const hidden = await createProduct(env, shop, { isActive: false });
    const page = await env.as(null).catalog.product({ slug: p.slug });
    expect(page.colors).toEqual(['#ff0000']);
    expect(page.sizes).toEqual(['S', 'M']);
    expect(page.descriptionHtml).not.toMatch(/script|onclick|javascript/);
    await expect(env.as(null).catalog.product({ slug: hidden.slug })).rejects.toThrow('Product not found');
    await expect(env.as(null).catalog.product({ slug: 'nope' })).rejects.toThrow('Product not found');
  });

  it('lists shops with SQL ratings, searches them, and hides inactive storefronts', async () => {
    const env = createTestEnv();
    const a = await createShop(env, { name: 'Karachi Crafts', description: 'Handmade pottery' });
    await createShop(env, { name: 'Lahore Looms' });
    const closed = await createShop(env, { name: 'Closed Crafts', isActive: false });
    for (const rating of [5, 4]) await env.as(await createUser(env)).reviews.saveShopReview({ shopId: a.id, rating });
    const shops = await env.as(null).catalog.shops({});
    expect(shops.items.map((s) => s.name).sort()).toEqual(['Karachi Crafts', 'Lahore Looms']);
    expect(shops.items.find((s) => s.id === a.id)).toMatchObject({ rating: 4.5, reviewCount: 2 });
    expect((await env.as(null).catalog.shops({ search: 'POTTERY' })).items.map((s) => s.name)).toEqual(['Karachi Crafts']);
    expect((await env.as(null).catalog.shop({ slug: a.slug })).rating).toBe(4.5);
    await expect(env.as(null).catalog.shop({ slug: closed.slug })).rejects.toThrow('Shop not found');
  });

  it('keeps inactive products and shops visible to their owner and to admins only', async () => {
    const env = createTestEnv();
    const closed = await createShop(env, { isActive: false });
    const product = await createProduct(env, closed);
    const hidden = await createProduct(env, await createShop(env), { isActive: false });
    const admin = await createUser(env, { roles: ['admin'] });
    const stranger = await createUser(env, { roles: ['shopkeeper'] });

    for (const caller of [env.as(null), env.as(stranger)]) {
      await expect(caller.catalog.shop({ slug: closed.slug })).rejects.toThrow('Shop not found');
      await expect(caller.catalog.product({ slug: product.slug })).rejects.toThrow('Product not found');
      expect((await caller.catalog.shopProducts({ shopId: closed.id })).items).toEqual([]);
    }
    for (const caller of [env.as(closed.ownerId), env.as(admin)]) {
      expect(await caller.catalog.shop({ slug: closed.slug })).toMatchObject({ isActive: false });
      expect(await caller.catalog.product({ slug: product.slug })).toMatchObject({ visibleToBuyers: false });
      expect((await caller.catalog.shopProducts({ shopId: closed.id })).items.map((p) => p.id)).toEqual([product.id]);
    }
    expect(await env.as(admin).catalog.product({ slug: hidden.slug })).toMatchObject({ visibleToBuyers: false });
    // Browsing never shows them, whoever looks.
    expect((await env.as(admin).catalog.products({})).items.map((p) => p.id)).not.toContain(product.id);
  });

  it("tells the owner and admins whether an item was taken down by an admin or switched off by its owner", async () => {
    const env = createTestEnv();
    const shop = await createShop(env);
    const takenDown = await createProduct(env, shop);
    const switchedOff = await createProduct(env, shop, { isActive: false });
    const admin = await createUser(env, { roles: ['admin'] });
    await env.as(admin).admin.setProductActive({ id: takenDown.id, isActive: false });
    for (const caller of [env.as(shop.ownerId), env.as(admin)]) {
      expect(await caller.catalog.product({ slug: takenDown.slug })).toMatchObject({ visibleToBuyers: false, hiddenByAdmin: true });
      expect(await caller.catalog.product({ slug: switchedOff.slug })).toMatchObject({ visibleToBuyers: false, hiddenByAdmin: false });
    }
    // A shop switched off by its own flag (the factory's isActive: false is an admin takedown).
    const closed = await createShop(env);
    await env.db.updateTable('shops').set({ is_active: 0 }).where('id', '=', closed.id).execute();
    expect(await env.as(closed.ownerId).catalog.shop({ slug: closed.slug })).toMatchObject({ isActive: false, hiddenByAdmin: false });
    await env.as(admin).admin.setShopActive({ id: shop.id, isActive: false });
    expect(await env.as(shop.ownerId).catalog.shop({ slug: shop.slug })).toMatchObject({ isActive: false, hiddenByAdmin: true });
    // A product of a taken-down shop is hidden by an administrator too.
    expect(await env.as(shop.ownerId).catalog.product({ slug: switchedOff.slug })).toMatchObject({ hiddenByAdmin: true });
  });

  it('reports the current state of cart products', async () => {
    const env = createTestEnv();
    const shop = await createShop(env);
    const p = await createProduct(env, shop, { price: 1000, discount: { type: 'percent', value: 10 } });
    const off = await createProduct(env, shop, { isActive: false });
    const lines = (await env.as(null).catalog.cartLines({ productIds: [p.id, off.id, 424242] })).products;
    expect(lines.find((l) => l.id === p.id)).toMatchObject({ price: 900, available: true });
    expect(lines.find((l) => l.id === off.id)).toMatchObject({ available: false });
    expect(lines).toHaveLength(2);
  });
});

describe('shop images', () => {
  it('shows the same avatar and cover for a shop on /shops, its storefront and its product pages', async () => {
    const env = createTestEnv();
    const shop = await createShop(env, { name: 'Pictured', logo: true, cover: true });
    const product = await createProduct(env, shop);
    const guest = env.as(null);
    const card = (await guest.catalog.shops({ search: 'Pictured' })).items[0];
    expect(card).toMatchObject({ avatar: { url: shop.logoUrl }, cover: { url: shop.coverUrl } });
    expect(await guest.catalog.shop({ slug: shop.slug })).toMatchObject({ avatar: { url: shop.logoUrl }, cover: { url: shop.coverUrl } });
    expect((await guest.catalog.product({ slug: product.slug })).shop.avatar?.url).toBe(shop.logoUrl);
  });
});
