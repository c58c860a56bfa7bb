import { randomBytes } from 'node:crypto';
import { type ChangePasswordInput, signInSchema } from '../../shared/schemas/auth';
import { isTrialExpired } from '../../shared/trial';
import { graceDaysFor } from '../billing/billing-settings.service';
import type { DB } from '../db/client';
import { inTransaction } from '../db/transaction';
import { AppError, badRequest } from '../errors';
import { POLICIES, type RateLimiter, type RateLimitResult } from '../rate-limit';
import { findShopAccess } from '../staff/staff.service';
import type { SessionUser } from '../users/users.mapper';
import { findSessionUser, setPassword, verifyCredentials, verifyPasswordOf } from '../users/users.service';
import * as sessions from './auth.repository';
import { hashPassword } from './password';

export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
// last_seen_at is for operators (and a future list of devices); writing it once an hour keeps the
// read path free of writes.
const TOUCH_EVERY_MS = 60 * 60_000;

export const CURRENT_PASSWORD_WRONG = 'Current password is incorrect';

/** The signed-in user for the client's navigation and guards (with their shop and trial), or null for a guest. */
export async function describeSession(db: DB, sessionUserId: number | null, now: Date, trialMinutes: number) {
  if (sessionUserId === null) return null;
  const user = await findSessionUser(db, sessionUserId);
  if (!user) return null;
  const access = await findShopAccess(db, user);
  const shop = access?.shop;
  const graceDays = await graceDaysFor(db, access?.trial ?? user, now);
  return {
    ...user,
    shop: shop ? { id: shop.id, name: shop.name, slug: shop.slug, currency: shop.currency } : null,
    /** What the user is in that shop (issue 51): its owner, or staff with a role; null without a shop. */
    shopRole: access?.role ?? null,
    trialMinutes,
    graceDays,
    // The shop's trial or plan: the owner's own, which their staff work under too.
    trialExpired: access ? isTrialExpired(access.trial, now, trialMinutes, graceDays) : user.roles.includes('shopkeeper') && isTrialExpired(user, now, trialMinutes, graceDays),
  };
}

// ---- Sign-in and its limits -------------------------------------------------------------------

export type SignInOutcome =
  | { status: 'signed-in'; user: { id: number; email: string } }
  | { status: 'invalid' }
  | { status: 'limited'; retryAfterSeconds: number; message: string }
  | { status: 'suspended'; message: string };

export const SUSPENDED_MESSAGE = 'This account is suspended. Contact support.';

function limitedMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many sign-in attempts. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
}

function limited(result: RateLimitResult) {
  return { status: 'limited' as const, retryAfterSeconds: result.retryAfterSeconds, message: limitedMessage(result.retryAfterSeconds) };
}

const accountKey = (email: string) => `sign-in-account:${email}`;

/**
 * Password attempts on one account, from anywhere: keyed by the account alone, so many clients
 * together get no more guesses than one (an account stays locked for everyone until the window ends).
 * Each attempt is counted before its password is checked (concurrent guesses cannot all slip under the
 * limit) and a correct password clears the count (`passedAccount`): what the limit holds is failures
 * only, so an account signing in on many phones is never locked by succeeding (issue 53, OWASP).
 */
function hitAccount(limiter: RateLimiter, email: string): Promise<RateLimitResult> {
  return limiter.hit(accountKey(email), POLICIES.signInPerAccount);
}

function passedAccount(limiter: RateLimiter, email: string): Promise<void> {
  return limiter.clear(accountKey(email));
}

/**
 * The one place an email and password are checked for signing in (called from Auth.js's
 * `authorize`, with the credentials exactly as Auth.js parsed them from any body shape or path).
 * The per-client limit counts every attempt (floods); the per-account limit counts failures on the email
 * as normalised for the lookup, so the account counted is the account checked. Both run before the
 * password hash, so a refused attempt costs no hashing.
 */
