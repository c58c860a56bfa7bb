import type { IncomingMessage } from 'node:http';
import { CLIENT_MAX_BATCH_CALLS, IMAGE_TOO_LARGE, UPLOAD_MAX_BYTES } from '../../shared/constants';
import { IMPORT_MAX_BYTES } from '../../shared/product-csv';
import { LOGO_MAX_BYTES, LOGO_TOO_LARGE } from '../../shared/schemas/settings';
import { trpcProcedurePaths } from './node-web';
import type { BodyLimit, Refusal } from './types';

/** What one request may carry (env.ts: API_MAX_BODY, API_MAX_BATCH, AUTH_MAX_BODY). */
export interface RequestLimits {
  /** Bytes of one /api/trpc request body. */
  apiBodyBytes: number;
  /** Calls in one batched /api/trpc request. */
  apiBatchCalls: number;
  /** Bytes of one /auth/* request body (a sign-in form is well under 1 KB). */
  authBodyBytes: number;
}

// The largest legitimate API body is a product with a 50,000-character description: about 100 KB of JSON.
export const DEFAULT_REQUEST_LIMITS: RequestLimits = { apiBodyBytes: 1024 * 1024, apiBatchCalls: 20, authBodyBytes: 16 * 1024 };

/** How far each limit may be set (env.ts): below these the app's own pages would be refused. */
export const LIMIT_BOUNDS = {
  apiBodyBytes: { min: 256 * 1024, max: 64 * 1024 * 1024 },
  apiBatchCalls: { min: CLIENT_MAX_BATCH_CALLS, max: 1000 },
  authBodyBytes: { min: 4 * 1024, max: 1024 * 1024 },
} as const;

// One image of at most UPLOAD_MAX_BYTES, plus the multipart envelope's boundaries and part headers.
const UPLOAD_BODY_BYTES = UPLOAD_MAX_BYTES + 64 * 1024;

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KB`;
  return `${bytes} bytes`;
}

/** Reads a size from the environment: bytes ("65536") or with a unit ("64kb", "1mb"; 1 KB = 1024 bytes). */
export function parseBytes(text: string): number {
  const match = /^\s*(\d{1,12})\s*(b|kb|mb)?\s*$/i.exec(text);
  if (!match) throw new Error('must be a size in bytes, or with a unit like 64kb or 1mb');
  const unit = (match[2] ?? 'b').toLowerCase();
  return Number(match[1]) * (unit === 'mb' ? 1024 * 1024 : unit === 'kb' ? 1024 : 1);
}

const tooLarge = (bytes: number): BodyLimit => ({ bytes, message: `This request is too large (at most ${formatBytes(bytes)}).` });

/** The body limit of the routes that read a body; null where no handler reads one. */
export function bodyLimitFor(urlPath: string, limits: RequestLimits): BodyLimit | null {
  if (urlPath.startsWith('/api/trpc/')) return tooLarge(limits.apiBodyBytes);
  if (urlPath.startsWith('/auth/')) return tooLarge(limits.authBodyBytes);
  if (urlPath === '/api/uploads') return { bytes: UPLOAD_BODY_BYTES, message: IMAGE_TOO_LARGE };
  // The marketplace's logo (settings/logo.http.ts): one image of at most 5 MB too.
  if (urlPath === '/api/settings/logo') return { bytes: LOGO_MAX_BYTES + 64 * 1024, message: LOGO_TOO_LARGE };
  // A catalogue file (products/product-transfer.http.ts): the CSV, or a ZIP of it and its images.
  if (urlPath === '/api/shop/products/import' || urlPath === '/api/shop/products/import/preview') {
    return { bytes: IMPORT_MAX_BYTES, message: 'This file is larger than 100 MB.' };
  }
  return null;
}

/**
 * Refuses, before any byte of the body is read, a request whose Content-Length is over its route's
 * limit, and a tRPC batch naming more procedures than allowed (the URL lists them, comma-separated;
 * without a cap one request could run hundreds of writes). A chunked body is counted as it is read
 * (node-web.ts readBody).
 */
export function refuseOversized(req: IncomingMessage, urlPath: string, bodyLimit: BodyLimit | null, limits: RequestLimits): Refusal | null {
  if (bodyLimit && Number(req.headers['content-length'] ?? 0) > bodyLimit.bytes) return { status: 413, message: bodyLimit.message };
  if (urlPath.startsWith('/api/trpc/')) {
    const calls = trpcProcedurePaths(req.url ?? '/').length;
    if (calls > limits.apiBatchCalls) return { status: 413, message: `Too many calls in one request (at most ${limits.apiBatchCalls}).` };
  }
  return null;
}
