import type { DB } from '../db/client';
import { notFound } from '../errors';
import { offsetPage } from '../pagination';
import { toReviewView } from './reviews.mapper';
import * as repo from './reviews.repository';
import type { ReviewTarget } from './reviews.repository';

const NOT_FOUND = { product: 'Product not found', shop: 'Shop not found' } as const;

/** One page of a product's or shop's reviews, newest first. */
export async function listReviews(db: DB, target: ReviewTarget, cursor: number | null | undefined, limit: number) {
  const offset = cursor ?? 0;
  const page = offsetPage(await repo.listReviews(db, target, offset, limit), offset, limit);
  return { ...page, items: page.items.map(toReviewView) };
}

/** The caller's own review (null when none), so the form opens in update mode. */
export async function myReview(db: DB, target: ReviewTarget, userId: number) {
  return (await repo.findReview(db, target, userId)) ?? null;
}

/**
 * Creates or updates the caller's review of a visible target, in one transaction; `updated` tells
 * the form which message to show. An empty comment is stored as none.
 */
export async function saveReview(
  db: DB,
  target: ReviewTarget,
  review: { userId: number; rating: number; comment: string },
  now: Date,
): Promise<{ updated: boolean }> {
  return db.transaction().execute(async (trx) => {
    if (!(await repo.isReviewable(trx, target))) throw notFound(NOT_FOUND[target.kind]);
    const existing = await repo.findReview(trx, target, review.userId);
    const comment = review.comment.trim();
    await repo.upsertReview(trx, target, { userId: review.userId, rating: review.rating, comment: comment || null, now: now.toISOString() });
    return { updated: Boolean(existing) };
  });
}
