import { type ImagePlacement, type ResponsiveImage, sizesOf, srcSet } from '../../../shared/responsive-image';

/**
 * How an image loads: `high` for a page's main (LCP) image (fetched at once, before other images),
 * `eager` for others in the first screen, `lazy` (the default) for the rest, fetched near the viewport.
 */
export type ImageLoad = 'high' | 'eager' | 'lazy';

/**
 * An uploaded image in its place on the page: `srcset` and `sizes` (from the one shared rule) so the
 * browser downloads the copy that fits, width and height so the layout does not move while it loads.
 * `fallbackSrc` is drawn instead of the full image when it has no resized copies (a thumbnail).
 */
export function ResponsiveImg({
  image,
  placement,
  load = 'lazy',
  alt,
  className,
  fallbackSrc,
  crop = false,
}: {
  image: ResponsiveImage;
  placement: ImagePlacement;
  load?: ImageLoad;
  alt: string;
  className?: string;
  fallbackSrc?: string;
  /**
   * The place has a ratio of its own and crops the image into it (object-fit: cover): a round logo, a
   * square card, a fixed-height banner. Marked, so the proportions test (e2e image-proportions) knows
   * the crop is meant; anywhere else an image is drawn at its own ratio.
   */
  crop?: boolean;
}) {
  const srcset = srcSet(image);
  // loading, sizes and srcSet before src: a browser may start on src as soon as it is set.
  return (
    <img
      className={className}
      loading={load === 'lazy' ? 'lazy' : 'eager'}
      decoding={load === 'lazy' ? 'async' : undefined}
      fetchPriority={load === 'high' ? 'high' : undefined}
      sizes={srcset ? sizesOf(image, placement) : undefined}
      srcSet={srcset}
      src={srcset ? image.url : (fallbackSrc ?? image.url)}
      width={image.width ?? undefined}
      height={image.height ?? undefined}
      alt={alt}
      data-crop={crop ? '' : undefined}
    />
  );
}
