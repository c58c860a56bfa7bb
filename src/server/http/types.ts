import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Language } from '../../shared/i18n/language';

// The shapes that the modules of http/ hand each other, kept here so that neither side of a pair
// imports the other (limits.ts and node-web.ts, pages.ts and static.ts): no import circle.

/** A route's body limit (http/limits.ts bodyLimitFor), enforced while the body is read (node-web.ts readBody). */
export interface BodyLimit {
  bytes: number;
  /** The refusal's message once the body passes `bytes`. */
  message: string;
}

/** A request refused before any handler read it (http/guard.ts) or while its body was read. */
export interface Refusal {
  status: 403 | 413;
  message: string;
}

/** A page's <head> tags (catalog/share-head.ts) from its path, the site's origin and its query string (`?q=…` or ''). */
export type HeadRenderer = (urlPath: string, origin: string, search?: string, language?: Language) => Promise<string | null>;

/** Answers a page of the client (http/pages.ts), called by the built client's handler (http/static.ts). */
export type PageHandler = (req: IncomingMessage, res: ServerResponse, urlPath: string, origin: string) => Promise<void>;
