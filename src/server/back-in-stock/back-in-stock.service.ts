import type { Language } from '../../shared/i18n/language';
import type { AskBackInStockInput } from '../../shared/schemas/back-in-stock';
import type { MailConfig } from '../config';
import type { DB } from '../db/client';
import { badRequest, notFound } from '../errors';
import { backInStockEmail } from '../mail/emails';
import { enqueueEmail } from '../mail/outbox.service';
import { INVALID_STOP_LINK, isSignedLinkToken, normalizedAddress, signedLink, signedLinkUrl } from '../mail/signed-links';
import { siteIdentity } from '../settings/settings.service';
import * as repo from './back-in-stock.repository';

/**
 * "Notify me when it's back" (issue 50, product-decisions 7). A buyer (a guest too) leaves an address
 * for a sold-out product or colour x size; every write that raises stock (product edit, import, an
 * order cancelled or returned) calls `releaseBackInStock` in its own transaction, which takes each
 * request now in stock (a conditional delete: one transaction wins) and writes its one email to the
 * outbox. Without mail set up nothing is offered and nothing is written.
 */

export const NO_MAIL = 'Emails are not set up on this marketplace.';
export const IN_STOCK = 'This is in stock: you can order it now.';
export const NO_SUCH_VARIANT = 'This product is not sold in that color and size.';
export const TOO_MANY_REQUESTS = 'Too many requests. Please wait a few minutes.';

/** What the stop link says it is about, on the page it opens (/email-updates). */
export const STOP_ABOUT = 'back-in-stock';

/** Records the request (once: asking again answers `alreadyAsked`). Refused when the thing is in stock. */
export async function askBackInStock(
  db: DB,
  input: AskBackInStockInput,
  caller: { userId: number | null; language: Language; mail: MailConfig | null; now: Date },
): Promise<{ alreadyAsked: boolean }> {
  if (!caller.mail) throw badRequest(NO_MAIL);
  const product = await repo.findPublicProduct(db, input.productId);
  if (!product) throw notFound('Product not found');
  const target = await targetOf(db, product, input);
  if (target.stock > 0) throw badRequest(IN_STOCK);
  const written = await repo.insertRequest(db, { productId: product.id, color: target.color, size: target.size, email: input.email, language: caller.language, userId: caller.userId, now: caller.now });
  return { alreadyAsked: !written };
}

/**
 * What the request waits for: a chosen colour x size of a per-variant product (its variant's stock), or
 * the product as a whole (its stock; a shared-stock product's options have no stock of their own).
 */
async function targetOf(
  db: DB,
  product: { id: number; stock_amount: number; stock_mode: string; colors: string; sizes: string },
  input: Pick<AskBackInStockInput, 'color' | 'size'>,
): Promise<{ color: string; size: string; stock: number }> {
  const colors = JSON.parse(product.colors) as string[];
  const sizes = JSON.parse(product.sizes) as string[];
  const color = colors.length > 0 ? (input.color?.toLowerCase() ?? null) : null;
  const size = sizes.length > 0 ? input.size : null;
  const complete = (colors.length === 0 || color !== null) && (sizes.length === 0 || size !== null);
  if (product.stock_mode !== 'per_variant' || !complete) return { color: '', size: '', stock: product.stock_amount };
  const stock = await repo.variantStock(db, product.id, color ?? '', size ?? '');
  if (stock === undefined) throw badRequest(NO_SUCH_VARIANT);
  return { color: color ?? '', size: size ?? '', stock };
}

/**
 * In the transaction that raised the stock of `productIds`: each pending request now in stock is
 * taken and its email written, in the language it was asked in. Requests wait while mail is not set up.
 */
export async function releaseBackInStock(trx: DB, mail: MailConfig | null | undefined, productIds: readonly number[], now: Date): Promise<void> {
  if (!mail) return;
  const due = await repo.dueRequests(trx, [...new Set(productIds)]);
  if (due.length === 0) return;
  const site = await siteIdentity(trx);
  for (const request of due) {
    if (!(await repo.takeRequest(trx, request.id))) continue;
    const stopUrl = signedLinkUrl(mail.publicUrl, mail.linkKey, request.language, STOP_ABOUT, request.email);
    const product = { name: request.name, slug: request.slug, color: request.color || null, size: request.size || null };
    const content = backInStockEmail(request.language, mail.publicUrl, product, stopUrl, site);
    await enqueueEmail(trx, { kind: 'back-in-stock', to: request.email, language: request.language, content, now, unsubscribeUrl: stopUrl });
  }
}

/** How many buyers wait for each of a shop's products (the shop's product list). */
export function waitingBuyers(db: DB, productIds: readonly number[]): Promise<Map<number, number>> {
  return repo.waitingCounts(db, productIds);
}

/** The stop link's query: the address and its signature (for this purpose only: an order-updates link does not stop these). */
export function backInStockLink(key: string, email: string): { email: string; token: string } {
  return signedLink(key, STOP_ABOUT, email);
}

function isBackInStockToken(key: string, email: string, token: string): boolean {
  return isSignedLinkToken(key, STOP_ABOUT, email, token);
}

/** The stop link's page: how many requests of the address wait. */
export async function pendingOf(db: DB, key: string, link: { email: string; token: string }) {
  if (!isBackInStockToken(key, link.email, link.token)) return { valid: false as const };
  return { valid: true as const, waiting: await repo.countByEmail(db, normalizedAddress(link.email)) };
}

/** The stop link: every pending request of the address is removed. */
export async function stopBackInStock(db: DB, key: string, link: { email: string; token: string }): Promise<{ removed: number }> {
  if (!isBackInStockToken(key, link.email, link.token)) throw badRequest(INVALID_STOP_LINK);
  return { removed: await repo.deleteByEmail(db, normalizedAddress(link.email)) };
}
