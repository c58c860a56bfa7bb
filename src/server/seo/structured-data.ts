import { minorToMajorString } from '../../shared/money';
import { scriptJson } from '../../shared/script-json';
import { DEFAULT_SITE, type SiteIdentity } from '../../shared/site';
import { descriptionText } from '../products/product-fields';
import { productUrl, shopUrl } from './sitemaps';

/**
 * schema.org structured data for the server-rendered public pages, as JSON-LD: a Product with its
 * Offer, rating and breadcrumbs on a product page, a Store on a storefront, the WebSite on /browse.
 * Built from the same views the page shows, so price, currency and availability are the page's own.
 * Every URL is absolute on the site's origin (PUBLIC_URL).
 */

type Json = string | number | boolean | null | Json[] | { [key: string]: Json | undefined };

/**
 * The <script> element: JSON with every `<` (and `>`, `&`, U+2028, U+2029) as a \u escape, so no
 * name or description can close the element or open a comment (a `</script>` in a product title).
 */
export function jsonLdScript(data: Json): string {
  const json = scriptJson(data);
  return `<script type="application/ld+json">${json}</script>`;
}

/** An image URL as the page names it (/uploads/... or the CDN's absolute URL), made absolute. */
export function absoluteUrl(site: string, url: string): string {
  return /^https?:\/\//.test(url) ? url : `${site}${url.startsWith('/') ? '' : '/'}${url}`;
}

/** What a product page shows that its structured data repeats (catalog.service productPage's view). */
export interface ProductFacts {
  slug: string;
  name: string;
  brand: string;
  descriptionHtml: string;
  /** After discount, minor units. */
  price: number;
  currency: string;
  stock: number;
  /** False when the shop is not taking orders (the operator's setting): nothing can be bought, whatever the stock. */
  takingOrders?: boolean;
  images: ReadonlyArray<{ url: string }>;
  rating: number | null;
  reviewCount: number;
  sku?: string | null;
  /** Stock per variant (issue 19): each combination's price after discount, stock and SKU. */
  variants?: ReadonlyArray<{ price: number; stock: number; sku: string | null }>;
  shop: { name: string; slug: string };
}

/** The product page's JSON-LD: the Product with its Offer (and rating once reviewed), and its breadcrumbs. */
export function productStructuredData(site: string, product: ProductFacts, marketplace: Pick<SiteIdentity, 'name'> = DEFAULT_SITE): Json[] {
  const url = productUrl(site, product.slug);
  const shop = shopUrl(site, product.shop.slug);
  const description = descriptionText(product.descriptionHtml, 5000);
  // Availability reads the total, so InStock while any variant has stock. A SKU is named only where
  // it is the product's one (a single variant's): several would say nothing true of the product.
  const variants = product.variants ?? [];
  const sku = product.sku ?? (variants.length === 1 ? variants[0]!.sku : null);
  const prices = variants.length > 0 ? variants.map((v) => v.price) : [product.price];
  const low = Math.min(...prices);
  const high = Math.max(...prices);
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: product.name,
      ...(description ? { description } : {}),
      image: product.images.map((image) => absoluteUrl(site, image.url)),
      url,
      ...(sku ? { sku } : {}),
      ...(product.brand.trim() ? { brand: { '@type': 'Brand', name: product.brand.trim() } } : {}),
      offers: {
        // Variants at different prices: one offer with the range, which stays true whichever is chosen.
        ...(low !== high
          ? { '@type': 'AggregateOffer', lowPrice: minorToMajorString(low, product.currency), highPrice: minorToMajorString(high, product.currency), offerCount: variants.length }
          : { '@type': 'Offer', price: minorToMajorString(low, product.currency) }),
        url,
        priceCurrency: product.currency,
        availability: product.stock > 0 && product.takingOrders !== false ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
        itemCondition: 'https://schema.org/NewCondition',
        seller: { '@type': 'Organization', name: product.shop.name, url: shop },
      },
      ...(product.reviewCount > 0 && product.rating !== null
        ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: product.rating, reviewCount: product.reviewCount, bestRating: 5, worstRating: 1 } }
        : {}),
    },
    breadcrumbs([
      { name: marketplace.name, url: `${site}/browse` },
      { name: product.shop.name, url: shop },
      { name: product.name, url },
    ]),
  ];
}

function breadcrumbs(items: ReadonlyArray<{ name: string; url: string }>): Json {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, i) => ({ '@type': 'ListItem', position: i + 1, name: item.name, item: item.url })),
  };
}

/** A storefront's JSON-LD: the Store, without a rating of its own (search engines ignore self-serving reviews). */
export function storeStructuredData(site: string, shop: { slug: string; name: string; description: string; avatar: { url: string } | null; cover: { url: string } | null }): Json {
  const description = descriptionText(shop.description, 5000);
  return {
    '@context': 'https://schema.org',
    '@type': 'Store',
    name: shop.name,
    url: shopUrl(site, shop.slug),
    ...(description ? { description } : {}),
    ...(shop.avatar ? { logo: absoluteUrl(site, shop.avatar.url) } : {}),
    ...(shop.cover ?? shop.avatar ? { image: absoluteUrl(site, (shop.cover ?? shop.avatar)!.url) } : {}),
  };
}

/** /browse's JSON-LD: the marketplace itself, named by its settings (no SearchAction: the search is not a results page of its own). */
export function websiteStructuredData(site: string, marketplace: Pick<SiteIdentity, 'name' | 'tagline'> = DEFAULT_SITE): Json {
  return { '@context': 'https://schema.org', '@type': 'WebSite', name: marketplace.name, ...(marketplace.tagline ? { description: marketplace.tagline } : {}), url: `${site}/browse` };
}

/**
 * The marketplace as an Organization with its logo (issue 47), on /browse beside the WebSite: search
 * engines show the logo with the site. `logo`: the 512 px icon made from it, as the page names it.
 */
export function organizationStructuredData(site: string, marketplace: Pick<SiteIdentity, 'name'>, logo: string): Json {
  return { '@context': 'https://schema.org', '@type': 'Organization', name: marketplace.name, url: `${site}/browse`, logo: absoluteUrl(site, logo) };
}
