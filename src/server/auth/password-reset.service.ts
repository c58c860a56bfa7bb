import { type ActivityActor, recordActivity } from '../activity/activity.service';
import { siteIdentity } from '../settings/settings.service';
import { createHash, randomBytes } from 'node:crypto';
import type { Language } from '../../shared/i18n/language';
import { RESET_TOKEN_PATTERN } from '../../shared/schemas/auth';
import type { MailConfig } from '../config';
import type { DB } from '../db/client';
import { inTransaction } from '../db/transaction';
import { AppError, badRequest, notFound } from '../errors';
import { appUrl, passwordResetEmail } from '../mail/emails';
import { enqueueEmail } from '../mail/outbox.service';
import { POLICIES, type RateLimiter } from '../rate-limit';
import { findSessionUser, findUserIdByEmail, setPassword, USER_NOT_FOUND } from '../users/users.service';
import * as resets from './password-reset.repository';
import * as sessions from './auth.repository';
import { hashPassword } from './password';

/** How long a link lives (product-decisions 6): an hour by email, a day when an admin hands it over. */
export const RESET_BY_EMAIL_MS = 60 * 60_000;
export const RESET_BY_ADMIN_MS = 24 * 3_600_000;

export const EMAIL_NOT_SET_UP = 'Email is not set up on this marketplace. Ask its admin for a reset link.';
export const RESET_LINK_INVALID = 'This reset link has expired or was already used. Ask for a new one.';
export const TOO_MANY_RESETS = 'Too many reset requests. Try again later.';

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * A new token for the user: 32 random bytes (base64url, in the link only), its SHA-256 stored. The
 * user's older tokens are deleted in the same transaction: the newest link is the only live one.
 */
async function issueToken(trx: DB, userId: number, createdBy: number | null, now: Date, lifetimeMs: number): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + lifetimeMs);
  await resets.deleteUserResets(trx, userId);
  await resets.insertReset(trx, { tokenHash: sha256(token), userId, createdBy, now, expiresAt });
  return { token, expiresAt };
}

/** The reset page's address for a token, in a language. */
export function resetUrl(publicUrl: string, language: Language, token: string): string {
  return appUrl(publicUrl, language, `/reset-password?token=${token}`);
}

/**
 * "Forgot password?": for a known email, a token and its email are written in one transaction (the
 * sender delivers it). The answer is the same, with the same status, for an unknown email; both are
 * counted per client and per email before anything is looked up. Without a mail server it says so
 * instead of pretending to send.
 */
export async function requestPasswordReset(
  db: DB,
  options: { mail: MailConfig | null; limiter: RateLimiter; clientIp: string; email: string; language: Language; now: Date },
): Promise<{ ok: true }> {
  const { mail, limiter, email, language, now } = options;
  if (!mail) throw new AppError('PRECONDITION_FAILED', EMAIL_NOT_SET_UP);
  const perClient = await limiter.hit(`password-reset:${options.clientIp}`, POLICIES.passwordResetPerClient);
  if (!perClient.ok) throw new AppError('TOO_MANY_REQUESTS', TOO_MANY_RESETS);
  const perEmail = await limiter.hit(`password-reset-email:${email}`, POLICIES.passwordResetPerEmail);
  if (!perEmail.ok) throw new AppError('TOO_MANY_REQUESTS', TOO_MANY_RESETS);
  // One transaction either way, so a known email takes about as long as an unknown one.
  await inTransaction(db, async (trx) => {
    const userId = await findUserIdByEmail(trx, email);
    if (userId === undefined) return;
    const { token } = await issueToken(trx, userId, null, now, RESET_BY_EMAIL_MS);
    const content = passwordResetEmail(language, mail.publicUrl, resetUrl(mail.publicUrl, language, token), await siteIdentity(trx));
    await enqueueEmail(trx, { kind: 'password-reset', to: email, language, content, now });
  });
  return { ok: true };
}

/**
 * The admin's one-time link (or the operator's, `npm run admin -- reset-link EMAIL`): valid a day,
 * voiding older ones. Returns the link and the account's phone, for "Send on WhatsApp".
 */
export async function issueResetLink(
  db: DB,
  options: { userId: number; issuedBy: number | null; publicUrl: string; language: Language; now: Date; actor?: ActivityActor },
): Promise<{ url: string; expiresAt: string; phone: string; email: string }> {
  const user = await findSessionUser(db, options.userId);
  if (!user) throw notFound(USER_NOT_FOUND);
  const { token, expiresAt } = await inTransaction(db, async (trx) => {
    const issued = await issueToken(trx, user.id, options.issuedBy, options.now, RESET_BY_ADMIN_MS);
    // The log says a link was issued and for whom, never the link.
    if (options.actor) await recordActivity(trx, { actor: options.actor, action: 'user.reset_link_issued', subject: { type: 'user', id: user.id, label: user.fullName || null }, at: options.now });
    return issued;
  });
  return { url: resetUrl(options.publicUrl, options.language, token), expiresAt: expiresAt.toISOString(), phone: user.phone, email: user.email };
}

/** Whether a link's token is live (the reset page says at once when it is not). */
export async function isResetTokenLive(db: DB, token: string, now: Date): Promise<boolean> {
  return RESET_TOKEN_PATTERN.test(token) && (await resets.findLiveReset(db, sha256(token), now)) !== undefined;
}

/**
 * Sets the new password from a live link: in one transaction the password changes, every reset token
 * of the account goes (the link is single use) and every session ends. It does not sign in.
 */
export async function resetPassword(db: DB, input: { token: string; newPassword: string; now: Date }): Promise<void> {
  // A dead link costs no hashing; the transaction checks the token again, as it may have been used meanwhile.
  if (!(await isResetTokenLive(db, input.token, input.now))) throw badRequest(RESET_LINK_INVALID);
  const passwordHash = await hashPassword(input.newPassword);
  await inTransaction(db, async (trx) => {
    const reset = await resets.findLiveReset(trx, sha256(input.token), input.now);
    if (!reset) throw badRequest(RESET_LINK_INVALID);
    await setPassword(trx, reset.user_id, passwordHash);
    await resets.deleteUserResets(trx, reset.user_id);
    await sessions.deleteUserSessions(trx, reset.user_id, null);
  });
}

/** Housekeeping: up to `limit` reset tokens that expired by `now`. */
export function pruneExpiredResets(db: DB, now: Date, limit: number): Promise<number> {
  return resets.deleteExpiredResets(db, now, limit);
}

/** The operator's link by email (`npm run admin -- reset-link EMAIL`). */
export async function issueResetLinkByEmail(db: DB, email: string, publicUrl: string, now: Date) {
  const userId = await findUserIdByEmail(db, email);
  if (userId === undefined) throw notFound(`No account with the email ${email.trim().toLowerCase()}`);
  return issueResetLink(db, { userId, issuedBy: null, publicUrl, language: 'en', now });
}
