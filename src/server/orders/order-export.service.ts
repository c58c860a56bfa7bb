import { dayStartIn, isoIn } from '../../shared/cash';
import { colorName } from '../../shared/colors';
import { minorToMajorString } from '../../shared/money';
import type { OrderExportFilters } from '../../shared/schemas/order-export';
import type { DB } from '../db/client';
import { type CsvCell as Cell, phoneCell } from '../spreadsheets/csv';
import * as repo from './order-export.repository';

/**
 * The orders CSV's columns (issue 30), in English whatever the page's language: they are data. One row
 * per order (issue 53), its lines in the one Items cell, so summing Order total gives the real total.
 */
export const ORDER_EXPORT_COLUMNS = [
  'Order number',
  'Date',
  'Status',
  'Currency',
  'Buyer name',
  'Phone',
  'Email',
  'City',
  'Address',
  'Items',
  'Subtotal',
  'Coupon discount',
  'Tax',
  'Delivery fee',
  'Order total',
  'Courier',
  'Tracking number',
  'Cash received',
  'Reference',
] as const;

/** The Items CSV's columns (issue 53): one row per order line, without the order's totals, which would add up many times. */
export const ORDER_ITEMS_EXPORT_COLUMNS = [
  'Order number',
  'Date',
  'Status',
  'Currency',
  'Buyer name',
  'City',
  'Product',
  'Variant',
  'SKU',
  'Quantity',
  'Unit price',
  'Line total',
] as const;

/**
 * Orders read per query: an export holds one batch (and its lines) however many orders the range has.
 * 200 rather than 500: with 50 exports at once, batches of 500 gave V8's collector three times the work
 * and the server 10-20 MB more (docs/performance.md, "The orders CSV").
 */
const BATCH = 200;

type ExportOrder = Awaited<ReturnType<typeof repo.exportOrders>>[number];
type ExportLine = Awaited<ReturnType<typeof repo.exportLines>>[number];
type ToRecords = (order: ExportOrder, lines: readonly ExportLine[], timeZone: string) => Cell[][];

/** A line's variant as the CSV names it, in English like its columns: a per_variant combination ('Red / M'), else the colour's name and the size. */
function variantOf(line: ExportLine): string | null {
  return line.variant_label ?? ([line.color && colorName(line.color, 'en'), line.size].filter(Boolean).join(' / ') || null);
}

/** One order's record: its lines as "Lamp x 2" / "Shirt (Red / M, SKU SH-1) x 1", one a line of the Items cell. */
const orderRecord: ToRecords = (order, lines, timeZone) => {
  const money = (minor: number) => minorToMajorString(minor, order.currency);
  const items = lines.map((line) => {
    const options = [variantOf(line), line.sku && `SKU ${line.sku}`].filter(Boolean).join(', ');
    return `${line.product_name}${options ? ` (${options})` : ''} x ${line.quantity}`;
  });
  return [
    [
      order.order_number,
      isoIn(order.created_at, timeZone),
      order.status,
      order.currency,
      order.buyer_name,
      phoneCell(order.buyer_phone),
      order.buyer_email,
      order.ship_city,
      order.ship_address,
      items.join('\n'),
      money(order.subtotal),
      money(order.coupon_discount),
      money(order.tax),
      money(order.delivery_fee),
      money(order.total),
      order.courier,
      order.tracking_number,
      order.cash_received_on,
      order.cash_reference,
    ],
  ];
};

/** One record per line of the order, with the order's number, date, status and buyer, and no order totals. */
const itemRecords: ToRecords = (order, lines, timeZone) => {
  const money = (minor: number) => minorToMajorString(minor, order.currency);
  const head: Cell[] = [order.order_number, isoIn(order.created_at, timeZone), order.status, order.currency, order.buyer_name, order.ship_city];
  return lines.map((line) => [...head, line.product_name, variantOf(line), line.sku, line.quantity, money(line.unit_price), money(line.line_total)]);
};

/**
 * The shop's orders matching the filters as CSV records, oldest first, a batch of orders a call: each
 * call reads the next batch by the (shop, created_at) index and gives its records, null once none is
 * left. Between calls nothing is held but where the next batch starts, so an export of 50,000 orders
 * holds one batch at most. Dates are ISO 8601 in the marketplace's time zone; amounts in major units of
 * the order's currency.
 */
function exportReader(db: DB, shopId: number, filters: OrderExportFilters, timeZone: string, batch: number, toRecords: ToRecords): () => Promise<Cell[][] | null> {
  const dayAfterTo = new Date(Date.parse(`${filters.to}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  const range = { status: filters.status, from: dayStartIn(filters.from, timeZone).toISOString(), to: dayStartIn(dayAfterTo, timeZone).toISOString() };
  let after: { createdAt: string; id: number } | null = null;
  return async () => {
    const orders = await repo.exportOrders(db, shopId, range, after, batch);
    if (orders.length === 0) return null;
    const lines = await repo.exportLines(db, orders.map((o) => o.id));
    const linesOf = new Map<number, ExportLine[]>();
    for (const line of lines) {
      const own = linesOf.get(line.order_id);
      if (own) own.push(line);
      else linesOf.set(line.order_id, [line]);
    }
    const records = orders.flatMap((order) => toRecords(order, linesOf.get(order.id) ?? [], timeZone));
    const last = orders[orders.length - 1]!;
    after = { createdAt: last.created_at, id: last.id };
    return records;
  };
}

/** The orders CSV's records: one per order (ORDER_EXPORT_COLUMNS). */
export function orderExportReader(db: DB, shopId: number, filters: OrderExportFilters, timeZone: string, batch = BATCH) {
  return exportReader(db, shopId, filters, timeZone, batch, orderRecord);
}

/** The Items CSV's records: one per order line (ORDER_ITEMS_EXPORT_COLUMNS). */
export function orderItemsExportReader(db: DB, shopId: number, filters: OrderExportFilters, timeZone: string, batch = BATCH) {
  return exportReader(db, shopId, filters, timeZone, batch, itemRecords);
}
