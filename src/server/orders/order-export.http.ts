import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { localizeMessage } from '../../shared/i18n/translator';
import { orderExportSchema } from '../../shared/schemas/order-export';
import type { DB } from '../db/client';
import { sendJson, streamTo } from '../http/node-web';
import { languageOfRequest } from '../i18n/languages';
import { shopAccessOfSession } from '../staff/staff.service';
import { SHOP_ROUTES } from '../trpc/shop-access';
import { csvChunks } from '../spreadsheets/csv';
import { ORDER_EXPORT_COLUMNS, ORDER_ITEMS_EXPORT_COLUMNS, orderExportReader, orderItemsExportReader } from './order-export.service';

/** The two files (issue 53): the orders, a row each (its total once), and their items, a row each (no order totals). */
const FILES = {
  '/api/shop/orders.csv': { name: 'orders', columns: ORDER_EXPORT_COLUMNS, reader: orderExportReader },
  '/api/shop/order-items.csv': { name: 'order-items', columns: ORDER_ITEMS_EXPORT_COLUMNS, reader: orderItemsExportReader },
} as const;

/** Whether `urlPath` is one of the orders' CSV files. */
export function isOrderExport(urlPath: string): urlPath is keyof typeof FILES {
  return Object.hasOwn(FILES, urlPath);
}

/**
 * GET /api/shop/orders.csv?status=&from=YYYY-MM-DD&to=YYYY-MM-DD: the caller's own shop's orders as
 * CSV (issue 30), /api/shop/order-items.csv the same orders' items (issue 53), streamed as it is read (a batch of orders at a time, written out as text before the
 * next is read, the response's backpressure respected). Never a shop named by the client: signed out
 * 401, not a shopkeeper 403, staff 403 (the owner's alone: SHOP_ROUTES), no shop 404, bad filters 400
 * with the message, in the page's language.
 */
export function createOrderExportHandler(deps: { db: DB; timeZone: string; readSession: (req: IncomingMessage) => Promise<number | null> }) {
  return async function handleOrderExport(req: IncomingMessage, res: ServerResponse, urlPath: keyof typeof FILES): Promise<void> {
    const file = FILES[urlPath];
    const refuse = (status: number, message: string, headers?: Record<string, string>) =>
      sendJson(res, status, { message: localizeMessage(languageOfRequest(req.headers), message) }, headers);
    if (req.method !== 'GET') return refuse(405, 'Use GET', { allow: 'GET' });
    const caller = await shopAccessOfSession(deps.db, await deps.readSession(req), { minimum: SHOP_ROUTES[urlPath] });
    if ('status' in caller) return refuse(caller.status, caller.message);
    const { shop } = caller.access;
    const params = new URL(req.url ?? '/', 'http://localhost').searchParams;
    const parsed = orderExportSchema.safeParse({ status: params.get('status') || undefined, from: params.get('from') ?? '', to: params.get('to') ?? '' });
    if (!parsed.success) return refuse(400, parsed.error.issues[0]?.message ?? 'Invalid input');
    const { from, to } = parsed.data;
    res.writeHead(200, {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${file.name}-${from}-to-${to}.csv"`,
      'cache-control': 'no-store',
    });
    // Bytes, not objects: the stream reads the next batch once the one before is on its way. A
    // shopkeeper who closes the tab mid-download is not a failure of ours; a failing read is logged.
    await streamTo(res, Readable.from(csvChunks(file.columns, file.reader(deps.db, shop.id, parsed.data, deps.timeZone)), { objectMode: false }));
  };
}
