import { createHash } from 'node:crypto';
import { type Language, isLanguage } from '../../shared/i18n/language';
import type { MailConfig } from '../config';
import type { DB } from '../db/client';
import { inTransaction } from '../db/transaction';
import { badRequest } from '../errors';
import { cartReminderEmail } from '../mail/emails';
import { enqueueEmail } from '../mail/outbox.service';
import { INVALID_STOP_LINK, isSignedLinkToken, normalizedAddress, signedLinkUrl } from '../mail/signed-links';
import { siteIdentity } from '../settings/settings.service';
import { productsWithShop } from '../products/products.service';
import { cartRemindersOfAddress, setCartRemindersOfAddress } from '../users/users.service';
import * as repo from './carts.repository';

/**
 * A reminder for a forgotten cart (issue 50 part 5, product-decisions 7): a signed-in buyer whose cart
 * holds lines untouched for 24 hours gets one email, when mail is set up, in the language the cart was
 * last written in. Once per contents: the lines' fingerprint is written on the cart by a conditional
 * update (repo.markReminded) in the email's own transaction, so two instances running the job at once
 * send one. A checkout takes its lines out of the cart (orders.service), so a cart that became orders
 * is not reminded of. "Cart reminders" in /settings switches it off, as does the email's signed stop
 * link (/email-updates?about=cart-reminders, also the List-Unsubscribe one-click). Each run reads only
 * carts changed since it last looked at them (carts.looked_at), so old carts never crowd out new ones.
 */

export const CART_REMINDER_AFTER_MS = 24 * 3_600_000;
/** Carts looked at per run (the job runs hourly; the rest wait for the next run). */
const MAX_PER_RUN = 500;

/** What the stop link says it is about, on the page it opens (/email-updates). */
export const CART_REMINDERS_ABOUT = 'cart-reminders';

/** The cart's contents as one string: each line's product, color, size and quantity, in a fixed order. */
export function cartFingerprint(lines: readonly repo.StoredLine[]): string {
  const keys = lines.map((l) => `${l.productId}|${l.color ?? ''}|${l.size ?? ''}|${l.quantity}`).sort();
  return createHash('sha256').update(keys.join('\n')).digest('base64url');
}

/** Queues the reminders due at `now`; returns how many were queued. Nothing without mail. */
export async function sendCartReminders(db: DB, mail: MailConfig | null, now: Date, options: { perRun?: number } = {}): Promise<number> {
  if (!mail) return 0;
  const due = await repo.cartsUntouchedSince(db, new Date(now.getTime() - CART_REMINDER_AFTER_MS), options.perRun ?? MAX_PER_RUN);
  let sent = 0;
  for (const cart of due) {
    const lines = await repo.listLines(db, cart.user_id);
    const fingerprint = cartFingerprint(lines);
    if (lines.length === 0 || cart.reminded === fingerprint) {
      await repo.markLooked(db, cart.user_id, cart.updated_at);
      continue;
    }
    const names = new Map((await productsWithShop(db, lines.map((l) => l.productId))).map((p) => [p.id, p.name]));
    const items = lines.flatMap((l) => {
      const name = names.get(l.productId);
      return name === undefined ? [] : [{ name: [name, l.color, l.size].filter(Boolean).join(' · '), quantity: l.quantity }];
    });
    if (items.length === 0) {
      await repo.markLooked(db, cart.user_id, cart.updated_at);
      continue;
    }
    const language: Language = isLanguage(cart.language) ? cart.language : 'en';
    const queued = await inTransaction(db, async (trx) => {
      if (!(await repo.markReminded(trx, cart.user_id, cart.updated_at, fingerprint))) return false;
      const site = await siteIdentity(trx);
      const stopUrl = signedLinkUrl(mail.publicUrl, mail.linkKey, language, CART_REMINDERS_ABOUT, cart.email);
      await enqueueEmail(trx, {
        kind: 'cart-reminder',
        to: cart.email,
        language,
        content: cartReminderEmail(language, mail.publicUrl, { buyerName: cart.full_name, items }, stopUrl, site),
        now,
        unsubscribeUrl: stopUrl,
      });
      return true;
    });
    if (queued) sent += 1;
  }
  return sent;
}

/** The stop link's page: whether the link is valid, and whether its account gets cart reminders. */
export async function cartRemindersOf(db: DB, key: string, link: { email: string; token: string }) {
  const enabled = isSignedLinkToken(key, CART_REMINDERS_ABOUT, link.email, link.token) ? await cartRemindersOfAddress(db, normalizedAddress(link.email)) : undefined;
  return enabled === undefined ? { valid: false as const } : { valid: true as const, enabled };
}

/** The stop link's button (and a mail program's one-click): the account's cart reminders off, or on again. */
export async function setCartRemindersByLink(db: DB, key: string, link: { email: string; token: string; enabled: boolean }, now: Date) {
  if (!isSignedLinkToken(key, CART_REMINDERS_ABOUT, link.email, link.token)) throw badRequest(INVALID_STOP_LINK);
  await setCartRemindersOfAddress(db, normalizedAddress(link.email), link.enabled, now);
  return { enabled: link.enabled };
}
