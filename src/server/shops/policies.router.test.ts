import { describe, expect, it } from 'vitest';
import { saveLogo } from '../settings/logo.service';
import { createProduct, createShop, createUser, pngImage, SHIPPING } from '../testing/factories';
import { createTestEnv } from '../testing/test-app';

// Each shop's policies (issue 47): "Returns and exchanges" and "Delivery time", set on /shop/settings by
// the shop's owner only; shown beside Add to Cart, on the storefront and at checkout; each order keeps
// them as they were at checkout, whatever the shop writes later.

const POLICIES = { returnsPolicy: '7-day exchange if unused; the buyer pays the return delivery', deliveryTime: '2-4 working days in Karachi' };
const NONE = { returnsPolicy: '', deliveryTime: '' };

describe('shops.setPolicies', () => {
  it('saves the owner\'s policies, trimmed; the product page, storefront and checkout show them', async () => {
    const env = createTestEnv();
    const shop = await createShop(env, { currency: 'PKR' });
    const product = await createProduct(env, shop);
    const owner = env.as(shop.ownerId);
    expect((await owner.shops.mine())?.policies).toEqual(NONE);
    // A shop without returns text would link the marketplace's Returns page: none is published.
    expect((await env.as(null).catalog.product({ slug: product.slug })).returnsPage).toBeNull();

    expect(await owner.shops.setPolicies({ returnsPolicy: `  ${POLICIES.returnsPolicy} `, deliveryTime: POLICIES.deliveryTime })).toEqual(POLICIES);
    expect((await owner.shops.mine())?.policies).toEqual(POLICIES);
    const page = await env.as(null).catalog.product({ slug: product.slug });
    expect(page.shop.policies).toEqual(POLICIES);
    expect(page.returnsPage).toBeNull();
    expect((await env.as(null).catalog.shop({ slug: shop.slug })).policies).toEqual(POLICIES);
    const cart = await env.as(null).catalog.cartLines({ productIds: [product.id] });
    expect(cart.shops.map((s) => s.policies)).toEqual([POLICIES]);

    // Emptied, they are none again.
    await owner.shops.setPolicies({ returnsPolicy: '   ', deliveryTime: '' });
    expect((await env.as(null).catalog.shop({ slug: shop.slug })).policies).toEqual(NONE);
  });

  it('links the marketplace\'s Returns page where a shop has no returns text, once an admin publishes it', async () => {
    const env = createTestEnv();
    const shop = await createShop(env, { currency: 'PKR' });
    const product = await createProduct(env, shop);
    const admin = env.as(await createUser(env, { roles: ['admin'] }));
    const guest = env.as(null);
    expect((await guest.catalog.product({ slug: product.slug })).returnsPage).toBeNull();

    const returns = (await admin.pages.list()).find((page) => page.address === 'returns')!;
    await admin.pages.update({ ...(await admin.pages.get({ id: returns.id })), id: returns.id, published: true });
    expect((await guest.catalog.product({ slug: product.slug })).returnsPage).toBe('/p/returns');
    expect((await guest.catalog.shop({ slug: shop.slug })).returnsPage).toBe('/p/returns');
    expect((await guest.catalog.cartLines({ productIds: [product.id] })).returnsPage).toBe('/p/returns');

    // A shop with its own returns text shows that instead.
    await env.as(shop.ownerId).shops.setPolicies(POLICIES);
    expect((await guest.catalog.product({ slug: product.slug })).returnsPage).toBeNull();
  });

  it('refuses texts over their length with the field\'s message, and saves nothing', async () => {
    const env = createTestEnv();
    const shop = await createShop(env);
    const owner = env.as(shop.ownerId);
    await owner.shops.setPolicies(POLICIES);
    const cases: Array<[typeof POLICIES, string]> = [
      [{ ...POLICIES, returnsPolicy: 'x'.repeat(501) }, 'Returns and exchanges must be at most 500 characters'],
      [{ ...POLICIES, deliveryTime: 'x'.repeat(121) }, 'Delivery time must be at most 120 characters'],
    ];
    for (const [bad, message] of cases) await expect(owner.shops.setPolicies(bad)).rejects.toMatchObject({ code: 'BAD_REQUEST', message });
    // At the limits exactly: saved.
    await owner.shops.setPolicies({ returnsPolicy: 'r'.repeat(500), deliveryTime: 'd'.repeat(120) });
    expect((await owner.shops.mine())?.policies).toEqual({ returnsPolicy: 'r'.repeat(500), deliveryTime: 'd'.repeat(120) });
  });

  it('changes only the caller\'s own shop; a buyer or a guest is refused and nothing changes', async () => {
    const env = createTestEnv();
    const shop = await createShop(env);
    const other = await createShop(env);
    const buyer = await createUser(env, { roles: ['buyer'] });
    await env.as(shop.ownerId).shops.setPolicies(POLICIES);
    await env.as(other.ownerId).shops.setPolicies({ returnsPolicy: 'No returns', deliveryTime: 'Next day' });
    expect((await env.as(shop.ownerId).shops.mine())?.policies).toEqual(POLICIES);
    await expect(env.as(buyer).shops.setPolicies(NONE)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(env.as(null).shops.setPolicies(NONE)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect((await env.as(null).catalog.shop({ slug: shop.slug })).policies).toEqual(POLICIES);
  });
});

describe('an order\'s policies', () => {
  it('are the shop\'s as they were at checkout: a later change leaves every view of the order as it was', async () => {
    const env = createTestEnv();
    const shop = await createShop(env, { currency: 'PKR' });
    const plain = await createShop(env, { currency: 'PKR' });
    const product = await createProduct(env, shop, { stock: 5 });
    const other = await createProduct(env, plain, { stock: 5 });
    const owner = env.as(shop.ownerId);
    await owner.shops.setPolicies(POLICIES);
    const buyer = await createUser(env, { roles: ['buyer'] });
    const placed = await env.as(buyer).orders.checkout({
      items: [
        { productId: product.id, quantity: 1, color: null, size: null },
        { productId: other.id, quantity: 1, color: null, size: null },
      ],
      shipping: SHIPPING,
      attemptKey: 'policies-attempt-0123456789',
    });
    expect(placed.orders).toHaveLength(2);

    await owner.shops.setPolicies({ returnsPolicy: 'No returns at all', deliveryTime: 'Whenever' });
    await env.as(plain.ownerId).shops.setPolicies(POLICIES);

    const mine = (await env.as(buyer).orders.mine({})).items;
    const byShop = (name: string) => mine.find((order) => order.shopName === name)!;
    expect(byShop(shop.name).policies).toEqual(POLICIES);
    // The other shop had none then: its order has none, whatever it wrote since.
    expect(byShop(plain.name).policies).toEqual(NONE);
    const shopView = (await owner.shopOrders.list({})).items[0]!;
    expect(shopView.policies).toEqual(POLICIES);
    const [slip] = await owner.shopOrders.packingSlips({ orderIds: [shopView.id] });
    expect(slip!.policies).toEqual(POLICIES);
    const row = await env.db.selectFrom('orders').select(['returns_policy', 'delivery_time']).where('id', '=', shopView.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ returns_policy: POLICIES.returnsPolicy, delivery_time: POLICIES.deliveryTime });
  });
});

describe('the buyer\'s receipt', () => {
  it('says the shop\'s policies and is headed by the marketplace\'s logo, in the buyer\'s language', async () => {
    const env = createTestEnv({ mail: { publicUrl: 'https://shop.example.test', linkKey: 'test-email-link-key' } });
    const admin = await createUser(env, { roles: ['admin'], fullName: 'Admin Ayesha' });
    const { url } = await saveLogo({ db: env.db, storage: env.config.storage }, { id: admin, fullName: 'Admin Ayesha', email: 'a@example.test' }, await pngImage('#1d4ed8', 64, 64), env.clock.now);
    const shop = await createShop(env, { currency: 'PKR', policies: POLICIES });
    const product = await createProduct(env, shop, { stock: 5 });
    await env.inLanguage('ur', null).orders.checkout({ items: [{ productId: product.id, quantity: 1, color: null, size: null }], shipping: SHIPPING, attemptKey: 'receipt-policies-0123456789' });
    const receipt = await env.db.selectFrom('outbox').select(['text_body', 'html_body']).where('kind', '=', 'receipt').executeTakeFirstOrThrow();
    expect(receipt.text_body).toContain(`ڈیلیوری کا وقت: \u2068${POLICIES.deliveryTime}\u2069`);
    expect(receipt.text_body).toContain(`واپسی اور تبادلہ: \u2068${POLICIES.returnsPolicy}\u2069`);
    expect(receipt.html_body).toContain(`<img src="https://shop.example.test${url.replace('.webp', '-icon-192.png')}" alt="`);
    expect(receipt.html_body).toMatch(/alt="[^"]*لوگو"/);
  });
});
