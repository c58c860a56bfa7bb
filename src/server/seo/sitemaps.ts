import type { DB } from '../db/client';
import * as repo from './seo.repository';

/**
 * The sitemaps (sitemaps.org protocol): /sitemap.xml is an index naming chunks of at most `chunkSize`
 * URLs each (SITEMAP_CHUNK_SIZE; the protocol allows 50,000), /sitemaps/products-N.xml and
 * /sitemaps/shops-N.xml and /sitemaps/pages-N.xml, listing the public products and shops and the published
 * marketplace pages with their last change. Every URL is
 * absolute on the configured site origin (PUBLIC_URL), never the request's Host.
 */

export const SITEMAP_NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';
/** The protocol's limit of URLs in one sitemap. */
export const MAX_SITEMAP_CHUNK = 50_000;

export type SitemapKind = 'products' | 'shops' | 'pages';

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c);
}

const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';

/** A <urlset>: each page's absolute URL and, when known, its last change. */
export function renderUrlSet(entries: ReadonlyArray<{ loc: string; lastmod: string | null }>): string {
  const urls = entries.map((e) => `  <url><loc>${escapeXml(e.loc)}</loc>${e.lastmod ? `<lastmod>${escapeXml(e.lastmod)}</lastmod>` : ''}</url>`);
  return `${HEAD}<urlset xmlns="${SITEMAP_NAMESPACE}">\n${urls.join('\n')}${urls.length ? '\n' : ''}</urlset>\n`;
}

/** A <sitemapindex> naming each chunk by its absolute URL. */
export function renderSitemapIndex(locs: readonly string[]): string {
  const items = locs.map((loc) => `  <sitemap><loc>${escapeXml(loc)}</loc></sitemap>`);
  return `${HEAD}<sitemapindex xmlns="${SITEMAP_NAMESPACE}">\n${items.join('\n')}${items.length ? '\n' : ''}</sitemapindex>\n`;
}

/** Absolute page URLs, the slug encoded as the client's links are. */
export const productUrl = (site: string, slug: string) => `${site}/product/${encodeURIComponent(slug)}`;
export const shopUrl = (site: string, slug: string) => `${site}/shop/${encodeURIComponent(slug)}`;
/** A published marketplace page (issue 47): /p/{address}. */
export const pageUrl = (site: string, address: string) => `${site}/p/${encodeURIComponent(address)}`;

/** The sitemap index: as many chunks of each kind as its public rows need (none for none). */
export async function sitemapIndex(db: DB, site: string, chunkSize: number): Promise<string> {
  const [products, shops, pages] = await Promise.all([repo.countPublicProducts(db), repo.countPublicShops(db), repo.countPublishedPages(db)]);
  const chunks = (kind: SitemapKind, count: number) => Array.from({ length: Math.ceil(count / chunkSize) }, (_, i) => `${site}/sitemaps/${kind}-${i + 1}.xml`);
  return renderSitemapIndex([...chunks('products', products), ...chunks('shops', shops), ...chunks('pages', pages)]);
}

/** Chunk `n` (from 1) of one kind, or null when there is no such chunk (an empty one past the first included). */
export async function sitemapChunk(db: DB, site: string, kind: SitemapKind, n: number, chunkSize: number): Promise<string | null> {
  if (!Number.isSafeInteger(n) || n < 1) return null;
  const offset = (n - 1) * chunkSize;
  const rows =
    kind === 'products' ? await repo.listPublicProducts(db, offset, chunkSize) : kind === 'shops' ? await repo.listPublicShops(db, offset, chunkSize) : await repo.listPublishedPages(db, offset, chunkSize);
  if (rows.length === 0) return null;
  const url = kind === 'products' ? productUrl : kind === 'shops' ? shopUrl : pageUrl;
  return renderUrlSet(rows.map((r) => ({ loc: url(site, r.slug), lastmod: r.updated_at })));
}

/** The path of a sitemap chunk, or null: `/sitemaps/products-3.xml` → products, 3. */
export function parseChunkPath(urlPath: string): { kind: SitemapKind; n: number } | null {
  const match = /^\/sitemaps\/(products|shops|pages)-([1-9]\d{0,8})\.xml$/.exec(urlPath);
  return match ? { kind: match[1] as SitemapKind, n: Number(match[2]) } : null;
}

/**
 * Paths crawlers are kept out of: the cart, checkout, accounts, the shopkeeper's and admin's screens
 * and the API. The shopkeeper's screens end in `$` (RFC 9309's end of pattern): a storefront may be
 * called /shop/products-lahore, which a plain prefix would hide.
 */
export const ROBOTS_DISALLOW = [
  '/cart',
  '/checkout',
  '/buyer/',
  '/guest/',
  '/settings',
  '/shop/create$',
  '/shop/dashboard$',
  '/shop/products$',
  '/shop/products/',
  '/shop/orders$',
  '/shop/orders/',
  '/shop/settings$',
  '/admin/',
  '/auth',
  '/role-selection',
  '/api/',
] as const;

/** robots.txt: everything public is allowed, the private screens are not, and the sitemap is named. */
export function renderRobots(site: string): string {
  return ['User-agent: *', 'Allow: /', ...ROBOTS_DISALLOW.map((path) => `Disallow: ${path}`), '', `Sitemap: ${site}/sitemap.xml`, ''].join('\n');
}
