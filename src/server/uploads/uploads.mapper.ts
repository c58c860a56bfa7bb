import type { ResponsiveImage } from '../../shared/responsive-image';
import type { DescribedImages } from './uploads.service';

/**
 * An image as views send it (see shared/responsive-image), from describeImages' answer, at the
 * address browsers load it from (the CDN's when S3_PUBLIC_URL is set; the copies' URLs in srcset
 * follow from it). A URL the uploads do not know (an older or outside image) is sent alone, without
 * size or copies.
 */
export function toResponsiveImage(described: DescribedImages, url: string | null | undefined): ResponsiveImage | null {
  if (!url) return null;
  const image = described.get(url);
  const src = described.urlOf(url);
  return image ? { url: src, width: image.width, height: image.height, widths: image.widths } : { url: src, width: null, height: null, widths: [] };
}
