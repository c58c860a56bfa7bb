import type { IncomingHttpHeaders } from 'node:http';
import { getToken } from '@auth/core/jwt';
import type { DB } from '../db/client';
import { resumeSession } from './auth.service';

const CACHE_LIMIT = 10_000;
const CACHE_MS = 60_000;

export interface SessionRef {
  userId: number;
  /** The server-side session row named in the cookie. */
  sessionId: string;
}

/**
 * Reads the signed-in session from the cookie. Two steps, cached differently:
 * - Decoding the JWT costs about 1 ms of CPU, so decoded cookies are cached for a minute (never past
 *   the token's own expiry). That is always correct: what a cookie decodes to depends only on the
 *   cookie and the secret.
 * - Whether the session is still live is asked of the database on every request (one primary-key
 *   read, about 70 µs here), never cached: sign-out, "Sign out of all devices" and a password change
 *   must take effect on the next request, in this process or any other serving the same database.
 *   Only the opposite answer is cached: a session found ended stays ended.
 */
export function createSessionReader(db: DB, secret: string, secureCookie: boolean) {
  const cache = new Map<string, { session: SessionRef | null; until: number }>();

  async function decode(cookie: string, now: number): Promise<SessionRef | null> {
    const hit = cache.get(cookie);
    if (hit && hit.until > now) return hit.session;
    let session: SessionRef | null = null;
    let until = now + CACHE_MS;
    try {
      const token = await getToken({ req: { headers: { cookie } }, secret, secureCookie });
      const userId = Number(token?.sub);
      if (Number.isSafeInteger(userId) && userId > 0 && typeof token?.sid === 'string') session = { userId, sessionId: token.sid };
      if (typeof token?.exp === 'number') until = Math.min(until, token.exp * 1000);
    } catch {
      session = null;
    }
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(cookie, { session, until });
    return session;
  }

  return async function readSession(headers: IncomingHttpHeaders): Promise<SessionRef | null> {
    const cookie = headers.cookie;
    if (!cookie?.includes('authjs.session-token')) return null;
    const now = new Date();
    const session = await decode(cookie, now.getTime());
    if (!session) return null;
    if (await resumeSession(db, session.sessionId, session.userId, now)) return session;
    // An ended session never comes back (ids are random and never reused), so remembering that this
    // cookie is dead is always correct, and spares the database a replayed cookie's every request.
    const entry = cache.get(cookie);
    if (entry) entry.session = null;
    return null;
  };
}
