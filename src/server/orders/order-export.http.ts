import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { localizeMessage } from '../../shared/i18n/translator';
import { orderExportSchema } from '../../shared/schemas/order-export';
import type { DB } from '../db/client';
import { sendJson, streamTo } from '../http/node-web';
import { languageOfRequest } from '../i18n/languages';
import { ownShopOfSession } from '../shops/shops.service';
import { csvChunks } from '../spreadsheets/csv';
import { ORDER_EXPORT_COLUMNS, orderExportReader } from './order-export.service';

/**
 * GET /api/shop/orders.csv?status=&from=YYYY-MM-DD&to=YYYY-MM-DD: the caller's own shop's orders as
 * CSV (issue 30), streamed as it is read (a batch of orders at a time, written out as text before the
 * next is read, the response's backpressure respected). Never a shop named by the client: signed out
 * 401, not a shopkeeper 403, no shop 404, bad filters 400 with the message, in the page's language.
 */
export function createOrderExportHandler(deps: { db: DB; timeZone: string; readSession: (req: IncomingMessage) => Promise<number | null> }) {
  return async function handleOrderExport(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const refuse = (status: number, message: string, headers?: Record<string, string>) =>
      sendJson(res, status, { message: localizeMessage(languageOfRequest(req.headers), message) }, headers);
    if (req.method !== 'GET') return refuse(405, 'Use GET', { allow: 'GET' });
    const owner = await ownShopOfSession(deps.db, await deps.readSession(req));
    if ('status' in owner) return refuse(owner.status, owner.message);
    const { shop } = owner;
    const params = new URL(req.url ?? '/', 'http://localhost').searchParams;
    const parsed = orderExportSchema.safeParse({ status: params.get('status') || undefined, from: params.get('from') ?? '', to: params.get('to') ?? '' });
    if (!parsed.success) return refuse(400, parsed.error.issues[0]?.message ?? 'Invalid input');
    const { from, to } = parsed.data;
    res.writeHead(200, {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="orders-${from}-to-${to}.csv"`,
      'cache-control': 'no-store',
    });
    // Bytes, not objects: the stream reads the next batch once the one before is on its way. A
    // shopkeeper who closes the tab mid-download is not a failure of ours; a failing read is logged.
    await streamTo(res, Readable.from(csvChunks(ORDER_EXPORT_COLUMNS, orderExportReader(deps.db, shop.id, parsed.data, deps.timeZone)), { objectMode: false }));
  };
}
