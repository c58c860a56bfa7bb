import type { DB } from '../db/client';
import { publishedPagePath } from '../pages/pages.service';

/** The address of the marketplace's Returns page (one of the six pages every install starts with). */
const RETURNS_PAGE = 'returns';

/**
 * The address of the marketplace's Returns page ("/p/returns"), which a shop without returns text links
 * beside Add to Cart, on its storefront and at checkout (issue 47); null while it is not published.
 * The catalogue's answers that carry it are cached until a write: a page's save empties them.
 */
export function returnsPagePath(db: DB): Promise<string | null> {
  return publishedPagePath(db, RETURNS_PAGE);
}
