import { type ActivityActor, recordActivity } from '../activity/activity.service';
import { viewerOf } from '../catalog/visibility';
import type { DB } from '../db/client';
import { inTransaction } from '../db/transaction';
import { conflict, notFound } from '../errors';
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
  const viewer = await viewerOf(db, sessionUserId);
  if (!(await repo.isVisible(db, target, viewer))) throw notFound(NOT_FOUND[target.kind]);
  const { limit } = paging;
  const offset = paging.cursor ?? 0;
  // Hidden reviews leave the public pages; an admin still reads them, marked, to show them again.
  const page = offsetPage(await repo.listReviews(db, target, offset, limit, viewer?.isAdmin === true), offset, limit);
  // The shop's owner may reply to each review (this answer is kept per viewer: cache/public-reads.ts).
  const canReply = viewer !== null && (await repo.ownerOf(db, target)) === viewer.userId;
  return { ...page, items: page.items.map(toReviewView), canReply };
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

const REVIEW_NOT_FOUND = 'Review not found';

/**
 * An admin hides or shows one review, inside the caller's transaction (a report's "Hide review" shares
 * it): it leaves or rejoins the public pages and the ratings at once (the rating triggers). Hiding a
 * hidden review, or showing a shown one, is refused; each change is recorded in the activity log.
 */
export async function setReviewHiddenIn(trx: DB, kind: ReviewTarget['kind'], id: number, hidden: boolean, actor: ActivityActor, now: Date): Promise<void> {
  const review = await repo.findReviewById(trx, kind, id);
  if (!review) throw notFound(REVIEW_NOT_FOUND);
  if (Boolean(review.hidden_at) === hidden) throw conflict(hidden ? 'This review is already hidden' : 'This review is already shown');
  await repo.setHiddenAt(trx, kind, id, hidden ? now.toISOString() : null);
  await recordActivity(trx, {
    actor,
    action: hidden ? 'review.hidden' : 'review.shown',
    subject: { type: `${kind}_review`, id, label: review.name },
    shopId: review.shop_id,
    changes: { hidden: [!hidden, hidden] },
    at: now,
  });
}

export function setReviewHidden(db: DB, kind: ReviewTarget['kind'], id: number, hidden: boolean, actor: ActivityActor, now: Date): Promise<void> {
  return inTransaction(db, (trx) => setReviewHiddenIn(trx, kind, id, hidden, actor, now));
}

/**
 * A shop owner's public reply to a review of their shop or one of its products: one per review,
 * written again to edit it; `updated` tells the form which message to show. Another shop's review is
 * "not found".
 */
export async function replyToReview(db: DB, shopId: number, kind: ReviewTarget['kind'], id: number, reply: string, now: Date): Promise<{ updated: boolean }> {
  return inTransaction(db, async (trx) => {
    const review = await repo.findShopsReview(trx, kind, id, shopId);
    if (!review) throw notFound(REVIEW_NOT_FOUND);
    await repo.setReply(trx, kind, id, reply, now.toISOString());
    return { updated: review.reply !== null };
  });
}

/** A suspension hides its account's reviews (`at`), and unsuspending (null) shows them again; in the caller's transaction. */
export function hideReviewsOfSuspended(trx: DB, userId: number, at: Date | null): Promise<void> {
  return repo.setHiddenBySuspension(trx, userId, at ? at.toISOString() : null);
}
