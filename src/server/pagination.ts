/**
 * Lists read one row more than asked: that extra row only tells whether another page exists.
 * Gives the page and the cursor of the next one (null on the last page).
 */
export function offsetPage<T>(rows: T[], offset: number, limit: number): { items: T[]; nextCursor: number | null } {
  return { items: rows.slice(0, limit), nextCursor: rows.length > limit ? offset + limit : null };
}
