import type { PublicCache } from '../cache/public-cache';
import type { AppConfig } from '../config';
import type { DB } from '../db/client';
import type { AppEvents } from '../events';
import type { Logger } from '../observability/logger';
import type { RateLimiter } from '../rate-limit';
import type { Language } from '../../shared/i18n/language';
import type { SessionUser } from '../users/users.mapper';

/** What every procedure receives. The HTTP server builds it per request; tests build it directly. */
export interface Context {
  db: DB;
  config: AppConfig;
  events: AppEvents;
  limiter: RateLimiter;
  now: () => Date;
  /** The signed-in user's id from a live session (see auth/session.ts); the account itself is checked by the tiers. */
  sessionUserId: number | null;
  /**
   * The live server-side session the request came with (the password change keeps it while ending
   * the others). Tests that call procedures directly leave it out.
   */
  sessionId?: string | null;
  /** The session's account as the session cache holds it (auth/session-cache.ts); absent: the tier reads it. */
  sessionUser?: SessionUser;
  clientIp: string;
  /** The site's origin (PUBLIC_URL's, or the listening port's): links written into texts. Tests leave it out (http://localhost:3000). */
  siteOrigin?: string;
  /** The page's language (an Urdu page says so): its messages and the WhatsApp text are written in it. English when left out. */
  language?: Language;
  /**
   * Public data may have changed: called after every mutation (trpc/init.ts), it starts a new
   * generation of the public cache (cache/public-cache.ts). Tests that call procedures directly leave it out.
   */
  publicDataChanged?: () => void;
  /**
   * The callers' own reads kept until the next write (cache/own-reads.ts), used by the procedures marked
   * `keptUntilWrite`. Tests that call procedures directly leave it out: every read is computed.
   */
  ownReads?: PublicCache;
  /** The request's logger (its request id on each line), for what operators must be able to trace (an admin's reset link, order lookup). Tests may leave it out. */
  log?: Logger;
}
