import { viewerOf } from '../catalog/visibility';
import type { DB } from '../db/client';
import { inTransaction } from '../db/transaction';
import { notFound } from '../errors';
import { offsetPage } from '../pagination';
import { toReviewView } from './reviews.mapper';
import * as repo from './reviews.repository';
import type { ReviewTarget } from './reviews.repository';

const NOT_FOUND = { product: 'Product not found', shop: 'Shop not found' } as const;

/**
 * One page of a product's or shop's reviews, newest first. A hidden product's or shop's reviews are
 * read only by its owner and admins; to anyone else it is "not found", like its page.
 */
export async function listReviews(
  db: DB,
  target: ReviewTarget,
  paging: { cursor?: number | null; limit: number },
  sessionUserId: number | null,
) {
  if (!(await repo.isVisible(db, target, await viewerOf(db, sessionUserId)))) throw notFound(NOT_FOUND[target.kind]);
  const { limit } = paging;
  const offset = paging.cursor ?? 0;
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
  return inTransaction(db, async (trx) => {
    // Only what buyers can see can be reviewed (its owner and admins included).
    if (!(await repo.isVisible(trx, target, null))) throw notFound(NOT_FOUND[target.kind]);
    const existing = await repo.findReview(trx, target, review.userId);
    const comment = review.comment.trim();
    await repo.upsertReview(trx, target, { userId: review.userId, rating: review.rating, comment: comment || null, now: now.toISOString() });
    return { updated: Boolean(existing) };
  });
}
