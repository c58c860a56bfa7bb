import { createHash } from 'node:crypto';
import type { DB } from '../db/client';
import type { HeadRenderer } from '../http/types';
import { descriptionText } from '../products/product-fields';
import { type ImagePlacement, type ResponsiveImage, sizesOf, srcSet } from '../../shared/responsive-image';
import { isReservedShopSlug } from '../../shared/slug';
import { toResponsiveImage } from '../uploads/uploads.mapper';
import { browserUrlOf, keyOfUploadUrl, type UploadStorage } from '../uploads/storage';
import { describeImages, shareImageUrl } from '../uploads/uploads.service';
import { contentPageTitle, productPageTitle, siteName, storefrontTitle } from '../../shared/page-titles';
import head from '../../shared/i18n/catalogues/en/head';
import { type Language, LANGUAGES, localizedPath } from '../../shared/i18n/language';
import { translate } from '../../shared/i18n/translator';
import { jsonLdScript, organizationStructuredData, productStructuredData, storeStructuredData, websiteStructuredData } from '../seo/structured-data';
import { brandIconUrls } from '../settings/brand-icons';
import { shopImagesOf } from './catalog.mapper';
import { siteIdentity } from '../settings/settings.service';
import { pageHead } from '../pages/pages.service';
import { brandVariables } from '../../shared/contrast';
import { scriptJson } from '../../shared/script-json';
import { DEFAULT_SITE, type SiteIdentity } from '../../shared/site';
import { DEFAULT_TRIAL_MINUTES } from '../../shared/constants';
import { productPage, storefront } from './catalog.service';
import * as repo from './share-head.repository';
import { loadSharp } from '../uploads/image-codec';
import { type SingleFlight, singleFlight } from '../cache/single-flight';
// It writes translated texts: the catalogues are compiled at import, whichever entry (server, CLI, seeds) got here.
import '../i18n/languages';

/** Share images are 1200x630 (spec section 9), the size link previews expect. */
export const SHARE_IMAGE = { width: 1200, height: 630 } as const;


export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

export interface ShareTags {
  title: string;
  description: string;
  url: string;
  image: string | null;
  /** What the image shows, for those who cannot see it (og:image:alt, twitter:image:alt): the product's or shop's name. */
  imageAlt?: string;
  type: 'product' | 'website';
  /** A robots meta tag: `noindex,follow` for a filtered list (its items are indexed on their own pages). */
  robots?: string | null;
  /** The page in each language (hreflang alternates, English the x-default), absolute. */
  alternates?: Readonly<Record<Language, string>> | null;
  /** The page's language (og:locale); English when left out. */
  language?: Language;
  /** The marketplace's name (og:site_name), from its settings; the default when left out. */
  siteName?: string;
}

/** The page at `path` in every language, absolute on `origin`: a public page's hreflang alternates. */
export function alternatesOf(origin: string, path: string): Record<Language, string> {
  return Object.fromEntries(LANGUAGES.map((language) => [language, `${origin}${localizedPath(language, path)}`])) as Record<Language, string>;
}

/** The <title> and meta tags of a link preview, every value escaped. */
export function renderShareTags(tags: ShareTags): string {
  const e = escapeHtml;
  const lines = [
    `<title>${e(tags.title)}</title>`,
    `<meta name="description" content="${e(tags.description)}" />`,
    `<link rel="canonical" href="${e(tags.url)}" />`,
    `<meta property="og:site_name" content="${e(siteName(tags.siteName, tags.language))}" />`,
    `<meta property="og:locale" content="${tags.language === 'ur' ? 'ur_PK' : 'en_US'}" />`,
    `<meta property="og:type" content="${tags.type}" />`,
    `<meta property="og:title" content="${e(tags.title)}" />`,
    `<meta property="og:description" content="${e(tags.description)}" />`,
    `<meta property="og:url" content="${e(tags.url)}" />`,
    `<meta name="twitter:card" content="${tags.image ? 'summary_large_image' : 'summary'}" />`,
    `<meta name="twitter:title" content="${e(tags.title)}" />`,
    `<meta name="twitter:description" content="${e(tags.description)}" />`,
  ];
  if (tags.robots) lines.push(`<meta name="robots" content="${e(tags.robots)}" />`);
  if (tags.alternates) {
    for (const language of LANGUAGES) lines.push(`<link rel="alternate" hreflang="${language}" href="${e(tags.alternates[language])}" />`);
    lines.push(`<link rel="alternate" hreflang="x-default" href="${e(tags.alternates.en)}" />`);
  }
  if (tags.image) {
    lines.push(
      `<meta property="og:image" content="${e(tags.image)}" />`,
      `<meta property="og:image:width" content="${SHARE_IMAGE.width}" />`,
      `<meta property="og:image:height" content="${SHARE_IMAGE.height}" />`,
      `<meta property="og:image:alt" content="${e(tags.imageAlt ?? tags.title)}" />`,
      `<meta name="twitter:image" content="${e(tags.image)}" />`,
      `<meta name="twitter:image:alt" content="${e(tags.imageAlt ?? tags.title)}" />`,
    );
  }
  return lines.join('\n    ');
}

