import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, createShop, createUser } from '../testing/factories';
import { createTestEnv, type TestEnv } from '../testing/test-app';
import { rawRequest, signInOverHttp, startTestServer, type TestServer } from '../testing/test-server';

/**
 * "Stop orders from shops whose trial or plan has ended" (issue 48) as a buyer meets it: the product
 * page's and the storefront's reads say whether the shop takes orders (the screens show "This shop is
 * not taking orders right now" in place of Add to Cart), and so does the product's structured data.
 * Each write goes over HTTP as the admin's browser sends it, which empties the public cache: the answer
 * changes at once, on the setting and on a renewal.
 */
let env: TestEnv;
let server: TestServer;
let shopId = 0;
let productSlug = '';
let shopSlug = '';
let open = { productSlug: '', shopSlug: '' };
const base = () => `http://127.0.0.1:${server.port}`;

beforeAll(async () => {
  env = createTestEnv();
  await createUser(env, { email: 'stop-admin@example.test', roles: ['admin'] });
  // Pro ended ten days ago: past the default 3 grace days.
  const owner = await createUser(env, { roles: ['shopkeeper'], trialStartAt: new Date(Date.now() - 90 * 86_400_000) });
  await env.db.updateTable('profiles').set({ is_pro: 1, pro_until: new Date(Date.now() - 10 * 86_400_000).toISOString() }).where('user_id', '=', owner).execute();
  const shop = await createShop(env, { owner, name: 'Ended Crafts', slug: 'ended-crafts' });
  shopId = shop.id;
  shopSlug = shop.slug;
  productSlug = (await createProduct(env, shop, { name: 'Ajrak', stock: 5 })).slug;
  // A shop with Pro and no end date, beside it: never stopped.
  const paid = await createUser(env, { roles: ['shopkeeper'], isPro: true });
  const paidShop = await createShop(env, { owner: paid, name: 'Paid Crafts', slug: 'paid-crafts' });
  open = { shopSlug: paidShop.slug, productSlug: (await createProduct(env, paidShop, { name: 'Shawl', stock: 5 })).slug };
  server = await startTestServer({}, env);
});
afterAll(async () => {
  await server.close();
  await env.db.destroy();
});

async function adminCall(procedure: string, input: unknown): Promise<number> {
  const cookie = await signInOverHttp(server.port, 'stop-admin@example.test');
  const reply = await fetch(`${base()}/api/trpc/${procedure}`, { method: 'POST', headers: { 'content-type': 'application/json', origin: base(), cookie }, body: JSON.stringify(input) });
  await reply.arrayBuffer();
  return reply.status;
}

async function read<T>(procedure: string, input: unknown): Promise<T> {
  const reply = await rawRequest(server.port, `/api/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`);
  return reply.json<{ result: { data: T } }>().result.data;
}

const takes = async (product: string, shop: string) => ({
  product: (await read<{ takingOrders: boolean }>('catalog.product', { slug: product })).takingOrders,
  storefront: (await read<{ takingOrders: boolean }>('catalog.shop', { slug: shop })).takingOrders,
});
const availability = async (slug: string) => {
  const html = (await rawRequest(server.port, `/product/${slug}`)).text;
  const data = [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((m) => JSON.parse(m[1]!) as { '@type'?: string; offers?: { availability?: string } });
  return data.find((item) => item['@type'] === 'Product')?.offers?.availability;
};

describe('a shop that is not taking orders, as buyers see it', () => {
  it('takes orders while the setting is off, stops once an admin turns it on, and takes them again once renewed', async () => {
    expect(await takes(productSlug, shopSlug)).toEqual({ product: true, storefront: true });
    expect(await availability(productSlug)).toBe('https://schema.org/InStock');

    expect(await adminCall('billing.saveSettings', { graceDays: 3, stopOrders: true })).toBe(200);
    expect(await takes(productSlug, shopSlug)).toEqual({ product: false, storefront: false });
    expect(await availability(productSlug)).toBe('https://schema.org/OutOfStock');
    // The shop with Pro and no end date is not touched.
    expect(await takes(open.productSlug, open.shopSlug)).toEqual({ product: true, storefront: true });

    // More grace than the ten days since the end: it takes orders again.
    expect(await adminCall('billing.saveSettings', { graceDays: 11, stopOrders: true })).toBe(200);
    expect(await takes(productSlug, shopSlug)).toEqual({ product: true, storefront: true });
    expect(await adminCall('billing.saveSettings', { graceDays: 3, stopOrders: true })).toBe(200);
    expect(await takes(productSlug, shopSlug)).toEqual({ product: false, storefront: false });

    const today = new Date().toISOString().slice(0, 10);
    expect(await adminCall('billing.recordPayment', { shopId, months: 1, amount: '1500', paidOn: today, reference: 'EP-1' })).toBe(200);
    expect(await takes(productSlug, shopSlug)).toEqual({ product: true, storefront: true });
    expect(await availability(productSlug)).toBe('https://schema.org/InStock');
  });
});
