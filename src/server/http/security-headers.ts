import type { ServerResponse } from 'node:http';

export interface PolicyOptions {
  /** The origin of S3_PUBLIC_URL (a CDN or public bucket), where pages load uploaded images from; null: none. */
  imageOrigin: string | null;
}

/**
 * The Content-Security-Policy, built once at start. The built client loads only its own scripts,
 * styles (vanilla-extract emits files; a few inline style attributes) and images (uploads, data: and
 * blob: previews), plus uploaded images from the image origin when one is configured: a browser checks
 * a redirect's target too, so without it every image behind the CDN is blocked. No page may frame another.
 */
export function contentSecurityPolicy(options: PolicyOptions): string {
  const images = ["'self'", 'data:', 'blob:', ...(options.imageOrigin ? [options.imageOrigin] : [])].join(' ');
  return (
    `default-src 'self'; img-src ${images}; style-src 'self' 'unsafe-inline'; script-src 'self'; ` +
    "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
  );
}

/** The origin of a configured image URL (S3_PUBLIC_URL), or null when there is none. */
export function imageOriginOf(publicBaseUrl: string | null): string | null {
  return publicBaseUrl ? new URL(publicBaseUrl).origin : null;
}

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
export function createSecurityHeaders(options: PolicyOptions) {
  const policy = contentSecurityPolicy(options);
  return (res: ServerResponse, urlPath: string, https: boolean): void => {
    res.setHeader('x-content-type-options', 'nosniff');
    res.setHeader('x-frame-options', 'DENY');
    res.setHeader('referrer-policy', 'strict-origin-when-cross-origin');
    res.setHeader('content-security-policy', policy);
    res.setHeader('cross-origin-opener-policy', 'same-origin');
    if (https) res.setHeader('strict-transport-security', `max-age=${HSTS_MAX_AGE_SECONDS}`);
    if (isPrivate(urlPath)) res.setHeader('cache-control', 'no-store');
  };
}
