/**
 * The tRPC reads answered from the public cache, and whom each answer depends on:
 * - `shared`: the same for every caller (no session read at all), one entry per input;
 * - `perViewer`: owners and admins still see hidden shops, products and their reviews
 *   (catalog/visibility.ts), so the answer is kept per viewer: one entry for guests, one per signed-in
 *   user. A guest can never be answered with what an owner or admin was shown.
 * Everything else (the caller's own data, admin lists, the cart check, guest tracking) is never cached.
 * A read added here must depend on nothing but its input, the viewer and the database.
 */
const PUBLIC_READS: Readonly<Record<string, 'shared' | 'perViewer'>> = {
  'catalog.products': 'shared',
  'catalog.filters': 'shared',
  'catalog.shopOptions': 'shared',
  'catalog.shops': 'shared',
  'sliders.listActive': 'shared',
  'settings.site': 'shared',
  'pages.page': 'shared',
  'pages.shell': 'shared',
  'catalog.product': 'perViewer',
  'catalog.shop': 'perViewer',
  'catalog.shopProducts': 'perViewer',
  'reviews.productReviews': 'perViewer',
  'reviews.shopReviews': 'perViewer',
};

export function isPublicRead(path: string): boolean {
  return Object.hasOwn(PUBLIC_READS, path);
}

export function dependsOnViewer(path: string): boolean {
  return PUBLIC_READS[path] === 'perViewer';
}

/** JSON with object keys sorted, so `{"a":1,"b":2}` and `{"b":2,"a":1}` name one entry. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}

/**
 * The cache key of one call: the procedure, its input normalized, and for a per-viewer read who asks
 * (`guest` or the signed-in user's id, read from a live session). Null: not a cached read.
 */
export function publicReadKey(path: string, input: unknown, viewerUserId: number | null): string | null {
  const kind = PUBLIC_READS[path];
  if (!kind) return null;
  const viewer = kind === 'perViewer' ? (viewerUserId === null ? 'guest' : `user:${viewerUserId}`) : 'anyone';
  return `trpc ${path} ${viewer} ${canonicalJson(input)}`;
}
