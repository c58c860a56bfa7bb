/** The one review view, and the one rule for showing an average rating. */

export interface ReviewRow {
  id: number;
  user_id: number;
  rating: number;
  comment: string | null;
  created_at: string;
  full_name: string | null;
  avatar_url: string | null;
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
  };
}

/** An average rating from SQL, to one decimal; null when there are no reviews. */
export function averageRating(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const n = Number(value);
  return Number.isFinite(n) ? Math.round(n * 10) / 10 : null;
}

/** A review count from SQL (drivers may answer a bigint or a string). */
export function reviewCount(value: number | string | bigint | null | undefined): number {
  return Number(value ?? 0);
}
