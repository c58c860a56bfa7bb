import { describe, expect, it } from 'vitest';
import { createCategory, createProduct, createShop } from '../testing/factories';
import { createTestEnv } from '../testing/test-app';

/**
 * The browse search (issue 11) reads the full-text index (src/server/db/dialect.ts): a term of 3+
 * characters is found anywhere in a product's name or brand, in any case, as the LIKE it replaced
 * found it; a shorter term too, through a LIKE walked over the index in list order. Results come newest first, as browsing does.
 */
describe('catalog search', () => {
  async function world() {
    const env = createTestEnv();
    const shop = await createShop(env, { name: 'Search Shop' });
    const other = await createShop(env, { name: 'Other Shop' });
    const day = (d: number) => new Date(`2026-05-${String(d).padStart(2, '0')}T08:30:00.000Z`);
    // Created out of id order: the list (and the search) orders by creation time, then id.
    await createProduct(env, shop, { name: 'Peach Mug', brand: 'Acme', at: day(3) });
    await createProduct(env, shop, { name: 'Oak Chair', brand: 'Terra', at: day(9) });
    await createProduct(env, other, { name: 'TV stand', brand: 'Northwind', at: day(1) });
    await createProduct(env, shop, { name: '100% Cotton "Classic" T-shirt', brand: "O'Neil", at: day(5) });
    await createProduct(env, other, { name: 'Cotton Bag', brand: 'Lumen', at: day(5) });
    await createProduct(env, shop, { name: 'Chai Glass', brand: 'ACME', at: day(7) });
    return { env, shop, other, guest: env.as(null) };
  }
  const names = (page: { items: Array<{ name: string }> }) => page.items.map((p) => p.name);

  it('finds part of a word in name or brand, in any case, newest first', async () => {
    const { guest } = await world();
    expect(names(await guest.catalog.products({ search: 'OTTO' }))).toEqual(['Cotton Bag', '100% Cotton "Classic" T-shirt']);
    expect(names(await guest.catalog.products({ search: 'acm' }))).toEqual(['Chai Glass', 'Peach Mug']);
    expect(names(await guest.catalog.products({ search: 'cotton bag' }))).toEqual(['Cotton Bag']);
    expect(names(await guest.catalog.products({ search: 'each' }))).toEqual(['Peach Mug']);
    expect(names(await guest.catalog.products({ search: 'nothing like it' }))).toEqual([]);
  });

  it('finds a term of one or two characters anywhere too, as the LIKE search did', async () => {
    const { guest } = await world();
    expect(names(await guest.catalog.products({ search: 'ch' }))).toEqual(['Oak Chair', 'Chai Glass', 'Peach Mug']);
    expect(names(await guest.catalog.products({ search: 'TV' }))).toEqual(['TV stand']);
    expect(names(await guest.catalog.products({ search: 'ot' }))).toEqual(['Cotton Bag', '100% Cotton "Classic" T-shirt']);
    // Characters LIKE treats specially are plain text, as they were.
    for (const search of ['%', '-', '"', "'"]) expect(names(await guest.catalog.products({ search }))).toEqual(['100% Cotton "Classic" T-shirt']);
  });

  it('reads quotes, operators and wildcards as plain text, never as query syntax', async () => {
    const { guest } = await world();
    expect(names(await guest.catalog.products({ search: '"Classic"' }))).toEqual(['100% Cotton "Classic" T-shirt']);
    expect(names(await guest.catalog.products({ search: '100%' }))).toEqual(['100% Cotton "Classic" T-shirt']);
    expect(names(await guest.catalog.products({ search: "o'ne" }))).toEqual(['100% Cotton "Classic" T-shirt']);
    expect(names(await guest.catalog.products({ search: 't-sh' }))).toEqual(['100% Cotton "Classic" T-shirt']);
    for (const search of ['*', '**', '***', '---', '""', 'z*', '^oak', 'NEAR(', 'oak OR mug', 'chair AND', '(', ')', ':', 'name:oak', '\\', '_']) {
      expect((await guest.catalog.products({ search })).items.map((p) => p.name)).toEqual([]);
    }
    expect(names(await guest.catalog.products({ search: 'AND' }))).toEqual(['TV stand']);
  });

  it("never matches a product's shop, which the index holds for the shop filter", async () => {
    const { guest, shop } = await world();
    for (const search of [`|${shop.id}|`, `shop : "|${shop.id}|"`, `{shop}: |${shop.id}|`, 'shop']) {
      expect(names(await guest.catalog.products({ search }))).toEqual([]);
      expect(names(await guest.catalog.products({ search, shop: shop.slug }))).toEqual([]);
    }
    expect(names(await guest.catalog.products({ search: 'ch', shop: shop.slug }))).toEqual(['Oak Chair', 'Chai Glass', 'Peach Mug']);
    expect(names(await guest.catalog.products({ search: 'cotton', shop: 'no-such-shop' }))).toEqual([]);
  });

  it('pages through matches with a cursor, and combines with the shop and category filters', async () => {
    const { env, shop, guest } = await world();
    const mugs = await createCategory(env, shop, 'Mugs');
    for (let i = 0; i < 5; i += 1) await createProduct(env, shop, { name: `Blue Mug ${i}`, categoryId: mugs.id });
    const first = await guest.catalog.products({ search: 'mug', limit: 4 });
    expect(names(first)).toEqual(['Blue Mug 4', 'Blue Mug 3', 'Blue Mug 2', 'Blue Mug 1']);
    expect(first.nextCursor).toBe(4);
    const rest = await guest.catalog.products({ search: 'mug', limit: 4, cursor: 4 });
    expect(names(rest)).toEqual(['Blue Mug 0', 'Peach Mug']);
    expect(rest.nextCursor).toBeNull();
    expect(names(await guest.catalog.products({ search: 'mug', category: 'mugs', limit: 2, cursor: 4 }))).toEqual(['Blue Mug 0']);
    expect(names(await guest.catalog.products({ search: 'cotton', shop: shop.slug }))).toEqual(['100% Cotton "Classic" T-shirt']);
  });

  it('keeps the index in step with product writes', async () => {
    const { env, shop, guest } = await world();
    const lamp = await createProduct(env, shop, { name: 'Desk Lamp' });
    expect(names(await guest.catalog.products({ search: 'lamp' }))).toEqual(['Desk Lamp']);
    await env.db.updateTable('products').set({ name: 'Floor Light', brand: 'Lumina' }).where('id', '=', lamp.id).execute();
    expect(names(await guest.catalog.products({ search: 'lamp' }))).toEqual([]);
    expect(names(await guest.catalog.products({ search: 'floor' }))).toEqual(['Floor Light']);
    expect(names(await guest.catalog.products({ search: 'lumin' }))).toEqual(['Floor Light']);
    // Other columns change without touching the index; hidden products are not found.
    await env.as(shop.ownerId).products.setActive({ id: lamp.id, active: false });
    expect(names(await guest.catalog.products({ search: 'floor' }))).toEqual([]);
    await env.as(shop.ownerId).products.setActive({ id: lamp.id, active: true });
    expect(names(await guest.catalog.products({ search: 'floor' }))).toEqual(['Floor Light']);
    await env.as(shop.ownerId).products.delete({ id: lamp.id });
    expect(names(await guest.catalog.products({ search: 'floor' }))).toEqual([]);
  });
});
