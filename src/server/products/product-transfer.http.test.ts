import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../shared/constants';
import { csvDocument } from '../spreadsheets/csv';
import { capturedLog } from '../testing/captured-log';
import { createProduct, createShop, createUser, moveTrialStart, type ShopRef } from '../testing/factories';
import { countRows, createTestEnv } from '../testing/test-app';
import { rawRequest, startTestServer, type TestServer, signInOverHttp } from '../testing/test-server';
import { latestImport } from './product-import.service';

/**
 * The catalogue's routes on the real server (issue 34): who may export and import (only the shop's
 * owner, and into or out of their own shop), the downloads' shape, the preview and the import over
 * HTTP, in the page's language; a refused call writes nothing.
 */
let server: TestServer;
let owner: { id: number; email: string; shop: ShopRef };
let other: { id: number; email: string; shop: ShopRef };
const base = () => `http://127.0.0.1:${server.port}`;

async function userWith(roles: Role[]) {
  const email = `u${Math.random().toString(36).slice(2, 10)}@example.test`;
  const id = await createUser(server.env, { email, roles, trialStartAt: new Date() });
  return { id, email };
}

beforeAll(async () => {
  server = await startTestServer({}, createTestEnv());
  const a = await userWith(['shopkeeper']);
  owner = { ...a, shop: await createShop(server.env, { owner: a.id, currency: 'PKR' }) };
  await createProduct(server.env, owner.shop, { name: 'Owner Lamp', price: 150_000, images: 1, colors: ['#ff0000'], variants: { '#ff0000|': { stock: 3, sku: 'LAMP-R' } } });
  const b = await userWith(['shopkeeper']);
  other = { ...b, shop: await createShop(server.env, { owner: b.id, currency: 'PKR' }) };
  await createProduct(server.env, other.shop, { name: 'Other Vase' });
});
afterAll(async () => {
  await server.close();
  await server.env.db.destroy();
});

const get = (path: string, cookie = '') => fetch(`${base()}/api/shop/products/${path}`, { headers: { cookie } });
const post = (path: string, body: string | Buffer, cookie = '', headers: Record<string, string> = {}) =>
  fetch(`${base()}/api/shop/products/${path}?name=products.csv`, { method: 'POST', body: new Uint8Array(Buffer.from(body)), headers: { cookie, origin: base(), ...headers } });

describe('who may move a catalogue', () => {
  it('lets only a shop owner export, and each exports their own shop', async () => {
    expect((await get('export.csv')).status).toBe(401);
    const buyer = await userWith(['buyer']);
    const buyerCookie = await signInOverHttp(server.port, buyer.email);
    expect(await (await get('export.csv', buyerCookie)).json()).toEqual({ message: 'Only shopkeepers can do this' });
    const keeper = await userWith(['shopkeeper']);
    expect((await get('export.zip', await signInOverHttp(server.port, keeper.email))).status).toBe(404);

    const reply = await get('export.csv', await signInOverHttp(server.port, owner.email));
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(reply.headers.get('content-disposition')).toMatch(/^attachment; filename=".+-products-\d{4}-\d{2}-\d{2}\.csv"$/);
    const bytes = Buffer.from(await reply.arrayBuffer());
    expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const text = bytes.toString('utf8');
    expect(text).toContain('Owner Lamp');
    expect(text).toContain('LAMP-R');
    expect(text).not.toContain('Other Vase');

    const zip = await get('export.zip', await signInOverHttp(server.port, other.email));
    expect(zip.headers.get('content-type')).toBe('application/zip');
    expect(Buffer.from(await zip.arrayBuffer()).subarray(0, 2).toString()).toBe('PK');
  });

  it('previews and imports only into the caller’s own shop, within the trial; refusals write nothing', async () => {
    const file = csvDocument(['Name', 'Price', 'Stock'], [['Imported Kettle', 'Rs 2,000', 4]]);
    const products = await countRows(server.env.db, 'products');
    expect((await post('import', file)).status).toBe(401);
    const buyer = await userWith(['buyer']);
    expect((await post('import/preview', file, await signInOverHttp(server.port, buyer.email))).status).toBe(403);
    const expired = await userWith(['shopkeeper']);
    await createShop(server.env, { owner: expired.id });
    await moveTrialStart(server.env.db, expired.id, new Date(Date.now() - 60 * 60_000));
    const refused = await post('import', file, await signInOverHttp(server.port, expired.email));
    expect([refused.status, await refused.json()]).toEqual([403, { message: 'Your 10-minute free trial has expired.' }]);
    // A write from another site is refused at the door.
    const cookie = await signInOverHttp(server.port, owner.email);
    expect((await post('import', file, cookie, { origin: 'https://evil.example' })).status).toBe(403);
    expect(await countRows(server.env.db, 'products')).toBe(products);

    const preview = await post('import/preview', file, cookie);
    expect(preview.status).toBe(200);
    expect(await preview.json()).toMatchObject({ counts: { created: 1, updated: 0, unchanged: 0, withErrors: 0 }, sample: [{ name: 'Imported Kettle', price: 200_000 }] });
    expect(await countRows(server.env.db, 'products')).toBe(products);

    const started = await post('import', file, cookie);
    expect(started.status).toBe(202);
    const { id } = (await started.json()) as { id: number };
    for (let i = 0; i < 50 && (await latestImport(server.env.db, owner.shop.id))?.status === 'running'; i++) await new Promise((r) => setTimeout(r, 50));
    expect(await latestImport(server.env.db, owner.shop.id)).toMatchObject({ id, status: 'done', created: 1 });
    const kettle = await server.env.db.selectFrom('products').select('shop_id').where('name', '=', 'Imported Kettle').execute();
    expect(kettle).toEqual([{ shop_id: owner.shop.id }]);
    // The activity log has the import once, as its owner's, with its counts (issue 49); the refused ones are not in it.
    const logged = await server.env.db.selectFrom('activity_log').selectAll().where('action', 'like', 'import.%').execute();
    expect(logged.map((r) => [r.action, r.actor_user_id, r.actor_role, r.shop_id, r.subject_type, String(r.subject_id), r.subject_label, JSON.parse(r.changes) as unknown])).toEqual([
      ['import.applied', owner.id, 'owner', owner.shop.id, 'import', String(id), 'products.csv', { created: [null, 1], updated: [null, 0], unchanged: [null, 0], images: [null, 0] }],
    ]);
  });

  it('answers a file with bad rows with its preview, each message in the page’s language, and writes nothing', async () => {
    const cookie = await signInOverHttp(server.port, owner.email);
    const file = csvDocument(['Name', 'Price', 'Stock'], [['Fine', '10', 1], ['Broken', 'twelve', 1]]);
    const products = await countRows(server.env.db, 'products');
    const reply = await post('import', file, cookie, { 'x-language': 'ur' });
    expect(reply.status).toBe(400);
    const body = (await reply.json()) as { message: string; preview: { errors: Array<{ row: number; column: string; message: string }> } };
    expect(body.message).toBe('کچھ قطاروں میں غلطیاں ہیں۔ کچھ بھی امپورٹ نہیں ہوا۔');
    expect(body.preview.errors).toHaveLength(1);
    expect(body.preview.errors[0]).toMatchObject({ row: 3, column: 'Price' });
    expect(body.preview.errors[0]!.message).not.toMatch(/[A-Za-z]{4}/);
    expect(await countRows(server.env.db, 'products')).toBe(products);

    const notAFile = await post('import/preview', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]), cookie);
    expect([notAFile.status, await notAFile.json()]).toEqual([400, { message: 'Choose a .csv file or a .zip file holding one.' }]);
  });

  it('refuses a file over 100 MB before reading it', async () => {
    const cookie = await signInOverHttp(server.port, owner.email);
    const reply = await rawRequest(server.port, '/api/shop/products/import/preview?name=big.zip', {
      method: 'POST',
      headers: { cookie, origin: base() },
      declaredBytes: 100 * 1024 * 1024 + 1,
    });
    expect([reply.status, reply.json()]).toEqual([413, { message: 'This file is larger than 100 MB.' }]);
  });

  it('offers the template to owners', async () => {
    const reply = await get('import-template.csv', await signInOverHttp(server.port, owner.email));
    expect(reply.status).toBe(200);
    expect(await reply.text()).toContain('Handle,Name,Brand');
  });
});

