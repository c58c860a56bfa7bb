import { createHmac, timingSafeEqual } from 'node:crypto';
import { type Language, localizedPath } from '../../shared/i18n/language';

/**
 * The stop links at the foot of the emails a buyer can switch off (order updates, issue 31; back in
 * stock and cart reminders, issue 50). Each is signed for its one address and its one purpose, with
 * the server's link key, so it needs no account (a guest has none) and opens nothing else: an
 * order-updates link does not stop cart reminders. All open /email-updates, told what they are about
 * (order updates, the first, are the page's default); a POST to it is the mail program's one-click
 * unsubscribe (RFC 8058, the List-Unsubscribe header).
 */
export type LinkPurpose = 'order-updates' | 'back-in-stock' | 'cart-reminders';

/** The answer to a back-in-stock or cart-reminder link whose signature does not match its address. */
export const INVALID_STOP_LINK = 'This link is not valid. Open it again from the email.';

/** The page every stop link opens. */
export const EMAIL_UPDATES_PATH = '/email-updates';

/** The addresses links are signed for: trimmed and lower-case. */
export const normalizedAddress = (email: string) => email.trim().toLowerCase();

/** HMAC-SHA256 of the purpose and the address under the link key, base64url. */
function signature(key: string, purpose: LinkPurpose, email: string): string {
  return createHmac('sha256', key).update(`${purpose}\n${normalizedAddress(email)}`).digest('base64url');
}

/** The link's query: the address and its signature. */
export function signedLink(key: string, purpose: LinkPurpose, email: string): { email: string; token: string } {
  return { email: normalizedAddress(email), token: signature(key, purpose, email) };
}

/** The signed link for `email`, in the reader's language. */
export function signedLinkUrl(publicUrl: string, key: string, language: Language, purpose: LinkPurpose, email: string): string {
  const query = new URLSearchParams({ ...(purpose === 'order-updates' ? {} : { about: purpose }), ...signedLink(key, purpose, email) });
  return `${publicUrl.replace(/\/+$/, '')}${localizedPath(language, EMAIL_UPDATES_PATH)}?${query}`;
}

/** Whether `token` is the link's signature for `email` and `purpose` (compared in constant time). */
export function isSignedLinkToken(key: string, purpose: LinkPurpose, email: string, token: string): boolean {
  const expected = Buffer.from(signature(key, purpose, email));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
