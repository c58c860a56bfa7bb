import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShopRole } from '../../shared/staff';
import { createOrder, createProduct, createShop, createStaff, createUser, pngImage } from '../testing/factories';
import { createTestEnv } from '../testing/test-app';
import { signInOverHttp, startTestServer, type TestServer } from '../testing/test-server';
import { SHOP_ROUTES } from '../trpc/shop-access';

/**
 * The shop's plain HTTP routes (issue 51) against both staff roles, each route's least role read from
 * SHOP_ROUTES: a route there without a request below fails this test. The owner's own answers are
 * tested beside each route (order-export, product-transfer, uploads); here: that a role below the
 * route's is refused with 403 and the message, and one at or above it gets through.
 */
let server: TestServer;
const cookies: Partial<Record<ShopRole, string>> = {};
const base = () => `http://127.0.0.1:${server.port}`;

const CSV = 'Name,Price,Stock\nHelper lamp,12,3\n';
async function uploadForm() {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(await pngImage('#3a7bd5'))], { type: 'image/png' }), 'photo.png');
  return form;
}

const REQUESTS: Record<keyof typeof SHOP_ROUTES, () => Promise<{ method: string; path: string; body?: BodyInit }>> = {
  '/api/shop/orders.csv': async () => ({ method: 'GET', path: '/api/shop/orders.csv?from=2026-01-01&to=2026-12-31' }),
  '/api/shop/order-items.csv': async () => ({ method: 'GET', path: '/api/shop/order-items.csv?from=2026-01-01&to=2026-12-31' }),
  '/api/shop/products/export.csv': async () => ({ method: 'GET', path: '/api/shop/products/export.csv' }),
  '/api/shop/products/export.zip': async () => ({ method: 'GET', path: '/api/shop/products/export.zip' }),
  '/api/shop/products/import-template.csv': async () => ({ method: 'GET', path: '/api/shop/products/import-template.csv' }),
  '/api/shop/products/import/preview': async () => ({ method: 'POST', path: '/api/shop/products/import/preview?name=p.csv', body: CSV }),
  '/api/shop/products/import': async () => ({ method: 'POST', path: '/api/shop/products/import?name=p.csv', body: CSV }),
  '/api/uploads': async () => ({ method: 'POST', path: '/api/uploads', body: await uploadForm() }),
};

beforeAll(async () => {
  server = await startTestServer({}, createTestEnv());
  const env = server.env;
  const ownerId = await createUser(env, { email: 'routes-owner@example.test', roles: ['shopkeeper'], isPro: true });
  const shop = await createShop(env, { owner: ownerId, currency: 'PKR' });
  await createOrder(env, await createProduct(env, shop, { stock: 9 }), { at: new Date('2026-03-01T10:00:00Z') });
  await createStaff(env, shop, { email: 'routes-orders@example.test', role: 'orders', at: new Date() });
  await createStaff(env, shop, { email: 'routes-products@example.test', role: 'orders_products', at: new Date() });
  cookies.owner = await signInOverHttp(server.port, 'routes-owner@example.test');
  cookies.orders = await signInOverHttp(server.port, 'routes-orders@example.test');
  cookies.orders_products = await signInOverHttp(server.port, 'routes-products@example.test');
});
afterAll(async () => {
  await server.close();
  await server.env.db.destroy();
});

describe("the shop's HTTP routes and its staff", () => {
  for (const [route, minimum] of Object.entries(SHOP_ROUTES) as Array<[keyof typeof SHOP_ROUTES, ShopRole]>) {
    it(`${route}: at least ${minimum}`, async () => {
      expect(REQUESTS[route], `a request for ${route}`).toBeDefined();
      for (const role of ['orders', 'orders_products'] as const) {
        const { method, path, body } = await REQUESTS[route]();
        const reply = await fetch(`${base()}${path}`, { method, body, headers: { cookie: cookies[role]!, origin: base() } });
        const text = await reply.text();
        const allowed = role === 'orders_products' ? minimum !== 'owner' : minimum === 'orders';
        if (allowed) expect(reply.status, `${role}: ${text}`).toBeLessThan(300);
        else {
          expect(reply.status, `${role}: ${text}`).toBe(403);
          expect(JSON.parse(text)).toEqual({ message: minimum === 'owner' ? "Only the shop's owner can do that" : 'Your role in this shop does not include products' });
        }
      }
    });
  }
});
