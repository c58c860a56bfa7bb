import type { IncomingMessage, ServerResponse } from 'node:http';
import { NOT_AN_IMAGE } from '../../shared/constants';
import type { AppConfig } from '../config';
import { localizeMessage } from '../../shared/i18n/translator';
import type { DB } from '../db/client';
import { AppError, type AppErrorCode } from '../errors';
import { readBody, sendJson, toWebRequest } from '../http/node-web';
import { languageOfRequest } from '../i18n/languages';
import { POLICIES, type RateLimiter } from '../rate-limit';
import { findShopAccess } from '../staff/staff.service';
import { findSessionUser } from '../users/users.service';
import { type ImageSlots, ImagesBusyError } from './image-slots';
import { checkUploader, storeImage } from './uploads.service';

const STATUS: Partial<Record<AppErrorCode, number>> = { FORBIDDEN: 403, TOO_MANY_REQUESTS: 429 };

/**
 * POST /api/uploads (multipart, field "file"), for shopkeepers with a shop, their "Orders and products" staff, and admins: answers { url,
 * thumbUrl, width, height } or { message } with 400, 401, 403, 413, 429 or 503 (images being decoded
 * at the limit). Plain HTTP rather than tRPC, so the browser can report upload progress.
 */
export function createUploadHandler(deps: {
  db: DB;
  config: Pick<AppConfig, 'storage' | 'trialMinutes' | 'maxPendingUploads'>;
  /** The process's image slots (IMAGE_CONCURRENCY, IMAGE_QUEUE), shared with imports and the backfill. */
  slots: ImageSlots;
  limiter: RateLimiter;
  readSession: (req: IncomingMessage) => Promise<number | null>;
}) {
  const { slots } = deps;
  return async function handleUpload(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // Its refusals read in the page's language when the upload says it (x-language: ur).
    const refuse = (status: number, message: string, headers?: Record<string, string>) =>
      sendJson(res, status, { message: localizeMessage(languageOfRequest(req.headers), message) }, headers);
    const busy = () => refuse(503, new ImagesBusyError().message, { 'retry-after': '5' });
    if (req.method !== 'POST') return refuse(405, 'Use POST', { allow: 'POST' });
    const userId = await deps.readSession(req);
    const user = userId === null ? null : await findSessionUser(deps.db, userId);
    if (!user) return refuse(401, 'Please sign in to upload images');
    // Who may upload is decided before the body is read, and refusals leave no rate-limit state.
    try {
      const rules = { now: new Date(), trialMinutes: deps.config.trialMinutes, maxPendingUploads: deps.config.maxPendingUploads };
      await checkUploader(deps.db, { user, shop: await findShopAccess(deps.db, user) }, rules);
    } catch (error) {
      if (error instanceof AppError) return refuse(STATUS[error.code] ?? 400, error.message);
      throw error;
    }
    // Shed load before buffering a body that could not be decoded anyway.
    if (slots.isFull()) return busy();
    if (!(await deps.limiter.hit(`upload:${user.id}`, POLICIES.uploadsPerUser)).ok) {
      return refuse(429, 'Too many uploads. Try again in a few minutes.');
    }
    // Within the upload limit of http/limits.ts; past it the server answers 413 with IMAGE_TOO_LARGE.
    const body = await readBody(req);
    let file: FormDataEntryValue | null;
    try {
      file = (await toWebRequest(req, 'http://localhost', body).formData()).get('file');
    } catch {
      return refuse(400, NOT_AN_IMAGE);
    }
    if (!file || typeof file === 'string') return refuse(400, NOT_AN_IMAGE);
    try {
      const stored = await storeImage(deps.db, deps.config.storage, user.id, Buffer.from(await file.arrayBuffer()), new Date(), slots);
      return sendJson(res, 201, stored);
    } catch (error) {
      if (error instanceof ImagesBusyError) return busy();
      if (error instanceof AppError) return refuse(400, error.message);
      throw error;
    }
  };
}
