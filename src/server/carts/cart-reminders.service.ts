import { createHash } from 'node:crypto';
import { type Language, isLanguage } from '../../shared/i18n/language';
import type { MailConfig } from '../config';
import type { DB } from '../db/client';
import { inTransaction } from '../db/transaction';
import { appUrl, cartReminderEmail } from '../mail/emails';
import { enqueueEmail } from '../mail/outbox.service';
import { siteIdentity } from '../settings/settings.service';
import { productsWithShop } from '../products/products.service';
import * as repo from './carts.repository';

/**
 * A reminder for a forgotten cart (issue 50 part 5, product-decisions 7): a signed-in buyer whose cart
 * holds lines untouched for 24 hours gets one email, when mail is set up, in the language the cart was
 * last written in. Once per contents: the lines' fingerprint is written on the cart by a conditional
 * update (repo.markReminded) in the email's own transaction, so two instances running the job at once
 * send one. A checkout takes its lines out of the cart (orders.service), so a cart that became orders
 * is not reminded of. "Cart reminders" in /settings switches it off.
 */

export const CART_REMINDER_AFTER_MS = 24 * 3_600_000;
/** Carts looked at per run (the job runs every few hours; the rest wait for the next run). */
const MAX_PER_RUN = 500;

/** The cart's contents as one string: each line's product, color, size and quantity, in a fixed order. */
export function cartFingerprint(lines: readonly repo.StoredLine[]): string {
  const keys = lines.map((l) => `${l.productId}|${l.color ?? ''}|${l.size ?? ''}|${l.quantity}`).sort();
  return createHash('sha256').update(keys.join('\n')).digest('base64url');
}

/** Queues the reminders due at `now`; returns how many were queued. Nothing without mail. */
export async function sendCartReminders(db: DB, mail: MailConfig | null, now: Date): Promise<number> {
  if (!mail) return 0;
  const due = await repo.cartsUntouchedSince(db, new Date(now.getTime() - CART_REMINDER_AFTER_MS), MAX_PER_RUN);
  let sent = 0;
  for (const cart of due) {
    const lines = await repo.listLines(db, cart.user_id);
    const fingerprint = cartFingerprint(lines);
    if (lines.length === 0 || cart.reminded === fingerprint) continue;
    const names = new Map((await productsWithShop(db, lines.map((l) => l.productId))).map((p) => [p.id, p.name]));
    const items = lines.flatMap((l) => {
      const name = names.get(l.productId);
      return name === undefined ? [] : [{ name: [name, l.color, l.size].filter(Boolean).join(' · '), quantity: l.quantity }];
    });
    if (items.length === 0) continue;
    const language: Language = isLanguage(cart.language) ? cart.language : 'en';
    const queued = await inTransaction(db, async (trx) => {
      if (!(await repo.markReminded(trx, cart.user_id, cart.updated_at, fingerprint))) return false;
      const site = await siteIdentity(trx);
      const stopUrl = appUrl(mail.publicUrl, language, '/settings');
      await enqueueEmail(trx, {
        kind: 'cart-reminder',
        to: cart.email,
        language,
        content: cartReminderEmail(language, mail.publicUrl, { buyerName: cart.full_name, items }, stopUrl, site),
        now,
      });
      return true;
    });
    if (queued) sent += 1;
  }
  return sent;
}
