import type { ExpressionBuilder } from 'kysely';
import type { DB } from '../db/client';
import type { Database } from '../db/schema';
import { rolesOf } from '../users/users.service';

/**
 * Who may read a shop or a product: the one visibility rule of every public read (browse, filters,
 * storefronts, product pages, link previews, the cart check, checkout, reviews). Hidden means hidden
 * (product-decisions 2.10 and 4): a shop is public while its own switch is on and no admin has taken
 * it down; a product while the same holds for it and for its shop. Its shop's owner and admins still
 * see it. Each rule is a SQL condition over `shops as s` and `products as p`.
 */

/** Who is looking: a signed-in user (admin or not), or null for a guest. */
export type Viewer = { userId: number; isAdmin: boolean } | null;

/** The signed-in viewer, for reads that owners and admins still see while hidden. */
export async function viewerOf(db: DB, sessionUserId: number | null): Promise<Viewer> {
  if (sessionUserId === null) return null;
  return { userId: sessionUserId, isAdmin: (await rolesOf(db, sessionUserId)).includes('admin') };
}

type ShopEb = ExpressionBuilder<Database & { s: Database['shops'] }, 's'>;
type ProductEb = ExpressionBuilder<Database & { p: Database['products'] }, 'p'>;
type ProductInShopEb = ExpressionBuilder<Database & { p: Database['products']; s: Database['shops'] }, 'p' | 's'>;

/** The shop is public: switched on and not taken down. */
export function shopIsPublic(eb: ShopEb) {
  return eb.and([eb('s.is_active', '=', 1), eb('s.taken_down_at', 'is', null), eb('s.owner_suspended_at', 'is', null)]);
}

/** The product itself is listed (switched on, not taken down), whatever its shop's state. */
export function productIsListed(eb: ProductEb) {
  return eb.and([eb('p.is_active', '=', 1), eb('p.taken_down_at', 'is', null)]);
}

/** Buyers and guests may see the product: it is listed and its shop is public. */
export function productIsPublic(eb: ProductInShopEb) {
  return eb.and([productIsListed(eb), shopIsPublic(eb)]);
}

/** An admin took the shop down: its owner's switch cannot lift that (product-decisions 4). */
export function shopTakenDown(eb: ShopEb) {
  return eb('s.taken_down_at', 'is not', null);
}

/** An admin took the product or its shop down, so telling its owner to switch it on would mislead. */
export function productTakenDown(eb: ProductInShopEb) {
  return eb.or([eb('p.taken_down_at', 'is not', null), shopTakenDown(eb)]);
}

/** The shop is public, or the viewer is its owner or an admin. */
export function shopVisibleTo(eb: ShopEb, viewer: Viewer) {
  if (viewer?.isAdmin) return eb.lit(true);
  return viewer ? eb.or([shopIsPublic(eb), eb('s.owner_id', '=', viewer.userId)]) : shopIsPublic(eb);
}

/** The product is public, or the viewer is its shop's owner or an admin. */
export function productVisibleTo(eb: ProductInShopEb, viewer: Viewer) {
  if (viewer?.isAdmin) return eb.lit(true);
  return viewer ? eb.or([productIsPublic(eb), eb('s.owner_id', '=', viewer.userId)]) : productIsPublic(eb);
}
