import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** The secret file a single-box install generates beside its database (moved into AUTH_SECRET when it moves to PostgreSQL). */
export function authSecretFile(dataDir: string): string {
  return path.join(dataDir, 'auth-secret');
}

/**
 * The key that signs session cookies: AUTH_SECRET, or on SQLite one generated once and kept in the
 * data folder so sessions survive restarts. On PostgreSQL several instances serve one database and
 * each must accept the others' cookies, so AUTH_SECRET is required there (the same on every instance):
 * a secret generated per instance would sign every other instance's users out. It is not kept in the
 * database, so a dump of the database (a backup) cannot be used to forge sessions.
 */
export function resolveAuthSecret(env: { AUTH_SECRET?: string | undefined; DATABASE_URL?: string | undefined; dataDir: string }): string {
  if (env.AUTH_SECRET) return env.AUTH_SECRET;
  const file = authSecretFile(env.dataDir);
  if (env.DATABASE_URL) {
    throw new Error(
      'AUTH_SECRET must be set when DATABASE_URL is set: every instance signs and checks session cookies with it, so give ' +
        'all of them the same value. Moving from SQLite? Use the secret the old server generated, and nobody is signed ' +
        `out: AUTH_SECRET="$(cat ${file})". A new install: AUTH_SECRET="$(openssl rand -base64 32)".`,
    );
  }
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secret = randomBytes(32).toString('base64url');
  fs.mkdirSync(env.dataDir, { recursive: true });
  fs.writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/**
 * The key that signs links in emails, derived from the auth secret (so every instance agrees, and
 * rotating the secret voids old links too) but never the secret itself: a leaked link key forges no session.
 */
export function emailLinkKey(authSecret: string): string {
  return createHmac('sha256', authSecret).update('marketplace email links').digest('base64url');
}
