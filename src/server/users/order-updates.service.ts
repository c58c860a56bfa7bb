import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Language } from '../../shared/i18n/language';
import { localizedPath } from '../../shared/i18n/language';
import type { DB } from '../db/client';
import { inTransaction } from '../db/transaction';
import * as users from './users.repository';

/**
 * "Order updates by email" for every buyer (issue 31). A status email goes to an address unless the
 * address switched them off (email_opt_outs) or, for an account's order, the account did. Each status
 * email carries a link signed for its address, so a guest, who has no /settings, can switch them off
 * (and on again) without signing in; an account's /settings switch writes the same row.
 */

/** The page the link opens, in the reader's language; a POST to it is the mail program's one-click unsubscribe (RFC 8058). */
export const ORDER_UPDATES_PATH = '/email-updates';

/** The answer to a link whose signature does not match its address (edited, cut short, or from another server). */
export const INVALID_LINK = 'This link is not valid. Open it again from your latest order email.';

const normalized = (email: string) => email.trim().toLowerCase();

/** The link's signature: HMAC-SHA256 of the address under the server's link key, base64url. */
function signature(key: string, email: string): string {
  return createHmac('sha256', key).update(`order-updates\n${normalized(email)}`).digest('base64url');
}

/** The link's query: the address and its signature. */
export function orderUpdatesLink(key: string, email: string): { email: string; token: string } {
  return { email: normalized(email), token: signature(key, email) };
}

/** The signed link that switches `email`'s order updates off (and on again). */
export function orderUpdatesUrl(publicUrl: string, key: string, language: Language, email: string): string {
  const query = new URLSearchParams(orderUpdatesLink(key, email));
  return `${publicUrl.replace(/\/+$/, '')}${localizedPath(language, ORDER_UPDATES_PATH)}?${query}`;
}

/** Whether `token` is the link's signature for `email` (compared in constant time). */
export function isOrderUpdatesToken(key: string, email: string, token: string): boolean {
  const expected = Buffer.from(signature(key, email));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Whether the buyer of an order (an account, or a guest when `buyerId` is null) is emailed its status changes. */
export async function receivesOrderUpdates(db: DB, buyer: { buyerId: number | null; email: string }): Promise<boolean> {
  if (await users.isOptedOut(db, normalized(buyer.email))) return false;
  return buyer.buyerId === null || users.wantsOrderEmails(db, buyer.buyerId);
}

/** Whether the address gets order updates (the link's page). */
export async function addressReceivesOrderUpdates(db: DB, email: string): Promise<boolean> {
  return !(await users.isOptedOut(db, normalized(email)));
}

/** Switches the address's order updates on or off, and with them the switch of any account with that address. */
export async function setOrderUpdates(db: DB, email: string, enabled: boolean, now: Date): Promise<void> {
  const address = normalized(email);
  await inTransaction(db, async (trx) => {
    if (enabled) await users.optIn(trx, address);
    else await users.optOut(trx, address, now);
    await users.setOrderEmailsOfAddress(trx, address, enabled, now);
  });
}

/** /settings "Order updates by email": the signed-in buyer's own address, as its link would. */
export async function setOwnOrderUpdates(db: DB, userId: number, enabled: boolean, now: Date): Promise<void> {
  const email = await users.emailOf(db, userId);
  if (email) await setOrderUpdates(db, email, enabled, now);
}
