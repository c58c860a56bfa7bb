import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { DB } from '../db/client';
import type { HeadRenderer } from '../http/static';
import { descriptionText } from '../products/product-fields';
import { PRODUCT_NAME } from '../../shared/constants';
import { isReservedShopSlug } from '../../shared/slug';
import { shopImagesOf } from './catalog.mapper';
import * as repo from './share-head.repository';

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
  type: 'product' | 'website';
}

/** The <title> and meta tags of a link preview, every value escaped. */
export function renderShareTags(tags: ShareTags): string {
  const e = escapeHtml;
  const lines = [
    `<title>${e(tags.title)}</title>`,
    `<meta name="description" content="${e(tags.description)}" />`,
    `<link rel="canonical" href="${e(tags.url)}" />`,
    `<meta property="og:site_name" content="${e(PRODUCT_NAME)}" />`,
    `<meta property="og:type" content="${tags.type}" />`,
    `<meta property="og:title" content="${e(tags.title)}" />`,
    `<meta property="og:description" content="${e(tags.description)}" />`,
    `<meta property="og:url" content="${e(tags.url)}" />`,
    `<meta name="twitter:card" content="${tags.image ? 'summary_large_image' : 'summary'}" />`,
    `<meta name="twitter:title" content="${e(tags.title)}" />`,
    `<meta name="twitter:description" content="${e(tags.description)}" />`,
  ];
  if (tags.image) {
    lines.push(
      `<meta property="og:image" content="${e(tags.image)}" />`,
      `<meta property="og:image:width" content="${SHARE_IMAGE.width}" />`,
      `<meta property="og:image:height" content="${SHARE_IMAGE.height}" />`,
      `<meta name="twitter:image" content="${e(tags.image)}" />`,
    );
  }
  return lines.join('\n    ');
}

/**
 * A 1200x630 JPEG made from an uploaded image, cached on disk under <uploads>/share/ (named by a hash
 * of the source URL, so a new image gets a new file). Returns its public URL, or null when the
 * source is not one of our uploads or cannot be read.
 */
export async function shareImage(uploadsDir: string, sourceUrl: string, pending = new Map<string, Promise<string | null>>()): Promise<string | null> {
  if (!sourceUrl.startsWith('/uploads/')) return null;
  const root = path.resolve(uploadsDir);
  const source = path.resolve(root, `.${path.posix.normalize(`/${sourceUrl.slice('/uploads/'.length)}`)}`);
  if (!source.startsWith(root + path.sep)) return null;
  const name = `${createHash('sha256').update(sourceUrl).digest('hex').slice(0, 24)}.jpg`;
  const target = path.join(root, 'share', name);
  const url = `/uploads/share/${name}`;
  if (fs.existsSync(target)) return url;
  const inFlight = pending.get(target);
  if (inFlight) return inFlight;
  const job = (async () => {
    try {
      fs.mkdirSync(path.dirname(target), { recursive: true });
      const temp = `${target}.${process.pid}.tmp`;
      await sharp(source).rotate().resize(SHARE_IMAGE.width, SHARE_IMAGE.height, { fit: 'cover' }).flatten({ background: '#ffffff' }).jpeg({ quality: 82 }).toFile(temp);
      fs.renameSync(temp, target);
      return url;
    } catch {
      return null;
    } finally {
      pending.delete(target);
    }
  })();
  pending.set(target, job);
  return job;
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
export function createShareHeadRenderer(db: DB, uploadsDir?: string): HeadRenderer {
  const pending = new Map<string, Promise<string | null>>();
  const image = async (origin: string, url: string | null | undefined) => {
    if (!url) return null;
    const shared = uploadsDir ? await shareImage(uploadsDir, url, pending) : null;
    return `${origin}${shared ?? url}`;
  };
  return async (urlPath, origin) => {
    try {
      const productSlug = slugFrom(urlPath, '/product/');
      if (productSlug) {
        const product = await repo.findProductForShare(db, productSlug);
        if (!product) return null;
        return renderShareTags({
          title: `${product.name} | ${product.shop_name}`,
          description: descriptionText(product.description_html, 160) || `${product.name} from ${product.shop_name}`,
          url: `${origin}/product/${encodeURIComponent(productSlug)}`,
          image: await image(origin, product.url),
          type: 'product',
        });
      }
      const shopSlug = slugFrom(urlPath, '/shop/');
      if (shopSlug && !isReservedShopSlug(shopSlug)) {
        const shop = await repo.findShopForShare(db, shopSlug);
        if (!shop) return null;
        // A link preview is wide: the shop's cover first, else its avatar.
        const { cover, avatar } = shopImagesOf(shop);
        return renderShareTags({
          title: `${shop.name} | ${PRODUCT_NAME}`,
          description: descriptionText(shop.description, 160) || `Shop ${shop.name} on ${PRODUCT_NAME}`,
          url: `${origin}/shop/${encodeURIComponent(shopSlug)}`,
          image: await image(origin, cover ?? avatar),
          type: 'website',
        });
      }
      return null;
    } catch {
      // A preview must never break the page itself.
      return null;
    }
  };
}
