import http from 'node:http';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capturedLog } from '../testing/captured-log';
import { createOrder, createProduct, createShop, createUser, TEST_PASSWORD } from '../testing/factories';
import { createTestEnv, type TestEnv } from '../testing/test-app';
import { rawRequest, signInOverHttp, startTestServer, type TestServer } from '../testing/test-server';

// The orders CSV over HTTP (issue 30): only the shop's owner gets a file, of their own shop; UTF-8 with
// a byte-order mark, RFC 4180 quoting, formulas neutralised, Urdu read back as written.
let env: TestEnv;
let server: TestServer;
const emails = { owner: 'csv-owner@example.test', other: 'csv-other@example.test', buyer: 'csv-buyer@example.test', newKeeper: 'csv-new@example.test' };
let orderNumber = '';

beforeAll(async () => {
  env = createTestEnv();
  const owner = await createUser(env, { roles: ['shopkeeper'], email: emails.owner });
  const other = await createUser(env, { roles: ['shopkeeper'], email: emails.other });
  await createUser(env, { roles: ['buyer'], email: emails.buyer });
  await createUser(env, { roles: ['shopkeeper'], email: emails.newKeeper });
  const shop = await createShop(env, { owner, currency: 'PKR' });
  await createShop(env, { owner: other, currency: 'PKR' });
  const product = await createProduct(env, shop, { name: 'لان سوٹ, "Summer"', price: 250_000, stock: 10 });
  const scarf = await createProduct(env, shop, { name: '=Scarf', price: 120_050, colors: ['#e64980'], stock: 10 });
  orderNumber = (
    await createOrder(env, [{ product, quantity: 2 }], {
      at: new Date('2026-05-20T10:00:00Z'),
      shipping: { fullName: 'عائشہ خان', address: '=cmd|"/c calc"!A1', city: '+Lahore', notes: '' },
    })
  ).orderNumber;
  // Two more orders of two lines each: a Total column that repeated an order's total per line would add up wrong.
  for (const [day, phone] of [['2026-05-21', '03001234567'], ['2026-05-22', '+44 20 7946 0958']] as const) {
    await createOrder(env, [{ product, quantity: 1 }, { product: scarf, quantity: 3, color: '#e64980' }], { at: new Date(`${day}T10:00:00Z`), shipping: { phone } });
  }
  server = await startTestServer({}, env);
});
afterAll(async () => {
  await server.close();
  await env.db.destroy();
});

const exportAs = async (email: string | null, query = 'from=2026-05-01&to=2026-05-31', file = 'orders.csv') => {
  const cookie = email ? await signInOverHttp(server.port, email, TEST_PASSWORD) : undefined;
  return rawRequest(server.port, `/api/shop/${file}?${query}`, { headers: cookie ? { cookie } : {} });
};
/** A CSV as a spreadsheet reads it: csv-parse, then each record by its header's names. */
const table = (text: string) => {
  const [header, ...rows] = parse(text, { bom: true }) as string[][];
  return rows.map((row) => Object.fromEntries(header!.map((name, i) => [name, row[i]!])));
};