/**
 * A 1200x630 JPEG made from an uploaded image, cached in the upload storage under share/ (named by a
 * hash of the source URL, so a new image gets a new file). Returns its public URL, or null when the
 * source is not one of our uploads or cannot be read.
 */
export async function shareImage(storage: UploadStorage, sourceUrl: string, once: ShareImageFlight = singleFlight(), fit: 'cover' | 'contain' = 'cover'): Promise<string | null> {
  const source = keyOfUploadUrl(sourceUrl);
  if (!source) return null;
  return cachedShareImage(storage, keyOfUploadUrl(shareImageUrl(sourceUrl))!, once, async () => {
    const original = await storage.get(source);
    if (!original) throw new Error(`missing ${sourceUrl}`);
    const sharp = await loadSharp();
    // A photo fills the preview; the square logo is shown whole, on white.
    return sharp(original)
      .rotate()
      .resize(SHARE_IMAGE.width, SHARE_IMAGE.height, { fit, background: '#ffffff' })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 82 })
      .toBuffer();
  });
}

/**
 * The share image of a shop without pictures: its initials and name drawn on the theme colour, a
 * 1200x630 JPEG cached in the upload storage under share/ by shop id and a hash of the name (a new name draws a
 * new one). Returns its public URL, or null when it cannot be written.
 */
export async function shopShareImage(storage: UploadStorage, shop: { id: number; name: string }, once: ShareImageFlight = singleFlight(), site: SiteIdentity = DEFAULT_SITE): Promise<string | null> {
  return cachedShareImage(storage, drawnShareKey(shop, site), once, async () => (await loadSharp())(Buffer.from(shopShareSvg(shop.name, site))).jpeg({ quality: 85 }).toBuffer());
}

const DRAWN_PREFIX = 'share/shop-';
/** Shops read, and files removed, at a time, when pruning drawn share images. */
const PRUNE_CHUNK = 500;
// The marketplace's name and colour are drawn too: a new one draws a new image (the default's key is today's).
const drawnShareKey = (shop: { id: number; name: string }, site: SiteIdentity) => {
  const drawn = site.name === DEFAULT_SITE.name && site.brandColour === DEFAULT_SITE.brandColour ? shop.name : `${shop.name}\n${site.name}\n${site.brandColour}`;
  return `${DRAWN_PREFIX}${shop.id}-${createHash('sha256').update(drawn).digest('hex').slice(0, 16)}.jpg`;
};

/**
 * Housekeeping: removes the drawn share images no shop shows any more, those of a shop renamed since
 * (another name's hash) or deleted. (Share images made from an upload leave with it: uploads.service.)
 * The folder is listed before the shops are read, so an image drawn meanwhile for a new name is not
 * among those looked at; one removed for a name that has just come back is drawn again when asked.
 * Returns how many went.
 */
