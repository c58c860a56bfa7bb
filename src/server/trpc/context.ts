import type { AppConfig } from '../config';
import type { DB } from '../db/client';
import type { AppEvents } from '../events';
import type { RateLimiter } from '../rate-limit';

/** What every procedure receives. The HTTP server builds it per request; tests build it directly. */
export interface Context {
  db: DB;
  config: AppConfig;
  events: AppEvents;
  limiter: RateLimiter;
  now: () => Date;
  /** The signed-in user's id from the session cookie, not yet checked against the database. */
  sessionUserId: number | null;
  clientIp: string;
}
