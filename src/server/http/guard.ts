import type { IncomingMessage, ServerResponse } from 'node:http';
import { resolveClient, type TrustProxy } from './client-address';
import { bodyLimitFor, type RequestLimits, refuseOversized } from './limits';
import { requestClient, setRequestFacts } from './node-web';
import { refuseCrossSite } from './origin';
import { createSecurityHeaders } from './security-headers';
import type { Refusal } from './types';

export interface GuardOptions {
  trustProxy: TrustProxy;
  /** PUBLIC_URL: the origin browsers use, when the operator set it. */
  publicUrl: string | undefined;
  /** The origin uploaded images load from besides ours (S3_PUBLIC_URL's), for the Content-Security-Policy. */
  imageOrigin: string | null;
  limits: RequestLimits;
}

/**
 * What every request meets before routing (product-decisions section 4): the client is resolved
 * (behind trusted proxies), the security headers are set, and a cross-site mutation or an oversized
 * body or batch is refused before any handler reads it.
 */
export function createGuard(options: GuardOptions) {
  const publicOrigin = options.publicUrl ? new URL(options.publicUrl).origin : null;
  const setSecurityHeaders = createSecurityHeaders({ imageOrigin: options.imageOrigin });
  // PUBLIC_URL, when set, says it for every request; else each request's client (the socket or a trusted proxy).
  const publicHttps = publicOrigin === null ? null : publicOrigin.startsWith('https:');
  const isHttps = (req: IncomingMessage): boolean => publicHttps ?? requestClient(req).https;
  return {
    /** Whether the browser reached us over https: PUBLIC_URL says so, or the connection (or a trusted proxy) does. */
    isHttps,

    /** The same, for a request that has not been through the door (http/replay.ts answers before it). */
    isHttpsBeforeDoor: (req: IncomingMessage): boolean => publicHttps ?? resolveClient(req, options.trustProxy).https,

    /** The origin the browser addressed: PUBLIC_URL, else the scheme and Host of this request. */
    originOf: (req: IncomingMessage): string => publicOrigin ?? `${isHttps(req) ? 'https' : 'http'}://${req.headers.host ?? 'localhost'}`,

    admit(req: IncomingMessage, res: ServerResponse, urlPath: string): Refusal | null {
      const bodyLimit = bodyLimitFor(urlPath, options.limits);
      setRequestFacts(req, { client: resolveClient(req, options.trustProxy), bodyLimit });
      setSecurityHeaders(res, urlPath, isHttps(req));
      return refuseCrossSite(req, publicOrigin) ?? refuseOversized(req, urlPath, bodyLimit, options.limits);
    },
  };
}
