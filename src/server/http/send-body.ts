import type { IncomingMessage, ServerResponse } from 'node:http';
import { type CachedBody, compress, type Encoding, etagOf } from '../cache/public-cache';

/** Below this a compressed body saves less than the work of compressing it. */
export const COMPRESS_MIN_BYTES = 1024;

/** The encoding to send: brotli when the client takes it, else gzip, else none (q=0 refuses one). */
export function negotiateEncoding(header: string | string[] | undefined): Encoding | null {
  if (typeof header !== 'string' || header === '') return null;
  let gzip = false;
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q !== undefined && !(Number(q.slice(2)) > 0)) continue;
    if (name === 'br') return 'br';
    if (name === 'gzip' || name === '*') gzip = true;
  }
  return gzip ? 'gzip' : null;
}

/** Does If-None-Match name this ETag (weak comparison, as RFC 9110 asks for GET)? */
export function matches(ifNoneMatch: string | string[] | undefined, etag: string): boolean {
  if (typeof ifNoneMatch !== 'string') return false;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === bare;
  });
}

export interface SendBodyOptions {
  status: number;
  cacheControl: string;
  /** Extra Vary fields (Accept-Encoding is always added). */
  vary?: string;
  /** Compresses a cached body once and keeps it with the entry (public-cache.ts `encoded`). */
  encodedOf?: (body: CachedBody, encoding: Encoding) => Buffer;
  /** Whether a 200 carries an ETag and may be answered 304 (default true; not for a write's answer). */
  validator?: boolean;
  /** Told of a cached body's 200 (`bytes`: as sent) or 304 (null) as it goes out, to answer the same request again (http/replay.ts). */
  record?: (req: IncomingMessage, res: ServerResponse, body: CachedBody, bytes: Buffer | null) => void;
}

/**
 * Writes a body the way every cacheable answer goes out: a 200 carries an ETag (unless told not to) and is answered 304
 * when the client already holds it (If-None-Match); above COMPRESS_MIN_BYTES it is compressed when
 * Accept-Encoding allows, with Vary: Accept-Encoding either way. Security headers, X-Request-Id and
 * the request log were set on `res` before (http/guard.ts, observability) and stay.
 */
export function sendBody(req: IncomingMessage, res: ServerResponse, body: CachedBody | { body: Buffer; contentType: string }, options: SendBodyOptions): void {
  const vary = options.vary ? `${options.vary}, accept-encoding` : 'accept-encoding';
  res.setHeader('vary', vary);
  res.setHeader('cache-control', options.cacheControl);
  if (options.status === 200 && options.validator !== false) {
    const etag = 'etag' in body ? body.etag : etagOf(body.body);
    res.setHeader('etag', etag);
    if (matches(req.headers['if-none-match'], etag)) {
      res.statusCode = 304;
      if (options.record && 'etag' in body) options.record(req, res, body, null);
      res.end();
      return;
    }
  }
  res.statusCode = options.status;
  res.setHeader('content-type', body.contentType);
  const encoding = body.body.length >= COMPRESS_MIN_BYTES ? negotiateEncoding(req.headers['accept-encoding']) : null;
  const bytes = encoding === null ? body.body : 'etag' in body && options.encodedOf ? options.encodedOf(body, encoding) : compress(body.body, encoding);
  if (encoding) res.setHeader('content-encoding', encoding);
  res.setHeader('content-length', bytes.length);
  if (options.record && options.status === 200 && 'etag' in body) options.record(req, res, body, bytes);
  res.end(req.method === 'HEAD' ? undefined : bytes);
}