export async function pruneDrawnShareImages(db: DB, storage: UploadStorage): Promise<number> {
  const keys = await storage.list(DRAWN_PREFIX);
  const idOf = (key: string) => Number(/^share\/shop-(\d+)-/.exec(key)?.[1] ?? NaN);
  const ids = [...new Set(keys.map(idOf).filter((id) => Number.isSafeInteger(id)))];
  const current = new Set<string>();
  const site = await siteIdentity(db);
  for (let i = 0; i < ids.length; i += PRUNE_CHUNK) {
    for (const shop of await repo.listShopNames(db, ids.slice(i, i + PRUNE_CHUNK))) current.add(drawnShareKey(shop, site));
  }
  const stale = keys.filter((key) => !current.has(key));
  for (let i = 0; i < stale.length; i += PRUNE_CHUNK) await storage.delete(stale.slice(i, i + PRUNE_CHUNK));
  return stale.length;
}

function shopShareSvg(shopName: string, site: SiteIdentity): string {
  const { width, height } = SHARE_IMAGE;
  const initials = shopName
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => Array.from(word)[0] ?? '')
    .join('')
    .toUpperCase();
  const chars = Array.from(shopName);
  const title = chars.length > 36 ? `${chars.slice(0, 35).join('')}…` : shopName;
  const font = "'DejaVu Sans', 'Liberation Sans', Arial, sans-serif";
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <rect width="100%" height="100%" fill="${site.brandColour}"/>
  <circle cx="${width / 2}" cy="250" r="130" fill="#ffffff"/>
  <text x="${width / 2}" y="250" dy="0.35em" text-anchor="middle" font-family="${font}" font-size="120" font-weight="700" fill="${site.brandColour}">${escapeHtml(initials)}</text>
  <text x="${width / 2}" y="480" text-anchor="middle" font-family="${font}" font-size="${chars.length > 24 ? 48 : 64}" font-weight="700" fill="#ffffff">${escapeHtml(title)}</text>
  <text x="${width / 2}" y="560" text-anchor="middle" font-family="${font}" font-size="32" fill="#ffffff" fill-opacity="0.85">${escapeHtml(site.name)}</text>
