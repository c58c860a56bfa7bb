import type { IncomingMessage } from 'node:http';
import type { Refusal } from './types';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const CROSS_SITE: Refusal = { status: 403, message: 'This request came from another website, so it was refused.' };

function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}

/**
 * Cross-site request forgery, refused at the door: a browser sends Sec-Fetch-Site and Origin with
 * every state-changing request, so one that says it comes from another site ("cross-site", an Origin
 * that is neither PUBLIC_URL nor the Host it was sent to, or the opaque "null") is refused before
 * any handler reads it. Reads (GET, HEAD) stay open to links and previews. A request with neither
 * header is not a browser's, so it carries no victim's cookies and passes.
 *
 * The Host comparison ignores the scheme: behind a TLS proxy that is not trusted (TRUST_PROXY unset)
 * the server cannot tell https from http, and Host is what the browser itself addressed. It also
 * covers `npm run dev`, where Vite forwards the page's requests with their Host unchanged.
 */
export function refuseCrossSite(req: IncomingMessage, publicOrigin: string | null): Refusal | null {
  if (SAFE_METHODS.has(req.method ?? 'GET')) return null;
  if (req.headers['sec-fetch-site'] === 'cross-site') return CROSS_SITE;
  const origin = req.headers.origin;
  if (origin === undefined) return null;
  if (origin === publicOrigin) return null;
  const host = req.headers.host?.toLowerCase();
  return host && hostOf(origin) === host ? null : CROSS_SITE;
}
