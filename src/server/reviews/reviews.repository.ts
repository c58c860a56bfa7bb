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

export async function listReviews(db: DB, target: ReviewTarget, offset: number, limit: number) {
  return db
    .selectFrom(`${table(target)} as r`)
    .leftJoin('profiles as pr', 'pr.user_id', 'r.user_id')
    .select(['r.id', 'r.user_id', 'r.rating', 'r.comment', 'r.created_at', 'r.updated_at', 'pr.full_name', 'pr.avatar_url'])
    .where(`r.${targetColumn(target)}`, '=', target.id)
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