</svg>`;
}

/** Share images being made, by their key in the storage: one job per image however many pages ask for it. */
type ShareImageFlight = SingleFlight<string | null>;

/** A JPEG stored at `target` (under share/) made once by `render`, shared by concurrent callers. */
function cachedShareImage(storage: UploadStorage, target: string, once: ShareImageFlight, render: () => Promise<Buffer>): Promise<string | null> {
  return once(target, async () => {
    try {
      if (!(await storage.exists(target))) await storage.put(target, await render(), 'image/jpeg');
      return `/uploads/${target}`;
    } catch {
      return null;
    }
  });
}

/**
 * The <link rel="preload"> of a page's main (LCP) image, with the same srcset and sizes as the <img>
 * that shows it in `placement`, so the browser starts on the very file that <img> will pick. For the
 * server-rendered head: the product page's first image, /browse's first product card.
 */
export function renderImagePreload(image: ResponsiveImage | null | undefined, placement: ImagePlacement): string {
  if (!image) return '';
  const e = escapeHtml;
  const srcset = srcSet(image);
  const responsive = srcset ? ` imagesrcset="${e(srcset)}" imagesizes="${e(sizesOf(image, placement))}"` : '';
  return `<link rel="preload" as="image" href="${e(image.url)}"${responsive} fetchpriority="high" />`;
}

/**
 * The public lists' head: their filters live in the query string, which the canonical URL leaves out;
 * a filtered list is `noindex,follow` (one indexed page per list, its items reached through it).
 */
const LISTINGS: Readonly<Record<string, { title: 'head.browseTitle' | 'head.shopsTitle'; description: 'head.browseDescription' | 'head.shopsDescription'; filters: readonly string[] }>> = {
  '/browse': { title: 'head.browseTitle', description: 'head.browseDescription', filters: ['q', 'category', 'shop'] },
  '/shops': { title: 'head.shopsTitle', description: 'head.shopsDescription', filters: ['q'] },
};

/** The element of every page that carries the marketplace's identity to the browser (client/site.ts reads it). */
export const SITE_DATA_ID = 'site-data';

/**
 * What every page's head says of the marketplace itself (issue 47), from its settings: the browser's
 * bar colour, the installed app's label, the logo's favicon and Apple icon, the brand colour's theme
 * variables (styles/theme.css.ts reads them) and the identity the page's script starts from (its top
 * bar, titles). `site`'s logo URLs are where browsers load them.
 */
export function siteTags(site: SiteIdentity, language: Language): string {
  const e = escapeHtml;
  const vars = Object.entries(brandVariables(site.brandColour))
    .map(([name, value]) => `${name}:${value}`)
    .join(';');
  const label = site.name === DEFAULT_SITE.name ? siteName(undefined, language) : site.shortName;
  // The logo's favicon and Apple's icon replace index.html's (http/pages.ts); without a logo, today's stay.
  const icons = site.logo ? brandIconUrls(site.logo.url) : null;
  return [
    `<meta name="theme-color" content="${e(site.brandColour)}" />`,
    `<meta name="apple-mobile-web-app-title" content="${e(label)}" />`,
    ...(icons
      ? [`<link rel="icon" href="${e(icons.favicon)}" type="image/png" sizes="32x32" />`, `<link rel="apple-touch-icon" href="${e(icons.appleTouch)}" />`]
      : []),
    `<style>:root{${vars}}</style>`,
    `<script type="application/json" id="${SITE_DATA_ID}">${scriptJson(site)}</script>`,
  ].join('\n    ');
}

/**
 * The head of every page that is not public (the cart, checkout, accounts, the shopkeeper's and the
 * admin's screens, an unknown or hidden product or shop, an unknown path): kept out of search engines.
 */
export function privateHead(language: Language = 'en', name?: string): string {
  const description = translate(language, head, 'head.defaultDescription');
  return `<title>${escapeHtml(siteName(name, language))}</title>\n    <meta name="description" content="${escapeHtml(description)}" />\n    <meta name="robots" content="noindex,nofollow" />`;
}

function slugFrom(urlPath: string, prefix: string): string | null {
  if (!urlPath.startsWith(prefix)) return null;
  let slug: string;
  try {
    slug = decodeURIComponent(urlPath.slice(prefix.length).replace(/\/$/, ''));
  } catch {
    return null;
  }
  return slug && !slug.includes('/') && slug.length <= 200 ? slug : null;
}

/**
 * Link previews (product-decisions section 3): /product/{slug} and /shop/{slug} are answered with
 * HTML whose <head> already holds title, description and a 1200x630 image. Returns the tags that
 * replace index.html's <title>, or null to keep the default head.
 */
export function createShareHeadRenderer(db: DB, storage?: UploadStorage, trialMinutes = DEFAULT_TRIAL_MINUTES): HeadRenderer {
  const once: ShareImageFlight = singleFlight();
  const images = storage ?? { publicBaseUrl: null };
  // Share images are absolute: under S3_PUBLIC_URL when set, else on this site's origin.
  const absolute = (origin: string, url: string) => {
    const src = browserUrlOf(images, url);
    return src.startsWith('/') ? `${origin}${src}` : src;
  };
  const image = async (origin: string, url: string | null | undefined) => {
    if (!url) return null;
    const shared = storage ? await shareImage(storage, url, once) : null;
    return absolute(origin, shared ?? url);
  };
  const drawn = async (origin: string, shop: { id: number; name: string }, site: SiteIdentity) => {
    const url = storage ? await shopShareImage(storage, shop, once, site) : null;
    return url ? absolute(origin, url) : null;
  };
  /** The logo as a share image (1200x630, the logo whole on white): a page's image where it has none of its own. */
  const logoImage = async (origin: string, logo: string | null) => {
    if (!logo) return null;
    const shared = storage ? await shareImage(storage, logo, once, 'contain') : null;
    return shared ? absolute(origin, shared) : null;
  };

  return async (urlPath, origin, search = '', language = 'en') => {
    try {
      // The one source of the marketplace's name, colour and logo (issue 47), read once per head.
      const stored = await siteIdentity(db);
      const site = stored.logo ? { ...stored, logo: { url: browserUrlOf(images, stored.logo.url), icon: browserUrlOf(images, stored.logo.icon) } } : stored;
      const tags = await pageTags(urlPath, origin, search, language, site, stored.logo?.url ?? null);
      return `${tags}\n    ${siteTags(site, language)}`;
    } catch {
      // A preview must never break the page itself.
      return null;
    }
  };

  async function pageTags(urlPath: string, origin: string, search: string, language: Language, site: SiteIdentity, logo: string | null): Promise<string> {
    const name = site.name;
    const say = (key: keyof typeof head, values?: Record<string, string>) => translate(language, head, key, { site: siteName(name, language), ...values });
    // Every public page names itself in both languages; its canonical URL is its own language's.
    const page = (path: string) => ({ url: `${origin}${localizedPath(language, path)}`, alternates: alternatesOf(origin, path), language, siteName: name });
    const listing = LISTINGS[urlPath];
    if (listing) {
      const params = new URLSearchParams(search);
      const filtered = listing.filters.some((name) => (params.get(name) ?? '').trim() !== '');
      const tags = renderShareTags({
        title: say(listing.title),
        // The operator's tagline is the home page's description and share text.
        description: urlPath === '/browse' && site.tagline ? site.tagline : say(listing.description),
        ...page(urlPath),
        image: await logoImage(origin, logo),
        imageAlt: site.name,
        type: 'website',
        robots: filtered ? 'noindex,follow' : null,
      });
      if (urlPath !== '/browse') return tags;
      const organization = site.logo ? jsonLdScript(organizationStructuredData(origin, site, brandIconUrls(site.logo.url).icon512)) : '';
      return [tags, jsonLdScript(websiteStructuredData(origin, site)), organization].filter(Boolean).join('\n    ');
    }
    const productSlug = slugFrom(urlPath, '/product/');
    if (productSlug) {
      const product = await repo.findProductForShare(db, productSlug);
      if (!product) return privateHead(language, name);
      // The structured data repeats what a guest's page shows: the same view, the same numbers.
      const view = await productPage(db, images, productSlug, null, { now: new Date(), trialMinutes });
      const main = toResponsiveImage(await describeImages(db, images, [product.url]), product.url);
      const tags = renderShareTags({
        title: productPageTitle(product.name, product.shop_name, language, name),
        description: descriptionText(product.description_html, 160) || say('head.productDescription', { product: product.name, shop: product.shop_name }),
        ...page(`/product/${encodeURIComponent(productSlug)}`),
        image: product.url ? await image(origin, product.url) : await logoImage(origin, logo),
        imageAlt: product.url ? product.name : site.name,
        type: 'product',
      });
      const data = productStructuredData(origin, view, site).map(jsonLdScript).join('\n    ');
      return [tags, data, main ? renderImagePreload(main, 'productMain') : ''].filter(Boolean).join('\n    ');
    }
    const pageAddress = slugFrom(urlPath, '/p/');
    if (pageAddress) {
      // A marketplace page (issue 47): a draft or unknown address is private (its answer is the 404 page).
      const found = await pageHead(db, pageAddress, language);
      if (!found) return privateHead(language, name);
      return renderShareTags({
        title: contentPageTitle(found.title, language, name),
        description: found.description || say('head.defaultDescription'),
        ...page(`/p/${encodeURIComponent(pageAddress)}`),
        image: null,
        type: 'website',
      });
    }
    const shopSlug = slugFrom(urlPath, '/shop/');
    if (shopSlug && !isReservedShopSlug(shopSlug)) {
      const shop = await repo.findShopForShare(db, shopSlug);
      if (!shop) return privateHead(language, name);
      // A link preview is wide: the shop's cover first, else its avatar.
      const { cover, avatar } = shopImagesOf(shop);
      const tags = renderShareTags({
        title: storefrontTitle(shop.name, language, name),
        description: descriptionText(shop.description, 160) || say('head.storefrontDescription', { shop: shop.name }),
        ...page(`/shop/${encodeURIComponent(shopSlug)}`),
        image: cover ?? avatar ? await image(origin, cover ?? avatar) : await drawn(origin, shop, site),
        imageAlt: shop.name,
        type: 'website',
      });
      const data = jsonLdScript(storeStructuredData(origin, await storefront(db, images, shopSlug, null)));
      // The storefront's header cover is its main image.
      const preload = cover ? renderImagePreload(toResponsiveImage(await describeImages(db, images, [cover]), cover), 'wide') : '';
      return [tags, data, preload].filter(Boolean).join('\n    ');
    }
    return privateHead(language, name);
  }
}