export async function signInWithPassword(db: DB, limiter: RateLimiter, clientIp: string, credentials: unknown): Promise<SignInOutcome> {
  const perClient = await limiter.hit(`sign-in:${clientIp}`, POLICIES.signInPerClient);
  if (!perClient.ok) return limited(perClient);
  const parsed = signInSchema.safeParse(credentials);
  if (!parsed.success) return { status: 'invalid' };
  const perAccount = await hitAccount(limiter, parsed.data.email);
  if (!perAccount.ok) return limited(perAccount);
  const user = await verifyCredentials(db, parsed.data.email, parsed.data.password);
  if (!user) return { status: 'invalid' };
  await passedAccount(limiter, parsed.data.email);
  // Said only to whoever knows the password: a suspension is no way to learn which emails exist.
  if (user.suspended) return { status: 'suspended', message: SUSPENDED_MESSAGE };
  return { status: 'signed-in', user: { id: user.id, email: user.email } };
}

// ---- Server-side sessions ---------------------------------------------------------------------

/**
 * Starts a session for a user who has just signed in; its id goes into the signed session cookie.
 * The user's expired sessions are cleared here, so the table holds only what may still be used.
 */
export async function startSession(db: DB, userId: number, now: Date): Promise<string> {
  const id = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + SESSION_MAX_AGE_SECONDS * 1000);
  await inTransaction(db, async (trx) => {
    await sessions.deleteExpiredSessions(trx, userId, now);
    await sessions.insertSession(trx, { id, userId, now, expiresAt });
  });
  return id;
}

/** Whether a session is still live (not signed out, ended elsewhere or expired), for every request. */
export async function resumeSession(db: DB, sessionId: string, userId: number, now: Date): Promise<boolean> {
  return (await liveSession(db, sessionId, userId, now)) !== null;
}

async function liveSession(db: DB, sessionId: string, userId: number, now: Date): Promise<{ expiresAt: number } | null> {
  const session = await sessions.findLiveSession(db, sessionId, userId, now);
  if (!session) return null;
  if (now.getTime() - Date.parse(session.last_seen_at) > TOUCH_EVERY_MS) await sessions.touchSession(db, sessionId, now);
  return { expiresAt: Date.parse(session.expires_at) };
}

/**
 * A live session with its account as the tiers see it (for the session cache, auth/session-cache.ts),
 * or null when the session ended or expired, or its account is gone.
 */
export async function verifySession(db: DB, sessionId: string, userId: number, now: Date): Promise<{ user: SessionUser; expiresAt: number } | null> {
  const live = await liveSession(db, sessionId, userId, now);
  const user = live && (await findSessionUser(db, userId));
  return live && user ? { user, expiresAt: live.expiresAt } : null;
}

/** Sign-out: this session ends for every copy of its cookie. */
export async function endSession(db: DB, sessionId: string): Promise<void> {
  await sessions.deleteSession(db, sessionId);
}

/**
 * Housekeeping: up to `limit` sessions of anyone that expired by `now` (sign-in clears only the
 * signing-in user's, so an account never used again would keep its rows). Returns how many went.
 */
export function pruneExpiredSessions(db: DB, now: Date, limit: number): Promise<number> {
  return sessions.deleteExpiredSessionsBatch(db, now, limit);
}

/** "Sign out of all devices": every session of the user ends, this one included. */
export async function endAllSessions(db: DB, userId: number): Promise<void> {
  await sessions.deleteUserSessions(db, userId, null);
}

/**
 * The /settings password change. The current password is checked under the same per-account limit as
 * sign-in (a borrowed session is no way around it); the new password and the end of every other
 * session are one transaction, so no other device stays signed in with the old password.
 */
export async function changePassword(
  db: DB,
  limiter: RateLimiter,
  user: { id: number; email: string },
  currentSessionId: string | null,
  input: ChangePasswordInput,
): Promise<void> {
  const attempt = await hitAccount(limiter, user.email);
  if (!attempt.ok) throw new AppError('TOO_MANY_REQUESTS', limitedMessage(attempt.retryAfterSeconds));
  if (!(await verifyPasswordOf(db, user.id, input.currentPassword))) throw badRequest(CURRENT_PASSWORD_WRONG);
  await passedAccount(limiter, user.email);
  const passwordHash = await hashPassword(input.newPassword);
  await inTransaction(db, async (trx) => {
    await setPassword(trx, user.id, passwordHash);
    await sessions.deleteUserSessions(trx, user.id, currentSessionId);
  });
}