describe('a download that cannot be finished', () => {
  it('is logged as our failure and cut short when the catalogue cannot be read mid-export, and the server goes on', async () => {
    const fresh = createTestEnv();
    const { logger, records } = capturedLog();
    const own = await startTestServer({ observability: { logger } }, fresh);
    try {
      const email = 'export-fails@example.test';
      const keeper = await createUser(fresh, { email, roles: ['shopkeeper'], trialStartAt: new Date() });
      const shop = await createShop(fresh, { owner: keeper, currency: 'PKR' });
      // 3,000 products with 2 KB descriptions: 6 MB of CSV, read 200 products at a time, so the
      // export is still reading when its database goes.
      const description = 'Soft cotton, hand finished. '.repeat(75);
      for (let batch = 0; batch < 6; batch += 1) {
        await fresh.db
          .insertInto('products')
          .values(
            Array.from({ length: 500 }, (_, i) => ({
              shop_id: shop.id,
              name: `Dupatta ${batch * 500 + i}`,
              slug: `dupatta-${batch * 500 + i}`,
              description_html: description,
              selling_price: 150_000,
              currency: 'PKR',
              stock_amount: 5,
              unit: 'pieces',
            })),
          )
          .execute();
      }
      const cookie = await signInOverHttp(own.port, email);
      const ended = await new Promise<{ status: number; complete: boolean }>((resolve, reject) => {
        const req = http.get({ host: '127.0.0.1', port: own.port, path: '/api/shop/products/export.csv', headers: { cookie } }, (res) => {
          // The first bytes, then the database goes; the rest is read until the server ends the response.
          res.once('data', () => void fresh.db.destroy());
          res.resume();
          res.on('close', () => resolve({ status: res.statusCode ?? 0, complete: res.complete }));
        });
        req.on('error', () => undefined);
        req.setTimeout(20_000, () => reject(new Error('no answer')));
      });
      expect(ended).toEqual({ status: 200, complete: false });
      await expect.poll(() => records().find((r) => r.msg === 'unexpected error')).toMatchObject({ err: { message: 'driver has already been destroyed' } });
      // Logged with the request it cut short.
      const failed = records().find((r) => r.msg === 'unexpected error')!;
      await expect.poll(() => records().find((r) => r.msg === 'request' && r.reqId === failed.reqId)?.path).toBe('/api/shop/products/export.csv');
      // The server still answers.
      expect((await fetch(`http://127.0.0.1:${own.port}/healthz`)).status).toBeLessThan(600);
    } finally {
      await own.close();
      await fresh.db.destroy().catch(() => undefined);
    }
  }, 60_000);
});
