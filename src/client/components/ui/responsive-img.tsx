import { IMAGE_SIZES, type ImagePlacement, type ResponsiveImage, srcSet } from '../../../shared/responsive-image';

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
}: {
  image: ResponsiveImage;
  placement: ImagePlacement;
  load?: ImageLoad;
  alt: string;
  className?: string;
  fallbackSrc?: string;
}) {
  const srcset = srcSet(image);
  // loading, sizes and srcSet before src: a browser may start on src as soon as it is set.
  return (
    <img
      className={className}
      loading={load === 'lazy' ? 'lazy' : 'eager'}
      decoding={load === 'lazy' ? 'async' : undefined}
      fetchPriority={load === 'high' ? 'high' : undefined}
      sizes={srcset ? IMAGE_SIZES[placement] : undefined}
      srcSet={srcset}
      src={srcset ? image.url : (fallbackSrc ?? image.url)}
      width={image.width ?? undefined}
      height={image.height ?? undefined}
      alt={alt}
    />
  );
}
