import type { ServerResponse } from 'node:http';

// The built client loads only its own scripts, styles (vanilla-extract emits files; a few inline
// style attributes) and images (uploads, data: and blob: previews); no page may frame another.
const CONTENT_SECURITY_POLICY =
  "default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; script-src 'self'; " +
  "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

const HSTS_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** Answers that carry personal data or sessions (orders, addresses, phones, cookies): no cache may keep them. */
function isPrivate(urlPath: string): boolean {
  return urlPath.startsWith('/api/') || urlPath.startsWith('/auth/');
}

/**
 * The one place security headers are set: on every response (API, Auth.js's own pages, the client,
 * uploads, refusals and errors), before any handler runs. Handlers only choose their own caching
 * for public files. HSTS only when the public origin is https: a browser that reached us over plain
 * http would otherwise be told to never do so again for a site that has no https.
 */
export function setSecurityHeaders(res: ServerResponse, urlPath: string, https: boolean): void {
  res.setHeader('x-content-type-options', 'nosniff');
  res.setHeader('x-frame-options', 'DENY');
  res.setHeader('referrer-policy', 'strict-origin-when-cross-origin');
  res.setHeader('content-security-policy', CONTENT_SECURITY_POLICY);
  res.setHeader('cross-origin-opener-policy', 'same-origin');
  if (https) res.setHeader('strict-transport-security', `max-age=${HSTS_MAX_AGE_SECONDS}`);
  if (isPrivate(urlPath)) res.setHeader('cache-control', 'no-store');
}
