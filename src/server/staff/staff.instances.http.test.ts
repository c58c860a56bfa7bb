// A shop's staff (issue 51): removing a helper, or changing their role, ends their access on the very
// next request, on the instance that wrote it and on another one serving the same database (SQLite: a
// second connection, heard through data_version; PostgreSQL: two linked instances, heard through the
// triggers' notifications), although each instance keeps the helper's membership and reads.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../db/client';
import { createOrder, createProduct, createShop, createStaff, createUser, type ShopRef } from '../testing/factories';
import { type Instance, mutateOn, startInstance } from '../testing/instances';
import { createTestEnv, type TestEnv } from '../testing/test-app';
import { secondHandle } from '../testing/test-engine';
import { signInOverHttp } from '../testing/test-server';

async function read(instance: Instance, path: string, cookie: string): Promise<{ status: number; text: string }> {
  const reply = await fetch(`http://127.0.0.1:${instance.server.port}/api/trpc/${path}?input=${encodeURIComponent('{}')}`, { headers: { cookie } });
  return { status: reply.status, text: await reply.text() };
}

describe("a helper's access on two instances of one database", () => {
  let env: TestEnv;
  let otherDb: DB;
  let one: Instance;
  let other: Instance;
  let shop: ShopRef;
  let helperId: number;
  let owner: string;
  let helper: string;

  beforeAll(async () => {
    env = createTestEnv();
    otherDb = await secondHandle(env);
    one = await startInstance(env, env.db);
    other = await startInstance(env, otherDb);
    const ownerId = await createUser(env, { email: 'staff-owner@example.test', roles: ['shopkeeper'], isPro: true });
    shop = await createShop(env, { owner: ownerId });
    await createOrder(env, await createProduct(env, shop, { stock: 10 }));
    // The server's own clock, so the helper's hourly "last active" is not written on every request.
    helperId = await createStaff(env, shop, { email: 'staff-helper@example.test', role: 'orders_products', at: new Date() });
    owner = await signInOverHttp(one.server.port, 'staff-owner@example.test');
    helper = await signInOverHttp(one.server.port, 'staff-helper@example.test');
  });

  afterAll(async () => {
    await one.stop();
    await other.stop();
    await otherDb.destroy();
    await env.db.destroy();
  });

  it('a role change through one instance holds on the next request to the other', async () => {
    // Both instances hold the helper's membership and reads.
    for (const instance of [one, other, one, other]) expect((await read(instance, 'products.list', helper)).status).toBe(200);
    expect(await mutateOn(one, 'staff.changeRole', owner, { userId: helperId, role: 'orders' })).toBe(200);
    const refused = await read(other, 'products.list', helper);
    expect(refused.status).toBe(403);
    expect(refused.text).toContain('Your role in this shop does not include products');
    expect((await read(other, 'shopOrders.list', helper)).status).toBe(200);
  });

  it('a removal through one instance refuses the next request on the other', async () => {
    for (const instance of [one, other, one, other]) expect((await read(instance, 'shopOrders.list', helper)).status).toBe(200);
    expect(await mutateOn(one, 'staff.remove', owner, { userId: helperId })).toBe(200);
    expect((await read(other, 'shopOrders.list', helper)).status).toBe(403);
    expect((await read(one, 'shopOrders.list', helper)).status).toBe(403);
    expect(await mutateOn(other, 'shopOrders.changeStatus', helper, { orderId: 1, status: 'confirmed' })).toBe(403);
  });
});
