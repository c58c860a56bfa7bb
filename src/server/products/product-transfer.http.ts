import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import { localizeMessage } from '../../shared/i18n/translator';
import type { AppConfig } from '../config';
import type { DB } from '../db/client';
import { AppError, type AppErrorCode } from '../errors';
import { readBody, sendJson, streamTo } from '../http/node-web';
import { languageOfRequest } from '../i18n/languages';
import { POLICIES, type RateLimiter } from '../rate-limit';
import { shopAccessOfSession, shopActor } from '../staff/staff.service';
import { SHOP_ROUTES } from '../trpc/shop-access';
import type { ImageSlots } from '../uploads/image-slots';
import { exportCatalogueCsv, exportCatalogueZip, importTemplateCsv } from './product-export';
import { previewImport, startImport } from './product-import.service';

/** The routes of a shop's catalogue as a file (issue 34); plain HTTP: files stream out and come in as they are. */
export const TRANSFER_PREFIX = '/api/shop/products/';

const STATUS: Partial<Record<AppErrorCode, number>> = { FORBIDDEN: 403, NOT_FOUND: 404, CONFLICT: 409, TOO_MANY_REQUESTS: 429, UNAUTHORIZED: 401 };

/**
 * GET  export.csv, export.zip: downloads, for the shop's owner (an expired trial may still take its
 *      catalogue away); import-template.csv: also for "Orders and products" staff;
 * POST import/preview and import (the file as the body, its name in `?name=`): for the owner and
 *      "Orders and products" staff, within the shop's trial. Who may: trpc/shop-access.ts SHOP_ROUTES. Answers { message } with 400, 401, 403, 404, 409 or 429; a refused preview or import
 *      writes nothing.
 */
export function createProductTransferHandler(deps: {
  db: DB;
  config: Pick<AppConfig, 'storage' | 'trialMinutes' | 'mail'>;
  /** The process's image slots: an import's images take their turns beside uploads. */
  imageSlots: ImageSlots;
  limiter: RateLimiter;
  readSession: (req: IncomingMessage) => Promise<number | null>;
}) {
  return async function handleTransfer(req: IncomingMessage, res: ServerResponse, urlPath: string): Promise<void> {
    const language = languageOfRequest(req.headers);
    const refuse = (status: number, message: string, extra: Record<string, unknown> = {}) =>
      sendJson(res, status, { message: localizeMessage(language, message), ...extra });
    const route = urlPath.slice(TRANSFER_PREFIX.length);
    const reads = ['export.csv', 'export.zip', 'import-template.csv'];
    const writes = ['import', 'import/preview'];
    if (!reads.includes(route) && !writes.includes(route)) return refuse(404, 'Not found');
    const method = reads.includes(route) ? 'GET' : 'POST';
    if (req.method !== method) return sendJson(res, 405, { message: localizeMessage(language, `Use ${method}`) }, { allow: method });

    const minimum = SHOP_ROUTES[`${TRANSFER_PREFIX}${route}` as keyof typeof SHOP_ROUTES];
    const write = method === 'POST' ? { now: new Date(), trialMinutes: deps.config.trialMinutes } : undefined;
    const caller = await shopAccessOfSession(deps.db, await deps.readSession(req), { minimum, write });
    if ('status' in caller) return refuse(caller.status, caller.message);
    const { user } = caller;
    const { shop } = caller.access;

    if (method === 'GET') {
      const day = new Date().toISOString().slice(0, 10);
      const download = async (type: string, name: string, body: Readable | string): Promise<void> => {
        res.writeHead(200, { 'content-type': type, 'content-disposition': `attachment; filename="${name}"`, 'cache-control': 'no-store' });
        if (typeof body === 'string') {
          res.end(body);
          return;
        }
        // A download cut short (the tab closed) ends the export's reads with it; a failing read (the
        // database, the image store) is logged and cuts the download short.
        await streamTo(res, body);
      };
      if (route === 'import-template.csv') return download('text/csv; charset=utf-8', 'products-template.csv', importTemplateCsv());
      if (route === 'export.csv') return download('text/csv; charset=utf-8', `${shop.slug}-products-${day}.csv`, exportCatalogueCsv(deps.db, shop.id));
      return download('application/zip', `${shop.slug}-products-${day}.zip`, exportCatalogueZip(deps.db, deps.config.storage, shop.id));
    }

    if (!(await deps.limiter.hit(`upload:${user.id}`, POLICIES.uploadsPerUser)).ok) return refuse(429, 'Too many uploads. Try again in a few minutes.');
    const name = (new URL(req.url ?? '/', 'http://localhost').searchParams.get('name') ?? 'products.csv').trim().slice(0, 200) || 'products.csv';
    const file = { name, data: await readBody(req) };
    const owner = { userId: user.id, shop: { id: shop.id, currency: shop.currency }, by: shopActor(user, caller.access.role), mail: deps.config.mail };
    try {
      if (route === 'import/preview') return sendJson(res, 200, localized(await previewImport(deps.db, owner.shop, file), language));
      // Judged again as it starts: a file with errors is refused with its preview, and nothing is written.
      const started = await startImport(deps.db, deps.config.storage, owner, file, () => new Date(), deps.imageSlots);
      if (!started.started) return refuse(400, 'Some rows have errors. Nothing was imported.', { preview: localized(started.preview, language) });
      return sendJson(res, 202, { id: started.id });
    } catch (error) {
      if (error instanceof AppError) return refuse(STATUS[error.code] ?? 400, error.message);
      throw error;
    }
  };
}

/** The preview with each row's message in the page's language (the columns stay as the file names them). */
function localized<T extends { errors: Array<{ message: string }> }>(preview: T, language: ReturnType<typeof languageOfRequest>): T {
  return { ...preview, errors: preview.errors.map((e) => ({ ...e, message: localizeMessage(language, e.message) })) };
}
