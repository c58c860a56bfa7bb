import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvDocument } from '../spreadsheets/csv';
import { createShop, createUser, pngImage } from '../testing/factories';
import { createTestEnv } from '../testing/test-app';
import { startTestServer, type TestServer, signInOverHttp } from '../testing/test-server';
import { latestImport } from '../products/product-import.service';
import { saveBillingSettings } from './billing-settings.service';

/**
 * The plain HTTP routes beside tRPC judge a shop's plan by the operator's "Grace days" (issue 48), as
 * the tiers do: an image upload and the catalogue's import (its preview too) of a shop whose dated Pro
 * ended two days ago are refused with 0 grace days and allowed with 5 (not the default 3 either way).
 */
let server: TestServer;
let cookie: string;
let shopId: number;
const base = () => `http://127.0.0.1:${server.port}`;
const admin = { userId: null, name: 'Admin', role: 'admin' as const };

beforeAll(async () => {
  server = await startTestServer({}, createTestEnv());
  const email = 'ended.pro@example.test';
  // The server reads the real clock: Pro ended two days before it.
  const owner = await createUser(server.env, { email, roles: ['shopkeeper'], trialStartAt: new Date(Date.now() - 90 * 86_400_000) });
  shopId = (await createShop(server.env, { owner })).id;
  const ended = new Date(Date.now() - 2 * 86_400_000).toISOString();
  await server.env.db.updateTable('profiles').set({ is_pro: 1, pro_until: ended }).where('user_id', '=', owner).execute();
  cookie = await signInOverHttp(server.port, email);
});
afterAll(async () => {
  await server.close();
  await server.env.db.destroy();
});

async function upload() {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(await pngImage())], { type: 'image/png' }), 'a.png');
  const reply = await fetch(`${base()}/api/uploads`, { method: 'POST', headers: { cookie, origin: base() }, body: form });
  return { status: reply.status, message: ((await reply.json()) as { message?: string }).message };
}

async function transfer(route: 'import/preview' | 'import') {
  const file = csvDocument(['Name', 'Price', 'Stock'], [['Grace Kettle', 'Rs 2,000', 4]]);
  const reply = await fetch(`${base()}/api/shop/products/${route}?name=products.csv`, { method: 'POST', body: new Uint8Array(Buffer.from(file)), headers: { cookie, origin: base() } });
  return { status: reply.status, message: ((await reply.json()) as { message?: string }).message };
}

describe("the HTTP routes and the operator's grace days", () => {
  it('refuse a shop past its grace days and let one within them write', async () => {
    const refused = { status: 403, message: 'Your Pro plan has ended' };
    await saveBillingSettings(server.env.db, { graceDays: 0, stopOrders: false }, new Date(), admin);
    expect(await upload()).toEqual(refused);
    expect(await transfer('import/preview')).toEqual(refused);
    expect(await transfer('import')).toEqual(refused);

    await saveBillingSettings(server.env.db, { graceDays: 5, stopOrders: false }, new Date(), admin);
    expect((await upload()).status).toBe(201);
    expect((await transfer('import/preview')).status).toBe(200);
    expect((await transfer('import')).status).toBe(202);
    await expect.poll(async () => (await latestImport(server.env.db, shopId))?.status).toBe('done');
  });
});
