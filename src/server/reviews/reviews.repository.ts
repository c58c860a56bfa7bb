import { sql } from 'kysely';
import { productVisibleTo, shopVisibleTo, type Viewer } from '../catalog/visibility';
import type { DB } from '../db/client';

/** Product and shop reviews: one per user per target; listed newest first with the reviewer's profile. */

export type ReviewTarget = { kind: 'product' | 'shop'; id: number };

// product_reviews and shop_reviews hold the same columns apart from the target's id, so one set of
// queries serves both; they are typed as product_reviews, whose columns shop_reviews mirrors.
const table = (target: ReviewTarget) => (target.kind === 'product' ? 'product_reviews' : 'shop_reviews') as 'product_reviews';
const targetColumn = (target: ReviewTarget) => (target.kind === 'product' ? 'product_id' : 'shop_id') as 'product_id';

/** Whether `viewer` may see the product or shop (the catalog's visibility rule); null: a guest. */
export async function isVisible(db: DB, target: ReviewTarget, viewer: Viewer): Promise<boolean> {
  if (target.kind === 'shop') {
    const shop = await db
      .selectFrom('shops as s')
      .select('s.id')
      .where('s.id', '=', target.id)
      .where((eb) => shopVisibleTo(eb, viewer))
      .executeTakeFirst();
    return Boolean(shop);
  }
  const row = await db
    .selectFrom('products as p')
    .innerJoin('shops as s', 's.id', 'p.shop_id')
    .select('p.id')
    .where('p.id', '=', target.id)
    .where((eb) => productVisibleTo(eb, viewer))
    .executeTakeFirst();
  return Boolean(row);
}

/** A page of reviews; hidden ones only when `withHidden` (an admin reading). */
/**
 * "Verified buyer" (product-decisions 7): the author has a Delivered order of the product (a product
 * review) or from the shop (a shop review). Read per page of reviews through the orders' buyer index.
 */
function verifiedBuyer(target: ReviewTarget) {
  return target.kind === 'product'
    ? sql<number | boolean>`exists (select 1 from order_items oi inner join orders o on o.id = oi.order_id
        where o.buyer_id = r.user_id and o.status = 'delivered' and oi.product_id = r.product_id)`
    : sql<number | boolean>`exists (select 1 from orders o where o.buyer_id = r.user_id and o.status = 'delivered' and o.shop_id = r.shop_id)`;
}

export async function listReviews(db: DB, target: ReviewTarget, offset: number, limit: number, withHidden = false) {
  return db
    .selectFrom(`${table(target)} as r`)
    .leftJoin('profiles as pr', 'pr.user_id', 'r.user_id')
    .select(['r.id', 'r.user_id', 'r.rating', 'r.comment', 'r.created_at', 'r.updated_at', 'r.hidden_at', 'r.reply', 'r.reply_at', 'pr.full_name', 'pr.avatar_url'])
    .select(verifiedBuyer(target).as('verified'))
    .where(`r.${targetColumn(target)}`, '=', target.id)
    .$if(!withHidden, (q) => q.where('r.hidden_at', 'is', null))
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(limit + 1)
    .offset(offset)
    .execute();
}

export async function findReview(db: DB, target: ReviewTarget, userId: number) {
  return db
    .selectFrom(table(target))
    .select(['id', 'rating', 'comment'])
    .where(targetColumn(target), '=', target.id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Insert or update by (target, user) in one statement. */
export async function upsertReview(
  db: DB,
  target: ReviewTarget,
  input: { userId: number; rating: number; comment: string | null; now: string },
): Promise<void> {
  await db
    .insertInto(table(target))
    .values({
      [targetColumn(target)]: target.id,
      user_id: input.userId,
      rating: input.rating,
      comment: input.comment,
      created_at: input.now,
      updated_at: input.now,
    } as { product_id: number; user_id: number; rating: number; comment: string | null; created_at: string; updated_at: string })
    .onConflict((oc) => oc.columns([targetColumn(target), 'user_id']).doUpdateSet({ rating: input.rating, comment: input.comment, updated_at: input.now }))
    .execute();
}

/** A review by its own id, with the name and shop of what it is of (for an admin's Hide and Show). */
export async function findReviewById(db: DB, kind: ReviewTarget['kind'], id: number) {
  if (kind === 'product') {
    return db
      .selectFrom('product_reviews as r')
      .innerJoin('products as p', 'p.id', 'r.product_id')
      .select(['r.id', 'r.hidden_at', 'p.name', 'p.shop_id'])
      .where('r.id', '=', id)
      .executeTakeFirst();
  }
  return db
    .selectFrom('shop_reviews as r')
    .innerJoin('shops as s', 's.id', 'r.shop_id')
    .select(['r.id', 'r.hidden_at', 's.name', 's.id as shop_id'])
    .where('r.id', '=', id)
    .executeTakeFirst();
}

/** Hides (a time) or shows (null) one review; the rating triggers move its rating out of or back into the numbers. */
export async function setHiddenAt(db: DB, kind: ReviewTarget['kind'], id: number, hiddenAt: string | null): Promise<void> {
  await db.updateTable(table({ kind, id: 0 })).set({ hidden_at: hiddenAt, hidden_by_suspension: 0 }).where('id', '=', id).execute();
}


/** The review if it is of the shop `shopId` or of one of its products (a reply is its owner's alone). */
export async function findShopsReview(db: DB, kind: ReviewTarget['kind'], id: number, shopId: number) {
  if (kind === 'product') {
    return db
      .selectFrom('product_reviews as r')
      .innerJoin('products as p', 'p.id', 'r.product_id')
      .select(['r.id', 'r.reply', 'p.name'])
      .where('r.id', '=', id)
      .where('p.shop_id', '=', shopId)
      .executeTakeFirst();
  }
  return db
    .selectFrom('shop_reviews as r')
    .innerJoin('shops as s', 's.id', 'r.shop_id')
    .select(['r.id', 'r.reply', 's.name'])
    .where('r.id', '=', id)
    .where('r.shop_id', '=', shopId)
    .executeTakeFirst();
}

export async function setReply(db: DB, kind: ReviewTarget['kind'], id: number, reply: string, at: string): Promise<void> {
  await db.updateTable(table({ kind, id: 0 })).set({ reply, reply_at: at }).where('id', '=', id).execute();
}

/** The account owning the shop of the product or shop reviewed (null when gone). */
export async function ownerOf(db: DB, target: ReviewTarget): Promise<number | null> {
  const row =
    target.kind === 'shop'
      ? await db.selectFrom('shops').select('owner_id').where('id', '=', target.id).executeTakeFirst()
      : await db.selectFrom('products as p').innerJoin('shops as s', 's.id', 'p.shop_id').select('s.owner_id').where('p.id', '=', target.id).executeTakeFirst();
  return row?.owner_id ?? null;
}

/**
 * A suspended author's reviews (issue 49): `at` hides those shown, marked as the suspension's; null
 * shows again exactly those (an admin's own hiding stays).
 */
export async function setHiddenBySuspension(db: DB, userId: number, at: string | null): Promise<void> {
  for (const name of ['product_reviews', 'shop_reviews'] as const) {
    const t = name as 'product_reviews';
    if (at) await db.updateTable(t).set({ hidden_at: at, hidden_by_suspension: 1 }).where('user_id', '=', userId).where('hidden_at', 'is', null).execute();
    else await db.updateTable(t).set({ hidden_at: null, hidden_by_suspension: 0 }).where('user_id', '=', userId).where('hidden_by_suspension', '=', 1).execute();
  }
}
