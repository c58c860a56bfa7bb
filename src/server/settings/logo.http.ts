import type { IncomingMessage, ServerResponse } from 'node:http';
import { localizeMessage } from '../../shared/i18n/translator';
import { LOGO_FORMAT } from '../../shared/schemas/settings';
import type { AppConfig } from '../config';
import type { DB } from '../db/client';
import { AppError } from '../errors';
import { readBody, sendJson, toWebRequest } from '../http/node-web';
import { languageOfRequest } from '../i18n/languages';
import { type ImageSlots, ImagesBusyError } from '../uploads/image-slots';
import { browserUrlOf } from '../uploads/storage';
import { findSessionUser } from '../users/users.service';
import { saveLogo } from './logo.service';

/** Where the admin's settings send a new logo. */
export const LOGO_PATH = '/api/settings/logo';

/**
 * POST /api/settings/logo (multipart, field "file"), for admins: the marketplace's new logo (issue 47).
 * Answers 201 { url } (where browsers load it), or { message, field: 'logo' } with 400 (not a PNG,
 * JPEG or WebP image, an SVG, over 5 MB: http/limits.ts refuses a larger body with 413 before reading
 * it), 401, 403 or 503 (images being decoded at the limit). Plain HTTP as /api/uploads is, so the
 * browser can report the upload's progress.
 */
export function createLogoHandler(deps: {
  db: DB;
  config: Pick<AppConfig, 'storage'>;
  slots: ImageSlots;
  readSession: (req: IncomingMessage) => Promise<number | null>;
  /** Empties this process's caches of pages and answers (a write outside tRPC). */
  publicDataChanged: () => void;
}) {
  return async function handleLogo(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const refuse = (status: number, message: string, headers?: Record<string, string>) =>
      sendJson(res, status, { message: localizeMessage(languageOfRequest(req.headers), message), field: 'logo' }, headers);
    const busy = () => refuse(503, new ImagesBusyError().message, { 'retry-after': '5' });
    if (req.method !== 'POST') return refuse(405, 'Use POST', { allow: 'POST' });
    const userId = await deps.readSession(req);
    const user = userId === null ? null : await findSessionUser(deps.db, userId);
    if (!user) return refuse(401, 'Please sign in to continue');
    if (!user.roles.includes('admin')) return refuse(403, 'Only admins can do this');
    if (deps.slots.isFull()) return busy();
    const body = await readBody(req);
    let file: FormDataEntryValue | null;
    try {
      file = (await toWebRequest(req, 'http://localhost', body).formData()).get('file');
    } catch {
      return refuse(400, LOGO_FORMAT);
    }
    if (!file || typeof file === 'string') return refuse(400, LOGO_FORMAT);
    try {
      const saved = await saveLogo({ db: deps.db, storage: deps.config.storage, slots: deps.slots }, user, Buffer.from(await file.arrayBuffer()), new Date());
      deps.publicDataChanged();
      return sendJson(res, 201, { url: browserUrlOf(deps.config.storage, saved.url) });
    } catch (error) {
      if (error instanceof ImagesBusyError) return busy();
      if (error instanceof AppError) return refuse(400, error.message);
      throw error;
    }
  };
}
