import type Sharp from 'sharp';

/**
 * The installed app's icons and the favicon made from the marketplace's logo (issue 47), as
 * scripts/generate-icons.mjs makes today's from the bag drawing: "any" icons are the logo itself,
 * the maskable one keeps it inside the safe zone on its own background, so launchers can crop it to
 * any shape. Each is a PNG stored beside the logo, named after it (`<logo>-icon-192.png`), so a new
 * logo has new addresses (uploads are cached as immutable) and its icons leave with it.
 */
export const BRAND_ICONS = {
  icon192: { size: 192, suffix: 'icon-192' },
  icon512: { size: 512, suffix: 'icon-512' },
  maskable512: { size: 512, suffix: 'maskable-512' },
  appleTouch: { size: 180, suffix: 'apple-touch-icon' },
  favicon: { size: 32, suffix: 'favicon-32' },
} as const;

type BrandIcon = keyof typeof BRAND_ICONS;
type BrandIconUrls = Record<BrandIcon, string>;

/** The logo's side as stored: enough for the 512 px icons on any screen, and small. */
export const LOGO_EDGE = 1024;
/**
 * The share of a maskable icon the logo fills, around the centre: as the bag of today's icons, well
 * inside the safe zone (a circle of radius 40%) for a logo whose corners are its background.
 */
const MASKABLE_SHARE = 0.7;

/** Where each icon of the logo stored at `logoUrl` (an /uploads/ URL) lives. */
export function brandIconUrls(logoUrl: string): BrandIconUrls {
  const base = logoUrl.replace(/\.[a-z0-9]+$/i, '');
  return Object.fromEntries(Object.entries(BRAND_ICONS).map(([name, icon]) => [name, `${base}-${icon.suffix}.png`])) as BrandIconUrls;
}

/**
 * The colour a logo's square is filled with where an icon must be opaque (maskable, Apple's): the
 * logo's own top-left pixel (most logos sit on their background colour), white where it is see-through.
 */
async function backgroundOf(sharp: typeof Sharp, square: Buffer): Promise<{ r: number; g: number; b: number }> {
  const pixel = await sharp(square).flatten({ background: '#ffffff' }).extract({ left: 0, top: 0, width: 1, height: 1 }).raw().toBuffer();
  return { r: pixel[0] ?? 255, g: pixel[1] ?? 255, b: pixel[2] ?? 255 };
}

/** Every icon of a square logo (PNG bytes by icon). */
export async function makeBrandIcons(sharp: typeof Sharp, square: Buffer): Promise<Record<BrandIcon, Buffer>> {
  const background = await backgroundOf(sharp, square);
  const plain = (size: number) => sharp(square).resize(size, size).png({ compressionLevel: 9 }).toBuffer();
  const inner = Math.round(BRAND_ICONS.maskable512.size * MASKABLE_SHARE);
  const margin = (BRAND_ICONS.maskable512.size - inner) / 2;
  const maskable = sharp(await sharp(square).resize(inner, inner).png().toBuffer())
    .extend({ top: Math.floor(margin), bottom: Math.ceil(margin), left: Math.floor(margin), right: Math.ceil(margin), background: { ...background, alpha: 1 } })
    .flatten({ background })
    .png({ compressionLevel: 9 })
    .toBuffer();
  const [icon192, icon512, maskable512, appleTouch, favicon] = await Promise.all([
    plain(BRAND_ICONS.icon192.size),
    plain(BRAND_ICONS.icon512.size),
    maskable,
    sharp(square).resize(BRAND_ICONS.appleTouch.size, BRAND_ICONS.appleTouch.size).flatten({ background }).png({ compressionLevel: 9 }).toBuffer(),
    plain(BRAND_ICONS.favicon.size),
  ]);
  return { icon192, icon512, maskable512, appleTouch, favicon };
}
