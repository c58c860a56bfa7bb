import { dayStartIn, isoIn } from '../../shared/cash';
import { colorName } from '../../shared/colors';
import { minorToMajorString } from '../../shared/money';
import type { OrderExportFilters } from '../../shared/schemas/order-export';
import type { DB } from '../db/client';
import type { CsvCell as Cell } from '../spreadsheets/csv';
import * as repo from './order-export.repository';

/** The orders CSV's columns (issue 30), in English whatever the page's language: they are data. */
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
  'Product',
  'Variant',
  'SKU',
  'Quantity',
  'Unit price',
  'Line total',
  'Delivery fee',
  'Coupon discount',
  'Order total',
  'Courier',
  'Tracking number',
  'Cash received',
  'Reference',
] as const;

/**
 * Orders read per query: an export holds one batch (and its lines) however many orders the range has.
 * 200 rather than 500: with 50 exports at once, batches of 500 gave V8's collector three times the work
 * and the server 10-20 MB more (docs/performance.md, "The orders CSV").
 */
const BATCH = 200;

/**
 * The shop's orders matching the filters as CSV records, one per order line, oldest first, a batch of
 * orders a call: each call reads the next batch by the (shop, created_at) index and gives its records,
 * null once none is left. Between calls nothing is held but where the next batch starts, so an export
 * of 50,000 orders holds one batch at most. Dates are ISO 8601 in the marketplace's time zone; amounts in
 * major units of the order's currency.
 */
export function orderExportReader(db: DB, shopId: number, filters: OrderExportFilters, timeZone: string, batch = BATCH): () => Promise<Cell[][] | null> {
  const dayAfterTo = new Date(Date.parse(`${filters.to}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  const range = { status: filters.status, from: dayStartIn(filters.from, timeZone).toISOString(), to: dayStartIn(dayAfterTo, timeZone).toISOString() };
  let after: { createdAt: string; id: number } | null = null;
  return async () => {
    const orders = await repo.exportOrders(db, shopId, range, after, batch);
    if (orders.length === 0) return null;
    const lines = await repo.exportLines(db, orders.map((o) => o.id));
    const linesOf = new Map<number, typeof lines>();
    for (const line of lines) {
      const own = linesOf.get(line.order_id);
      if (own) own.push(line);
      else linesOf.set(line.order_id, [line]);
    }
    const records: Cell[][] = [];
    for (const order of orders) {
      const money = (minor: number) => minorToMajorString(minor, order.currency);
      const head: Cell[] = [order.order_number, isoIn(order.created_at, timeZone), order.status, order.currency, order.buyer_name, order.buyer_phone, order.buyer_email, order.ship_city, order.ship_address];
      const tail: Cell[] = [money(order.delivery_fee), money(order.coupon_discount), money(order.total), order.courier, order.tracking_number, order.cash_received_on, order.cash_reference];
      for (const line of linesOf.get(order.id) ?? []) {
        const variant = line.variant_label ?? ([line.color && colorName(line.color, 'en'), line.size].filter(Boolean).join(' / ') || null);
        records.push([...head, line.product_name, variant, line.sku, line.quantity, money(line.unit_price), money(line.line_total), ...tail]);
      }
    }
    const last = orders[orders.length - 1]!;
    after = { createdAt: last.created_at, id: last.id };
    return records;
  };
}
