import type { DB } from '../db/client';

/** Active sliders for the public carousel, in display order. */
export function listActive(db: DB) {
  return db
    .selectFrom('sliders')
    .select(['id', 'title', 'image_url as imageUrl', 'redirect_url as redirectUrl'])
    .where('is_active', '=', 1)
    .orderBy('display_order', 'asc')
    .orderBy('id', 'asc')
    .execute();
}