describe('the orders CSV', () => {
  it('gives the owner their orders: BOM, RFC 4180 quoting, formulas neutralised, Urdu as written', async () => {
    const res = await exportAs(emails.owner);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="orders-2026-05-01-to-2026-05-31.csv"');
    expect(res.text.startsWith('\uFEFF')).toBe(true);
    expect(res.text).toContain('\r\n');
    expect(res.text).toContain('"لان سوٹ, ""Summer"" x 2"');
    const [header, row] = parse(res.text, { bom: true }) as string[][];
    expect(header?.slice(0, 3)).toEqual(['Order number', 'Date', 'Status']);
    const cell = (name: string) => row?.[header!.indexOf(name)];
    expect(cell('Order number')).toBe(orderNumber);
    expect(cell('Date')).toBe('2026-05-20T15:00:00+05:00');
    expect(cell('Buyer name')).toBe('عائشہ خان');
    expect(cell('Items')).toBe('لان سوٹ, "Summer" x 2');
    expect(cell('Address')).toBe(`'=cmd|"/c calc"!A1`);
    expect(cell('City')).toBe("'+Lahore");
    expect([cell('Subtotal'), cell('Order total')]).toEqual(['5000.00', '5000.00']);
  });

  it('has one row per order, so its Order total column adds up to what the orders total (issue 53)', async () => {
    const rows = table((await exportAs(emails.owner)).text);
    expect(rows).toHaveLength(3);
    const totals = await env.db.selectFrom('orders').select('total').where('order_number', 'in', rows.map((r) => r['Order number']!)).execute();
    const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
    expect(Math.round(sum(rows.map((r) => Number(r['Order total']))) * 100)).toBe(sum(totals.map((t) => t.total)));
    expect(rows[1]!['Items']).toBe(`لان سوٹ, "Summer" x 1\n=Scarf (Hot Pink) x 3`);
  });

  it('writes phones a spreadsheet shows as phones: no apostrophe, starting with a digit, never a formula (issue 53)', async () => {
    const res = await exportAs(emails.owner);
    expect(table(res.text).map((r) => r['Phone'])).toEqual(['0092 300 7654321', '0300 1234567', '0044 207 9460958']);
    expect(res.text).not.toMatch(/'\+?\d/);
  });

  it('gives the Items CSV: one row per item with its variant by colour name, no order totals; formulas still neutralised (issue 53)', async () => {
    const res = await exportAs(emails.owner, 'from=2026-05-21&to=2026-05-21', 'order-items.csv');
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="order-items-2026-05-21-to-2026-05-21.csv"');
    expect(res.text.startsWith('\uFEFF')).toBe(true);
    const rows = table(res.text);
    expect(rows.map((r) => [r['Product'], r['Variant'], r['Quantity'], r['Unit price'], r['Line total']])).toEqual([
      ['لان سوٹ, "Summer"', '', '1', '2500.00', '2500.00'],
      ["'=Scarf", 'Hot Pink', '3', '1200.50', '3601.50'],
    ]);
    expect(Object.keys(rows[0]!)).not.toContain('Order total');
    expect((await exportAs(null, undefined, 'order-items.csv')).status).toBe(401);
    expect((await exportAs(emails.buyer, undefined, 'order-items.csv')).status).toBe(403);
  });

  it('never gives a file to anyone else: signed out 401, a buyer 403, a shopkeeper without a shop 404, another shop only its own orders', async () => {
    expect((await exportAs(null)).status).toBe(401);
    expect((await exportAs(emails.buyer)).status).toBe(403);
    expect((await exportAs(emails.newKeeper)).status).toBe(404);
    const other = await exportAs(emails.other);
    expect(other.status).toBe(200);
    expect(other.text).not.toContain(orderNumber);
    expect(parse(other.text, { bom: true })).toHaveLength(1);
  });

  it('refuses a range over 366 days with its message, and writes no file', async () => {
    const res = await exportAs(emails.owner, 'from=2025-01-01&to=2026-05-31');
    expect(res.status).toBe(400);
    expect(res.json<{ message: string }>().message).toBe('An export covers at most 366 days');
    expect(res.headers['content-type']).toContain('application/json');
  });

  it('logs a download the shopkeeper cut short as a request, not as an error of ours', async () => {
    const fresh = createTestEnv();
    const { logger, records } = capturedLog();
    const own = await startTestServer({ observability: { logger } }, fresh);
    try {
      const keeper = await createUser(fresh, { roles: ['shopkeeper'], email: 'csv-long@example.test' });
      const shop = await createShop(fresh, { owner: keeper, currency: 'PKR' });
      // 5,000 orders with 2 KB addresses: 10 MB of CSV, more than loopback's buffers hold, so the
      // download is still being written when the client goes.
      const address = 'House 1, Street 5, '.repeat(110);
      for (let batch = 0; batch < 10; batch += 1) {
        const orders = await fresh.db
          .insertInto('orders')
          .values(
            Array.from({ length: 500 }, (_, i) => ({
              order_number: `ORD-LONG-${batch * 500 + i}`,
              shop_id: shop.id,
              shop_name: 'Long',
              shop_whatsapp: '923000000000',
              currency: 'PKR',
              buyer_name: 'عائشہ خان',
              buyer_email: 'long@example.test',
              buyer_phone: '+92 300 1234567',
              ship_address: address,
              ship_city: 'Lahore',
              ship_postal_code: '54000',
              subtotal: 150_000,
              total: 150_000,
              created_at: new Date(Date.UTC(2026, 4, 2) + (batch * 500 + i) * 60_000).toISOString(),
              updated_at: '2026-05-31T00:00:00.000Z',
            })),
          )
          .returning('id')
          .execute();
        await fresh.db
          .insertInto('order_items')
          .values(orders.map((o) => ({ order_id: o.id, product_name: 'لان سوٹ', unit_price: 150_000, quantity: 1, line_total: 150_000 })))
          .execute();
      }
      const cookie = await signInOverHttp(own.port, 'csv-long@example.test', TEST_PASSWORD);
      // The first bytes, then the tab closes.
      await new Promise<void>((resolve, reject) => {
        const req = http.get({ host: '127.0.0.1', port: own.port, path: '/api/shop/orders.csv?from=2026-05-01&to=2026-05-31', headers: { cookie } }, (res) => {
          expect(res.statusCode).toBe(200);
          res.once('data', () => {
            req.destroy();
            resolve();
          });
        });
        req.on('error', () => undefined);
        req.setTimeout(10_000, () => reject(new Error('no answer')));
      });
      await expect.poll(() => records().find((r) => r.path === '/api/shop/orders.csv')).toMatchObject({ msg: 'request', aborted: true });
      // The handler's own end comes with the response's close; give it a moment more.
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(records().filter((r) => r.msg === 'unexpected error')).toEqual([]);
    } finally {
      await own.close();
      await fresh.db.destroy();
    }
  }, 60_000);
});
