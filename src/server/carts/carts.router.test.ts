import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_CART_LINES } from '../../shared/cart';
import { createProduct, createShop, createUser, type ShopRef } from '../testing/factories';
import { countRows, createTestEnv, type TestEnv } from '../testing/test-app';

let env: TestEnv;
let shop: ShopRef;
beforeAll(async () => {
  env = createTestEnv({ maxUnitsPerProduct: 10 });
  shop = await createShop(env, { currency: 'PKR' });
});
afterAll(async () => {
  await env.db.destroy();
});

const line = (productId: number, quantity: number, size: string | null = null) => ({ productId, color: null, size, quantity });
const lines = (cart: { items: Array<{ product_id: number; size: string | null; quantity: number }> }) =>
  cart.items.map((i) => [i.product_id, i.size, i.quantity] as const).sort((a, b) => a[0] - b[0] || String(a[1]).localeCompare(String(b[1])));

describe('one cart on every device', () => {
  it('merges the guest cart at sign-in: the same line adds up, capped by stock and the per-product maximum, and says so', async () => {
    const buyer = await createUser(env, { roles: ['buyer'] });
    const scarf = await createProduct(env, shop, { stock: 4 });
    const kurta = await createProduct(env, shop, { stock: 100, sizes: ['S', 'M'] });
    const lamp = await createProduct(env, shop, { stock: 9 });
    await env.as(buyer).cart.change({ ...line(scarf.id, 2), mode: 'add' });
    await env.as(buyer).cart.change({ ...line(kurta.id, 6, 'S'), mode: 'add' });
    const { cart, notes } = await env.as(buyer).cart.merge({ lines: [line(scarf.id, 3), line(kurta.id, 6, 'M'), line(lamp.id, 1)], coupons: [{ shopId: shop.id, code: 'EID10', type: 'percent' as const, value: 10, minOrder: null }] });
    expect(lines(cart)).toEqual([[scarf.id, null, 4], [kurta.id, 'M', 4], [kurta.id, 'S', 6], [lamp.id, null, 1]].sort((a, b) => Number(a[0]) - Number(b[0]) || String(a[1]).localeCompare(String(b[1]))));
    expect(notes).toEqual(
      expect.arrayContaining([
        { productId: scarf.id, color: null, size: null, kept: 4, reason: 'stock' },
        { productId: kurta.id, color: null, size: 'M', kept: 4, reason: 'maxPerProduct' },
      ]),
    );
    expect(cart.coupons).toEqual([{ shopId: shop.id, code: 'EID10', type: 'percent' as const, value: 10, minOrder: null }]);
    // Another device reads the same cart.
    expect(lines(await env.as(buyer).cart.get())).toEqual(lines(cart));
  });

  it('drops what cannot be sold and what is past the line limit from a cart of 10,000 lines, keeping the rest', async () => {
    const buyer = await createUser(env, { roles: ['buyer'] });
    const kept = await createProduct(env, shop, { stock: 5 });
    const hiddenShop = await createShop(env, { currency: 'PKR', isActive: false });
    const ofHiddenShop = await createProduct(env, hiddenShop, { stock: 5 });
    const sent = [line(ofHiddenShop.id, 1), line(kept.id, 500), ...Array.from({ length: 9_998 }, (_, i) => line(1_000_000 + i, 1))];
    const { cart, notes, noteCount } = await env.as(buyer).cart.merge({ lines: sent, coupons: [] });
    expect(lines(cart)).toEqual([[kept.id, null, 5]]);
    expect(notes[0]).toEqual({ productId: ofHiddenShop.id, color: null, size: null, kept: 0, reason: 'unavailable' });
    expect(notes).toContainEqual({ productId: kept.id, color: null, size: null, kept: 5, reason: 'stock' });
    expect(noteCount).toBe(10_000);
    await expect(env.as(buyer).cart.merge({ lines: Array.from({ length: 10_001 }, () => line(kept.id, 1)), coupons: [] })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect(lines(await env.as(buyer).cart.get())).toEqual([[kept.id, null, 5]]);
  });

  it('merges a guest cart once, however many times its browser sends it (the same key: a page left before the answer came)', async () => {
    const buyer = await createUser(env, { roles: ['buyer'] });
    const kurta = await createProduct(env, shop, { stock: 50 });
    const scarf = await createProduct(env, shop, { stock: 50 });
    await env.as(buyer).cart.change({ ...line(scarf.id, 1), mode: 'add' });
    const guestCart = { key: 'k'.repeat(8) + '-guest-cart-1', lines: [line(kurta.id, 2), line(scarf.id, 1)], coupons: [] };
    // Twenty copies of the same merge at once, as a page and the next one racing it.
    const answers = await Promise.all(Array.from({ length: 20 }, () => env.as(buyer).cart.merge(guestCart)));
    const expected = [[kurta.id, null, 2], [scarf.id, null, 2]];
    for (const answer of answers) expect(lines(answer.cart)).toEqual(expected);
    expect(lines((await env.as(buyer).cart.merge(guestCart)).cart)).toEqual(expected);
    expect(await countRows(env.db, 'cart_merges')).toBeGreaterThan(0);
    // Another guest cart (another key) is merged as usual.
    expect(lines((await env.as(buyer).cart.merge({ ...guestCart, key: 'another-guest-cart' })).cart)).toEqual([[kurta.id, null, 4], [scarf.id, null, 3]]);
    // A key is the account's own: another buyer's merge with the same key is merged into theirs.
    const other = await createUser(env, { roles: ['buyer'] });
    expect(lines((await env.as(other).cart.merge(guestCart)).cart)).toEqual([[kurta.id, null, 2], [scarf.id, null, 1]]);
  });

  it('loses no line when two devices change the cart at once', async () => {
    const buyer = await createUser(env, { roles: ['buyer'] });
    const products = await Promise.all(Array.from({ length: 10 }, () => createProduct(env, shop, { stock: 100 })));
    const shared = await createProduct(env, shop, { stock: 100 });
    const phone = env.as(buyer);
    const laptop = env.as(buyer);
    await Promise.all([
      ...products.map((p, i) => (i % 2 === 0 ? phone : laptop).cart.change({ ...line(p.id, 1), mode: 'add' })),
      ...Array.from({ length: 6 }, (_, i) => (i % 2 === 0 ? phone : laptop).cart.change({ ...line(shared.id, 1), mode: 'add' })),
    ]);
    const cart = await phone.cart.get();
    expect(cart.items).toHaveLength(11);
    expect(cart.items.find((i) => i.product_id === shared.id)?.quantity).toBe(6);
    expect(cart.version).toBe(16);
  });

  it('sets and removes a line, clears the cart with its coupons, and refuses guests', async () => {
    const buyer = await createUser(env, { roles: ['buyer'] });
    const shawl = await createProduct(env, shop, { stock: 20 });
    await env.as(buyer).cart.change({ ...line(shawl.id, 2), mode: 'add' });
    expect(lines((await env.as(buyer).cart.change({ ...line(shawl.id, 7), mode: 'set' })).cart)).toEqual([[shawl.id, null, 7]]);
    await env.as(buyer).cart.setCoupons({ coupons: [{ shopId: shop.id, code: 'EID10', type: 'percent' as const, value: 10, minOrder: null }] });
    expect((await env.as(buyer).cart.get()).coupons).toHaveLength(1);
    expect((await env.as(buyer).cart.change({ ...line(shawl.id, 0), mode: 'set' })).cart).toMatchObject({ items: [], coupons: [] });
    await env.as(buyer).cart.change({ ...line(shawl.id, 1), mode: 'add' });
    expect(await env.as(buyer).cart.clear()).toMatchObject({ items: [], coupons: [] });
    const before = await countRows(env.db, 'cart_lines');
    await expect(env.as(null).cart.change({ ...line(shawl.id, 1), mode: 'add' })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(env.as(null).cart.get()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect(await countRows(env.db, 'cart_lines')).toBe(before);
    expect(MAX_CART_LINES).toBe(50);
  });
});
