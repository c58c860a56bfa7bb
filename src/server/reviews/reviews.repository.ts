import type { DB } from '../db/client';

/** Product and shop reviews: one per user per target; listed newest first with the reviewer's profile. */

export async function isProductReviewable(db: DB, productId: number): Promise<boolean> {
  const row = await db
    .selectFrom('products as p')
    .innerJoin('shops as s', 's.id', 'p.shop_id')
    .select('p.id')
    .where('p.id', '=', productId)
    .where('p.is_active', '=', 1)
    .where('s.is_active', '=', 1)
    .executeTakeFirst();
  return Boolean(row);
}

export async function isShopReviewable(db: DB, shopId: number): Promise<boolean> {
  const row = await db.selectFrom('shops').select('id').where('id', '=', shopId).where('is_active', '=', 1).executeTakeFirst();
  return Boolean(row);
}

export async function listProductReviews(db: DB, productId: number, offset: number, limit: number) {
  return db
    .selectFrom('product_reviews as r')
    .leftJoin('profiles as pr', 'pr.user_id', 'r.user_id')
    .select(['r.id', 'r.user_id', 'r.rating', 'r.comment', 'r.created_at', 'r.updated_at', 'pr.full_name', 'pr.avatar_url'])
    .where('r.product_id', '=', productId)
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(limit + 1)
    .offset(offset)
    .execute();
}

export async function listShopReviews(db: DB, shopId: number, offset: number, limit: number) {
  return db
    .selectFrom('shop_reviews as r')
    .leftJoin('profiles as pr', 'pr.user_id', 'r.user_id')
    .select(['r.id', 'r.user_id', 'r.rating', 'r.comment', 'r.created_at', 'r.updated_at', 'pr.full_name', 'pr.avatar_url'])
    .where('r.shop_id', '=', shopId)
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(limit + 1)
    .offset(offset)
    .execute();
}

export async function findProductReview(db: DB, productId: number, userId: number) {
  return db
    .selectFrom('product_reviews')
    .select(['id', 'rating', 'comment'])
    .where('product_id', '=', productId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function findShopReview(db: DB, shopId: number, userId: number) {
  return db
    .selectFrom('shop_reviews')
    .select(['id', 'rating', 'comment'])
    .where('shop_id', '=', shopId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Insert or update by (product, user) in one statement; true when a review already existed. */
export async function upsertProductReview(
  db: DB,
  input: { productId: number; userId: number; rating: number; comment: string | null; now: string },
): Promise<void> {
  await db
    .insertInto('product_reviews')
    .values({
      product_id: input.productId,
      user_id: input.userId,
      rating: input.rating,
      comment: input.comment,
      created_at: input.now,
      updated_at: input.now,
    })
    .onConflict((oc) => oc.columns(['product_id', 'user_id']).doUpdateSet({ rating: input.rating, comment: input.comment, updated_at: input.now }))
    .execute();
}

export async function upsertShopReview(
  db: DB,
  input: { shopId: number; userId: number; rating: number; comment: string | null; now: string },
): Promise<void> {
  await db
    .insertInto('shop_reviews')
    .values({
      shop_id: input.shopId,
      user_id: input.userId,
      rating: input.rating,
      comment: input.comment,
      created_at: input.now,
      updated_at: input.now,
    })
    .onConflict((oc) => oc.columns(['shop_id', 'user_id']).doUpdateSet({ rating: input.rating, comment: input.comment, updated_at: input.now }))
    .execute();
}
