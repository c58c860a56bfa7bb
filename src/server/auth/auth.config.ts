import type { AuthConfig } from '@auth/core';
import Credentials from '@auth/core/providers/credentials';
import type { DB } from '../db/client';
import type { Logger } from '../observability/logger';
import type { RateLimiter } from '../rate-limit';
import { endSession, resumeSession, SESSION_MAX_AGE_SECONDS, signInWithPassword, startSession } from './auth.service';

export interface AuthDeps {
  db: DB;
  secret: string;
  limiter: RateLimiter;
  logger: Logger;
}

/** One request to /auth/*: who sent it, and whether a sign-in limit refused it (the handler answers 429). */
export interface AuthAttempt {
  clientIp: string;
  /** A sign-in refused with a message: too many attempts (429, retry after), or a suspended account (403). */
  refusal: { retryAfterSeconds?: number; message: string } | null;
}

/**
 * Email + password sign-in with @auth/core. The cookie is a JWT (httpOnly, SameSite=Lax) carrying the
 * id of a server-side session row: the row is what makes a session end on sign-out, on "Sign out of
 * all devices" and on a password change. Built per request so `authorize` knows the client.
 */
export function createAuthConfig(deps: AuthDeps, attempt: AuthAttempt): AuthConfig {
  const { db } = deps;
  return {
    basePath: '/auth',
    secret: deps.secret,
    trustHost: true,
    session: { strategy: 'jwt', maxAge: SESSION_MAX_AGE_SECONDS },
    providers: [
      Credentials({
        credentials: { email: { type: 'email' }, password: { type: 'password' } },
        async authorize(credentials) {
          const outcome = await signInWithPassword(db, deps.limiter, attempt.clientIp, credentials);
          if (outcome.status === 'limited' || outcome.status === 'suspended') attempt.refusal = outcome;
          return outcome.status === 'signed-in' ? { id: String(outcome.user.id), email: outcome.user.email } : null;
        },
      }),
    ],
    callbacks: {
      async jwt({ token, user, trigger }) {
        if (trigger === 'signIn' && user?.id) return { ...token, sid: await startSession(db, Number(user.id), new Date()) };
        // Auth.js's own /auth/session: an ended session answers as signed out and clears the cookie.
        const live = typeof token.sid === 'string' && (await resumeSession(db, token.sid, Number(token.sub), new Date()));
        return live ? token : null;
      },
    },
    events: {
      async signOut(message) {
        const sid = 'token' in message ? message.token?.sid : undefined;
        if (typeof sid === 'string') await endSession(db, sid);
      },
    },
    logger: {
      // A wrong password (or a refused attempt) is an expected outcome, not a server error worth a stack trace.
      error(error) {
        if (!('type' in error && error.type === 'CredentialsSignin')) deps.logger.error({ err: error }, 'auth error');
      },
      warn() {},
      debug() {},
    },
  };
}
