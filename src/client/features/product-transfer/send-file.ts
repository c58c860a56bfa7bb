import type { ImportPreview } from '../../../shared/product-csv';
import { LANGUAGE_HEADER, type Language } from '../../../shared/i18n/language';

/** The catalogue's routes (server: products/product-transfer.http.ts). */
export const TRANSFER_URL = '/api/shop/products';

export type ImportAnswer =
  | { kind: 'preview'; preview: ImportPreview }
  | { kind: 'started'; id: number }
  | { kind: 'refused'; message: string; preview?: ImportPreview };

/**
 * Sends the chosen file as it is (the body, its name in the query) for a preview or to start the
 * import; the server answers in the page's language.
 */
export async function sendImportFile(what: 'preview' | 'import', file: File, language: Language, fallback: string): Promise<ImportAnswer> {
  const path = what === 'preview' ? 'import/preview' : 'import';
  let reply: Response;
  try {
    reply = await fetch(`${TRANSFER_URL}/${path}?name=${encodeURIComponent(file.name)}`, {
      method: 'POST',
      body: file,
      headers: { 'content-type': 'application/octet-stream', [LANGUAGE_HEADER]: language },
    });
  } catch {
    return { kind: 'refused', message: fallback };
  }
  const body = (await reply.json().catch(() => null)) as (ImportPreview & { id?: number; message?: string; preview?: ImportPreview }) | null;
  if (reply.status === 202 && body?.id) return { kind: 'started', id: body.id };
  if (reply.ok && body) return { kind: 'preview', preview: body };
  return { kind: 'refused', message: body?.message ?? fallback, preview: body?.preview };
}
