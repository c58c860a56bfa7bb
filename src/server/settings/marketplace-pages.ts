import type { DB } from '../db/client';

/**
 * The address of the marketplace's Returns page ("/p/returns"), which a shop without returns text links
 * beside Add to Cart, on its storefront and at checkout (issue 47); null while it is not published.
 * The pages themselves (/admin/pages, /p/{address}, the pages table) are being built on another branch:
 * until they are merged there is no Returns page, and this answers null. Once they are, this asks the
 * pages service whether the Returns page is published and answers its address.
 */
export async function returnsPagePath(db: DB): Promise<string | null> {
  void db;
  return null;
}
