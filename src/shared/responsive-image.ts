/**
 * Uploaded images are stored as a capped WebP original plus narrower copies of it (one per width of
 * VARIANT_WIDTHS below the original's width: never enlarged), named `<name>-<width>w.webp` beside it.
 * Views send an image as its URL, intrinsic size and the widths of its copies; the client's <img>
 * and the server's preload build the same `srcset` from it here, so the browser picks one file.
 */

/** 160 for the small square places (an avatar, a logo, a gallery thumbnail) on phones of up to 2.8 dppx. */
export const VARIANT_WIDTHS = [160, 320, 480, 640, 1024] as const;

export interface ResponsiveImage {
  url: string;
  /** Intrinsic size of `url`; null for an image the server has no record of. */
  width: number | null;
  height: number | null;
  /** Widths of the resized copies, ascending; empty when there are none (yet). */
  widths: number[];
}

/** The copies an image of this width gets. */
export function variantWidthsFor(width: number): number[] {
  return VARIANT_WIDTHS.filter((w) => w < width);
}

/** The URL of an image's copy `width` pixels wide. */
export function variantUrl(url: string, width: number): string {
  return url.replace(/(\.[a-z0-9]+)?$/i, `-${width}w$1`);
}

/** The `srcset` of an image: its copies and the original, or undefined when it has no copies. */
export function srcSet(image: ResponsiveImage): string | undefined {
  if (image.widths.length === 0 || !image.width) return undefined;
  return [...image.widths.map((w) => `${variantUrl(image.url, w)} ${w}w`), `${image.url} ${image.width}w`].join(', ');
}

/**
 * The square places an image is cropped into (object-fit: cover), by the side of the square in CSS
 * pixels at each breakpoint, widest first (`[min-width, side]`; 0: below every breakpoint): a shop's
 * avatar on /shops, its logo on its storefront, its badge beside a product, a gallery thumbnail.
 */
const SQUARES = {
  avatar: [[0, 56]],
  logo: [[640, 96], [0, 72]],
  badge: [[0, 28]],
  thumb: [[0, 72]],
} as const satisfies Record<string, ReadonlyArray<readonly [number, number]>>;

type Square = keyof typeof SQUARES;

/** The `sizes` of a square place, its sides multiplied by `scale`. */
function squareSizes(placement: Square, scale: number): string {
  return SQUARES[placement].map(([minWidth, side]) => `${minWidth ? `(min-width: ${minWidth}px) ` : ''}${Math.ceil(side * scale)}px`).join(', ');
}

/**
 * The `sizes` of each place an image is shown: how wide it is drawn at each breakpoint of the theme
 * (phone, tablet 640, desktop 1024, wide 1280; pages are at most 1200 px wide, padded 16 px on
 * phones and 24 px above). The preload of a page's main image uses the same value as its <img>.
 */
export const IMAGE_SIZES = {
  /** A product card: 2 columns on phones, 3 on tablets, 4 on desktops, 5 on wide screens. */
  card: '(min-width: 1280px) 218px, (min-width: 1024px) calc(25vw - 36px), (min-width: 640px) calc(33vw - 27px), calc(50vw - 22px)',
  /** The product page's main image: full width, half the page on desktops. */
  productMain: '(min-width: 1248px) 564px, (min-width: 1024px) calc(50vw - 60px), calc(100vw - 32px)',
  /** A shop card's cover on /shops: 2, 3 then 4 columns. */
  shopCard: '(min-width: 1248px) 276px, (min-width: 1024px) calc(25vw - 36px), (min-width: 640px) calc(33vw - 27px), calc(50vw - 22px)',
  /** The width of the page: banners, a storefront's cover. */
  wide: '(min-width: 1248px) 1152px, calc(100vw - 32px)',
  /** The squares (SQUARES), for an image no wider than tall. */
  avatar: squareSizes('avatar', 1),
  logo: squareSizes('logo', 1),
  badge: squareSizes('badge', 1),
  thumb: squareSizes('thumb', 1),
};

export type ImagePlacement = keyof typeof IMAGE_SIZES;

const isSquare = (placement: ImagePlacement): placement is Square => placement in SQUARES;

/**
 * The `sizes` of an image in its place. A square covers its side with the image's shorter edge, so a
 * wider than tall image is drawn wider than the square by its ratio: the browser must pick a copy
 * that wide, or the image is blurred.
 */
export function sizesOf(image: ResponsiveImage, placement: ImagePlacement): string {
  if (!isSquare(placement) || !image.width || !image.height || image.width <= image.height) return IMAGE_SIZES[placement];
  return squareSizes(placement, image.width / image.height);
}
