import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderExportSchema } from '../../shared/schemas/order-export';
import { createOrder, createProduct, createShop, type ProductRef, type ShopRef } from '../testing/factories';
import { createTestEnv, type TestEnv } from '../testing/test-app';
import { itSqliteOnly } from '../testing/test-engine';
import { ORDER_EXPORT_COLUMNS, ORDER_ITEMS_EXPORT_COLUMNS, orderExportReader, orderItemsExportReader } from './order-export.service';

// The orders CSV's records (issue 30). The clock stands at 2026-06-01 12:00 UTC; days are Karachi's (UTC+5).
let env: TestEnv;
let shop: ShopRef;
let rival: ShopRef;
let shirt: ProductRef;
let lamp: ProductRef;
let bag: ProductRef;

type Row = Array<string | number | null>;
/** Every record the reader gives, batch after batch, until it says none is left. */
const readAll = async (next: () => Promise<Row[] | null>) => {
  const rows: Row[] = [];
  for (let batch = await next(); batch !== null; batch = await next()) rows.push(...batch);
  return rows;
};
const records = (filters: Record<string, unknown>, shopId = shop.id, batch?: number) =>
  readAll(orderExportReader(env.db, shopId, orderExportSchema.parse(filters), 'Asia/Karachi', batch));
const column = (row: Array<string | number | null>, name: (typeof ORDER_EXPORT_COLUMNS)[number]) => row[ORDER_EXPORT_COLUMNS.indexOf(name)];
const itemRecords = (filters: Record<string, unknown>) => readAll(orderItemsExportReader(env.db, shop.id, orderExportSchema.parse(filters), 'Asia/Karachi'));
const itemColumn = (row: Array<string | number | null>, name: (typeof ORDER_ITEMS_EXPORT_COLUMNS)[number]) => row[ORDER_ITEMS_EXPORT_COLUMNS.indexOf(name)];

beforeAll(async () => {
  env = createTestEnv();
  shop = await createShop(env, { currency: 'PKR' });
  rival = await createShop(env, { currency: 'PKR' });
  lamp = await createProduct(env, shop, { name: 'Lamp', price: 150_050, stock: 500 });
  shirt = await createProduct(env, shop, {
    name: 'قمیض',
    price: 200_000,
    colors: ['#ff0000'],
    sizes: ['M'],
    variants: { '#ff0000|M': { stock: 50, sku: 'QM-RED-M' } },
  });
  bag = await createProduct(env, shop, { name: 'Leather Handbag', price: 450_000, colors: ['#8b5a2b'], stock: 5 });
  const rivalLamp = await createProduct(env, rival, { stock: 10 });
  // 2026-05-31 19:30 UTC is 1 June 00:30 in Karachi; 2026-05-31 18:30 UTC is still 31 May there.
  await createOrder(env, [{ product: lamp, quantity: 2 }, { product: shirt, quantity: 1, color: '#ff0000', size: 'M' }, { product: bag, quantity: 1, color: '#8b5a2b' }], {
    at: new Date('2026-05-31T19:30:00Z'),
    status: 'delivered',
    shipping: { fullName: 'عائشہ خان', phone: '+92 300 1234567', address: '=HYPERLINK("x")', city: 'Lahore' },
    shipment: { courier: 'TCS', trackingNumber: 'TCS-1' },
  });
  await createOrder(env, lamp, { at: new Date('2026-05-31T18:30:00Z') });
  await createOrder(env, rivalLamp, { at: new Date('2026-05-31T20:00:00Z') });
});
afterAll(async () => {
  await env.db.destroy();
});

