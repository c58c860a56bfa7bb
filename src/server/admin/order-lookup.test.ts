import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../observability/logger';
import { createOrder, createProduct, createShop, createUser, type ProductRef } from '../testing/factories';
import { createTestEnv, type TestEnv } from '../testing/test-app';
import { rawRequest, signInOverHttp, startTestServer } from '../testing/test-server';

// The admin's order lookup (issue 30): any shop's orders by number, email or phone, read-only, logged.
const HOUR = 3_600_000;
let env: TestEnv;
let admin = 0;
let adminEmail = '';
let lamp: ProductRef;
let rivalLamp: ProductRef;
let guestOrder: { id: number; orderNumber: string };
let buyerOrder: { id: number; orderNumber: string };

beforeAll(async () => {
  env = createTestEnv();
  adminEmail = 'lookup-admin@example.test';
  admin = await createUser(env, { roles: ['admin'], email: adminEmail });
  const buyer = await createUser(env, { roles: ['buyer'] });
  const shop = await createShop(env, { name: 'Sara Boutique', currency: 'PKR' });
  const rival = await createShop(env, { name: 'Gadget Hub', currency: 'PKR' });
  lamp = await createProduct(env, shop, { name: 'Lamp', price: 150_000, stock: 100 });
  rivalLamp = await createProduct(env, rival, { name: 'Kettle', price: 90_000, stock: 100 });
  const at = (hoursAgo: number) => new Date(env.clock.now.getTime() - hoursAgo * HOUR);
  // One number written two ways, at two shops; a guest and a signed-in buyer.
  guestOrder = await createOrder(env, [{ product: lamp, quantity: 2 }], {
    status: 'delivered',
    at: at(48),
    shipping: { phone: '+92 300 1234567', email: 'Guest.Buyer@Example.test' },
    shipment: { courier: 'Leopards', trackingNumber: 'LE-777' },
  });
  buyerOrder = await createOrder(env, rivalLamp, { buyer, at: at(24), shipping: { phone: '0300-1234567' } });
  await createOrder(env, lamp, { at: at(12), shipping: { phone: '+92 321 7654321', email: 'someone@example.test' } });
});
afterAll(async () => {
  await env.db.destroy();
});

describe('the admin’s order lookup', () => {
  it('finds a number’s orders across shops however it is written, newest first, with shop, history, shipment, lines, totals and cash', async () => {
    const found = await env.as(admin).admin.orders({ query: '923001234567' });
    expect(found.total).toBe(2);
    expect(found.items.map((o) => [o.orderNumber, o.shopName])).toEqual([
      [buyerOrder.orderNumber, 'Gadget Hub'],
      [guestOrder.orderNumber, 'Sara Boutique'],
    ]);
    const guest = found.items[1]!;
    expect(guest).toMatchObject({
      status: 'delivered',
      isGuest: true,
      shipment: { courier: 'Leopards', trackingNumber: 'LE-777' },
      items: [{ name: 'Lamp', quantity: 2, unitPrice: 150_000, lineTotal: 300_000 }],
      cash: { receivedOn: null, reference: null },
    });
    expect(guest.history.map((h) => h.status)).toEqual(['pending', 'confirmed', 'shipped', 'delivered']);
    expect(guest.total).toBe(guest.subtotal + guest.tax + guest.deliveryFee);
  });

  it('finds by email in any case and by order number in any case', async () => {
    expect((await env.as(admin).admin.orders({ query: 'guest.buyer@EXAMPLE.test' })).items.map((o) => o.id)).toEqual([guestOrder.id]);
    expect((await env.as(admin).admin.orders({ query: buyerOrder.orderNumber.toLowerCase() })).items.map((o) => o.id)).toEqual([buyerOrder.id]);
    expect((await env.as(admin).admin.orders({ query: 'nobody@example.test' })).total).toBe(0);
  });

  it('pages through many orders of one email', async () => {
    const fresh = createTestEnv();
    try {
      const who = await createUser(fresh, { roles: ['admin'] });
      const shop = await createShop(fresh, {});
      const item = await createProduct(fresh, shop, { stock: 100 });
      for (let i = 0; i < 21; i += 1) await createOrder(fresh, item, { at: new Date(fresh.clock.now.getTime() - i * HOUR), shipping: { email: 'many@example.test' } });
      const first = await fresh.as(who).admin.orders({ query: 'many@example.test' });
      expect([first.total, first.items.length, first.nextCursor]).toEqual([21, 20, 20]);
      const second = await fresh.as(who).admin.orders({ query: 'many@example.test', cursor: first.nextCursor });
      expect([second.items.length, second.nextCursor]).toEqual([1, null]);
    } finally {
      await fresh.db.destroy();
    }
  });

  it('refuses a search that is no order number, email or phone, and every caller who is not an admin', async () => {
    await expect(env.as(admin).admin.orders({ query: 'lamp' })).rejects.toThrow('Enter an order number, an email or a phone number');
    await expect(env.as(await ownerOf(lamp.shopId)).admin.orders({ query: '03001234567' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(env.as(null).admin.orders({ query: '03001234567' })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('writes one log line per lookup with the admin’s id and what it searched by, never the email or phone', async () => {
    const lines: string[] = [];
    const logger = createLogger({ level: 'info', destination: { write: (line: string) => void lines.push(line) } });
    const server = await startTestServer({ observability: { logger } }, env);
    try {
      const cookie = await signInOverHttp(server.port, adminEmail);
      const input = encodeURIComponent(JSON.stringify({ query: '+92 300 1234567' }));
      const res = await rawRequest(server.port, `/api/trpc/admin.orders?input=${input}`, { headers: { cookie } });
      expect(res.status).toBe(200);
      const records = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
      const lookup = records.filter((r) => r.msg === 'admin order lookup');
      expect(lookup).toHaveLength(1);
      expect(lookup[0]).toMatchObject({ adminId: admin, lookupBy: 'phone', found: 2 });
      expect(typeof lookup[0]?.reqId).toBe('string');
      const all = lines.join('');
      for (const secret of ['1234567', 'guest.buyer', 'Guest.Buyer', 'LE-777']) expect(all).not.toContain(secret);
    } finally {
      await server.close();
    }
  });
});

async function ownerOf(shopId: number): Promise<number> {
  return (await env.db.selectFrom('shops').select('owner_id').where('id', '=', shopId).executeTakeFirstOrThrow()).owner_id;
}
