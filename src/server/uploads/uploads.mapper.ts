import type { ResponsiveImage } from '../../shared/responsive-image';
import type { DescribedImage } from './uploads.service';

/**
 * An image as views send it (see shared/responsive-image), from describeImages' answer. A URL the
 * uploads do not know (an older or outside image) is sent alone, without size or copies.
 */
export function toResponsiveImage(described: ReadonlyMap<string, DescribedImage>, url: string | null | undefined): ResponsiveImage | null {
  if (!url) return null;
  const image = described.get(url);
  return image ? { url, width: image.width, height: image.height, widths: image.widths } : { url, width: null, height: null, widths: [] };
}
