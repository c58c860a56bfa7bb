import type { IncomingHttpHeaders } from 'node:http';
import { getToken } from '@auth/core/jwt';
import type { DB } from '../db/client';
import type { SessionUser } from '../users/users.mapper';
import { resumeSession, verifySession } from './auth.service';
import type { SessionCache } from './session-cache';

const CACHE_LIMIT = 10_000;
const CACHE_MS = 60_000;

export interface SessionRef {
  userId: number;
  /** The server-side session row named in the cookie. */
  sessionId: string;
  /** The account as the tiers see it, when the session cache had it or just read it (else the tier reads it). */
  user?: SessionUser;
}

/**
 * Reads the signed-in session from the cookie. Two steps, cached differently:
 * - Decoding the JWT costs about 1 ms of CPU, so decoded cookies are cached for a minute (never past
 *   the token's own expiry). That is always correct: what a cookie decodes to depends only on the
 *   cookie and the secret.
 * - Whether the session is still live, and its account with its roles, come from the session cache
 *   (auth/session-cache.ts) when it holds them; otherwise from the database (one primary-key read of
 *   the session, the profile and the roles), kept there for the next request. Every write that ends a
 *   session or changes an account empties that cache when it runs and when it commits, in this process
 *   or any other serving the same database, so sign-out, "sign out of all devices", a password change
 *   and a role change take effect on the next request. With the cache off (0 entries) every request asks.
 *   A session found ended stays ended: that is cached by cookie, since ids are never reused.
 */
export function createSessionReader(db: DB, secret: string, secureCookie: boolean, sessions: SessionCache) {
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
    const now = Date.now();
    const session = await decode(cookie, now);
    if (!session) return null;
    const known = sessions.get(session.sessionId, now);
    if (known && known.userId === session.userId) return known;
    if (!sessions.enabled) {
      if (await resumeSession(db, session.sessionId, session.userId, new Date(now))) return session;
    } else {
      const generation = sessions.generation();
      const verified = await verifySession(db, session.sessionId, session.userId, new Date(now));
      if (verified) {
        const live = { ...session, user: verified.user, expiresAt: verified.expiresAt };
        sessions.set(live, generation, now);
        return live;
      }
    }
    // An ended session never comes back (ids are random and never reused), so remembering that this
    // cookie is dead is always correct, and spares the database a replayed cookie's every request.
    const entry = cache.get(cookie);
    if (entry) entry.session = null;
    return null;
  };
}
