import type { Language } from '../../shared/i18n/language';
import type { DB } from '../db/client';
import { inTransaction } from '../db/transaction';
import { isSignedLinkToken, normalizedAddress, signedLink, signedLinkUrl } from '../mail/signed-links';
import * as users from './users.repository';

/**
 * "Order updates by email" for every buyer (issue 31). A status email goes to an address unless the
 * address switched them off (email_opt_outs) or, for an account's order, the account did. Each status
 * email carries a link signed for its address, so a guest, who has no /settings, can switch them off
 * (and on again) without signing in; an account's /settings switch writes the same row.
 */

/** The answer to a link whose signature does not match its address (edited, cut short, or from another server). */
export const INVALID_LINK = 'This link is not valid. Open it again from your latest order email.';

/** The link's query: the address and its signature. */
export function orderUpdatesLink(key: string, email: string): { email: string; token: string } {
  return signedLink(key, 'order-updates', email);
}

/** The signed link that switches `email`'s order updates off (and on again). */
export function orderUpdatesUrl(publicUrl: string, key: string, language: Language, email: string): string {
  return signedLinkUrl(publicUrl, key, language, 'order-updates', email);
}

/** Whether `token` is the link's signature for `email` (compared in constant time). */
export function isOrderUpdatesToken(key: string, email: string, token: string): boolean {
  return isSignedLinkToken(key, 'order-updates', email, token);
}

/** Whether the buyer of an order (an account, or a guest when `buyerId` is null) is emailed its status changes. */
export async function receivesOrderUpdates(db: DB, buyer: { buyerId: number | null; email: string }): Promise<boolean> {
  if (await users.isOptedOut(db, normalizedAddress(buyer.email))) return false;
  return buyer.buyerId === null || users.wantsOrderEmails(db, buyer.buyerId);
}

/** Whether the address gets order updates (the link's page). */
export async function addressReceivesOrderUpdates(db: DB, email: string): Promise<boolean> {
  return !(await users.isOptedOut(db, normalizedAddress(email)));
}

/** Switches the address's order updates on or off, and with them the switch of any account with that address. */
export async function setOrderUpdates(db: DB, email: string, enabled: boolean, now: Date): Promise<void> {
  const address = normalizedAddress(email);
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