describe('the orders CSV’s records', () => {
  it('has one record per order, its lines in one cell (colours by name), the date in the marketplace’s time zone and amounts in major units (issue 53)', async () => {
    const rows = await records({ from: '2026-06-01', to: '2026-06-01' });
    expect(rows).toHaveLength(1);
    const [order] = rows as [Array<string | number | null>];
    expect(column(order, 'Date')).toBe('2026-06-01T00:30:00+05:00');
    expect(column(order, 'Buyer name')).toBe('عائشہ خان');
    expect(column(order, 'Address')).toBe('=HYPERLINK("x")');
    expect(column(order, 'Items')).toBe('Lamp x 2\nقمیض (Red / M, SKU QM-RED-M) x 1\nLeather Handbag (Brown) x 1');
    expect([column(order, 'Subtotal'), column(order, 'Coupon discount'), column(order, 'Tax'), column(order, 'Delivery fee'), column(order, 'Order total')]).toEqual([
      '9501.00',
      '0.00',
      '0.00',
      '0.00',
      '9501.00',
    ]);
    expect([column(order, 'Status'), column(order, 'Courier'), column(order, 'Tracking number'), column(order, 'Cash received')]).toEqual(['delivered', 'TCS', 'TCS-1', null]);
  });

  it('writes a phone as digits in groups, starting with a digit: no apostrophe in a spreadsheet, never a formula (issue 53)', async () => {
    const [order] = (await records({ from: '2026-06-01', to: '2026-06-01' })) as [Array<string | number | null>];
    expect(column(order, 'Phone')).toBe('0092 300 1234567');
  });

  it('gives one record per item in the Items CSV, without the order’s totals (issue 53)', async () => {
    expect(ORDER_ITEMS_EXPORT_COLUMNS).not.toContain('Order total');
    const rows = await itemRecords({ from: '2026-06-01', to: '2026-06-01' });
    expect(rows.map((row) => [itemColumn(row, 'Product'), itemColumn(row, 'Variant'), itemColumn(row, 'SKU'), itemColumn(row, 'Quantity'), itemColumn(row, 'Unit price'), itemColumn(row, 'Line total')])).toEqual([
      ['Lamp', null, null, 2, '1500.50', '3001.00'],
      ['قمیض', 'Red / M', 'QM-RED-M', 1, '2000.00', '2000.00'],
      ['Leather Handbag', 'Brown', null, 1, '4500.00', '4500.00'],
    ]);
    expect(new Set(rows.map((row) => itemColumn(row, 'Order number'))).size).toBe(1);
    expect(itemColumn(rows[0]!, 'Date')).toBe('2026-06-01T00:30:00+05:00');
    expect(await itemRecords({ from: '2026-05-31', to: '2026-06-01', status: 'pending' })).toHaveLength(1);
  });

  it('keeps to the shop, the status and the days From and To, both included', async () => {
    expect(await records({ from: '2026-05-31', to: '2026-06-01' })).toHaveLength(2);
    expect(await records({ from: '2026-05-31', to: '2026-05-31' })).toHaveLength(1);
    expect(await records({ from: '2026-05-31', to: '2026-06-01', status: 'pending' })).toHaveLength(1);
    expect(await records({ from: '2026-05-31', to: '2026-06-01' }, rival.id)).toHaveLength(1);
  });

  it('reads in batches and gives every order once, oldest first', async () => {
    const fresh = createTestEnv();
    try {
      const own = await createShop(fresh, {});
      const item = await createProduct(fresh, own, { stock: 100 });
      const same = new Date('2026-05-20T10:00:00Z');
      for (let i = 0; i < 7; i += 1) await createOrder(fresh, item, { at: i < 4 ? same : new Date(same.getTime() + i * 60_000) });
      const next = orderExportReader(fresh.db, own.id, orderExportSchema.parse({ from: '2026-05-01', to: '2026-05-31' }), 'Asia/Karachi', 3);
      const sizes: number[] = [];
      const rows: string[] = [];
      for (let batch = await next(); batch !== null; batch = await next()) {
        sizes.push(batch.length);
        rows.push(...batch.map((row) => String(row[0])));
      }
      expect(sizes).toEqual([3, 3, 1]);
      expect(await next()).toBeNull();
      expect(new Set(rows).size).toBe(7);
    } finally {
      await fresh.db.destroy();
    }
  });

  itSqliteOnly('reads 50,000 orders without holding them: the heap stays within a few batches', async () => {
    const fresh = createTestEnv();
    try {
      const own = await createShop(fresh, { currency: 'PKR' });
      // Written in one statement (the factories would take minutes): 50,000 orders of one line each in May.
      await sql`insert into orders (order_number, shop_id, shop_name, shop_whatsapp, currency, buyer_name, buyer_email, buyer_phone, ship_address, ship_city,
          ship_postal_code, subtotal, total, created_at, updated_at)
        with recursive n(i) as (select 1 union all select i + 1 from n where i < 50000)
        select 'ORD-BULK-' || i, ${own.id}, 'Bulk', '923000000000', 'PKR', 'عائشہ خان', 'bulk@example.test', '+92 300 1234567', 'House ' || i || ', Street 5', 'Lahore',
          '54000', 150000, 150000, strftime('%Y-%m-%dT%H:%M:%fZ', '2026-05-02T00:00:00Z', '+' || (i * 40) || ' seconds'), '2026-05-31T00:00:00.000Z' from n`.execute(fresh.db);
      await sql`insert into order_items (order_id, product_name, unit_price, quantity, line_total)
        select id, 'لان سوٹ', 150000, 1, 150000 from orders where shop_id = ${own.id}`.execute(fresh.db);
      global.gc?.();
      const before = process.memoryUsage().heapUsed;
      let peak = before;
      let count = 0;
      const next = orderExportReader(fresh.db, own.id, orderExportSchema.parse({ from: '2026-05-01', to: '2026-05-31' }), 'Asia/Karachi');
      for (let batch = await next(); batch !== null; batch = await next()) {
        count += batch.length;
        peak = Math.max(peak, process.memoryUsage().heapUsed);
      }
      expect(count).toBe(50_000);
      // The 50,000 rows as objects take well over 50 MB; a batch of 200 and its lines, a few.
      expect((peak - before) / 1024 / 1024).toBeLessThan(40);
    } finally {
      await fresh.db.destroy();
    }
  }, 60_000);

  it('refuses a range over 366 days, From after To, and a day that does not exist', () => {
    const message = (input: object) => orderExportSchema.safeParse(input).error?.issues[0]?.message;
    expect(message({ from: '2025-05-31', to: '2026-06-01' })).toBe('An export covers at most 366 days');
    expect(orderExportSchema.safeParse({ from: '2025-06-01', to: '2026-06-01' }).success).toBe(true);
    expect(message({ from: '2026-06-02', to: '2026-06-01' })).toBe('"From" must be on or before "To"');
    expect(message({ from: '2026-02-30', to: '2026-03-01' })).toBe('Choose the "From" date');
  });
});
