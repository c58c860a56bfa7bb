import type { AuthConfig } from '@auth/core';
import Credentials from '@auth/core/providers/credentials';
import { signInSchema } from '../../shared/schemas/auth';
import type { DB } from '../db/client';
import { verifyCredentials } from '../users/users.service';

export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

/** Email + password sign-in with @auth/core; sessions are JWTs in an httpOnly, SameSite=Lax cookie. */
export function createAuthConfig(db: DB, secret: string): AuthConfig {
  return {
    basePath: '/auth',
    secret,
    trustHost: true,
    session: { strategy: 'jwt', maxAge: SESSION_MAX_AGE_SECONDS },
    providers: [
      Credentials({
        credentials: { email: { type: 'email' }, password: { type: 'password' } },
        async authorize(raw) {
          const parsed = signInSchema.safeParse(raw);
          if (!parsed.success) return null;
          const account = await verifyCredentials(db, parsed.data.email, parsed.data.password);
          return account ? { id: String(account.id), email: account.email } : null;
        },
      }),
    ],
    logger: {
      // A wrong password is an expected outcome, not a server error worth a stack trace.
      error(error) {
        if (error.name !== 'CredentialsSignin') console.error('[auth]', error);
      },
      warn() {},
      debug() {},
    },
  };
}
