/** The one review view, and the one rule for showing an average rating. */

export interface ReviewRow {
  id: number;
  user_id: number;
  rating: number;
  comment: string | null;
  created_at: string;
  full_name: string | null;
  avatar_url: string | null;
  hidden_at?: string | null;
  reply?: string | null;
  reply_at?: string | null;
  verified?: number | boolean | string | null;
}

export function toReviewView(row: ReviewRow) {
  return {
    id: row.id,
    userId: row.user_id,
    rating: row.rating,
    comment: row.comment,
    createdAt: row.created_at,
    fullName: row.full_name?.trim() ? row.full_name : null,
    avatarUrl: row.avatar_url ?? null,
    /** Only an admin's list holds hidden reviews (to show them again). */
    hidden: Boolean(row.hidden_at),
    /** The shop owner's public reply, shown as "Reply from {shop}". */
    reply: row.reply ? { text: row.reply, at: row.reply_at ?? null } : null,
    /** The author has a Delivered order of the product (or from the shop). */
    verified: row.verified === true || Number(row.verified) === 1,
  };
}

/**
 * The average of a product's or shop's ratings from their maintained sum and count (`rating_sum`,
 * `review_count`), to one decimal; null when there are no reviews.
 */
export function averageRating(ratingSum: number, reviewCount: number): number | null {
  return reviewCount > 0 ? Math.round((ratingSum / reviewCount) * 10) / 10 : null;
}
