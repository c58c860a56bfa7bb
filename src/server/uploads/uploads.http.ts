import type { IncomingMessage, ServerResponse } from 'node:http';
import { IMAGE_TOO_LARGE, NOT_AN_IMAGE, UPLOAD_MAX_BYTES } from '../../shared/constants';
import type { DB } from '../db/client';
import { AppError } from '../errors';
import { PayloadTooLargeError, readBody, sendJson, toWebRequest } from '../http/node-web';
import { POLICIES, type RateLimiter } from '../rate-limit';
import { storeImage } from './uploads.service';

/**
 * POST /api/uploads (multipart, field "file"), for a signed-in user: answers { url, thumbUrl, width,
 * height } or { message } with 400, 401, 413 or 429. Plain HTTP rather than tRPC, so the browser can
 * report upload progress.
 */
export function createUploadHandler(deps: {
  db: DB;
  uploadsDir: string;
  limiter: RateLimiter;
  readSession: (req: IncomingMessage) => Promise<number | null>;
}) {
  return async function handleUpload(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== 'POST') return sendJson(res, 405, { message: 'Use POST' }, { allow: 'POST' });
    const userId = await deps.readSession(req);
    if (userId === null) return sendJson(res, 401, { message: 'Please sign in to upload images' });
    if (!deps.limiter.hit(`upload:${userId}`, POLICIES.uploadsPerUser).ok) {
      return sendJson(res, 429, { message: 'Too many uploads. Try again in a few minutes.' });
    }
    let body: Buffer;
    try {
      // The multipart envelope adds a little to the file itself.
      body = await readBody(req, UPLOAD_MAX_BYTES + 64 * 1024);
    } catch (error) {
      if (error instanceof PayloadTooLargeError) {
        res.setHeader('connection', 'close');
        return sendJson(res, 413, { message: IMAGE_TOO_LARGE });
      }
      throw error;
    }
    let file: FormDataEntryValue | null;
    try {
      file = (await toWebRequest(req, 'http://localhost', body).formData()).get('file');
    } catch {
      return sendJson(res, 400, { message: NOT_AN_IMAGE });
    }
    if (!file || typeof file === 'string') return sendJson(res, 400, { message: NOT_AN_IMAGE });
    try {
      const stored = await storeImage(deps.db, deps.uploadsDir, userId, Buffer.from(await file.arrayBuffer()), new Date());
      return sendJson(res, 201, stored);
    } catch (error) {
      if (error instanceof AppError) return sendJson(res, 400, { message: error.message });
      throw error;
    }
  };
}
