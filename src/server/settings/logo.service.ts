import { LOGO_FORMAT, LOGO_MAX_BYTES, LOGO_NOT_SVG, LOGO_TOO_LARGE } from '../../shared/schemas/settings';
import { DEFAULT_SITE } from '../../shared/site';
import { type ActivityActor, adminActor, recordActivity } from '../activity/activity.service';
import type { DB } from '../db/client';
import { inTransaction } from '../db/transaction';
import { badRequest } from '../errors';
import { loadSharp } from '../uploads/image-codec';
import type { ImageSlots } from '../uploads/image-slots';
import { keyOfUploadUrl, type UploadStorage } from '../uploads/storage';
import { removeUploads, storeImage } from '../uploads/uploads.service';
import { BRAND_ICONS, brandIconUrls, LOGO_EDGE, makeBrandIcons } from './brand-icons';
import * as repo from './settings.repository';

/** The formats a logo may be, as the image library names them (decoded, never by the file's name). */
const LOGO_FORMATS = new Set(['png', 'jpeg', 'webp']);
// Decompression bombs: as uploads.service, no more pixels than a 48-megapixel photo.
const MAX_INPUT_PIXELS = 48_000_000;

/** A refusal of the logo, shown by its field (`logo`). */
const refuse = (message: string) => badRequest(message, 'validation', { field: 'logo' });

/**
 * The logo as stored: decoded (PNG, JPEG or WebP, judged by its content; an SVG can carry scripts),
 * turned by its EXIF orientation, cropped square around its centre and at most LOGO_EDGE a side (a PNG,
 * keeping transparency), with the icons made from it.
 */
async function prepareLogo(data: Buffer) {
  const sharp = await loadSharp();
  let meta: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>;
  try {
    meta = await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch {
    throw refuse(LOGO_FORMAT);
  }
  if (meta.format === 'svg') throw refuse(LOGO_NOT_SVG);
  if (!meta.format || !LOGO_FORMATS.has(meta.format) || !meta.width || !meta.height) throw refuse(LOGO_FORMAT);
  try {
    const upright = await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate().png().toBuffer({ resolveWithObject: true });
    const side = Math.min(upright.info.width, upright.info.height, LOGO_EDGE);
    const square = await sharp(upright.data).resize(side, side, { fit: 'cover', position: 'centre' }).png().toBuffer();
    return { square, icons: await makeBrandIcons(sharp, square) };
  } catch {
    throw refuse(LOGO_FORMAT);
  }
}

/** Every file of a stored logo's icons, as storage keys. */
function iconKeys(logoUrl: string): string[] {
  return Object.values(brandIconUrls(logoUrl)).flatMap((url) => keyOfUploadUrl(url) ?? []);
}

/** Removes a logo no longer shown: its upload (the image, its copies, its share image) and its icons. */
async function removeLogoFiles(db: DB, storage: UploadStorage, logoUrl: string | null): Promise<void> {
  if (!logoUrl) return;
  await removeUploads(db, storage, [logoUrl]);
  await storage.delete(iconKeys(logoUrl));
}

/**
 * The admin's new logo (issue 47): refused with its field's message and nothing stored when it is not
 * a PNG, JPEG or WebP image of at most 5 MB. Otherwise stored through the uploads' pipeline (a WebP with
 * its copies, an uploads row), its icons beside it, then made the logo with its activity entry in one
 * transaction; the old logo's files go once that committed. Every instance's caches forget the old one
 * with the settings row's write (the manifest, every page's head).
 */
export async function saveLogo(
  deps: { db: DB; storage: UploadStorage; slots?: ImageSlots },
  admin: { id: number; fullName: string; email: string },
  data: Buffer,
  now: Date,
): Promise<{ url: string }> {
  const { db, storage, slots } = deps;
  const actor = adminActor(admin);
  if (data.length === 0) throw refuse(LOGO_FORMAT);
  if (data.length > LOGO_MAX_BYTES) throw refuse(LOGO_TOO_LARGE);
  const { square, icons } = slots ? await slots.run(() => prepareLogo(data)) : await prepareLogo(data);
  const stored = await storeImage(db, storage, admin.id, square, now, slots);
  const urls = brandIconUrls(stored.url);
  let replaced: string | null;
  try {
    for (const name of Object.keys(BRAND_ICONS) as Array<keyof typeof BRAND_ICONS>) {
      await storage.put(keyOfUploadUrl(urls[name])!, icons[name], 'image/png');
    }
    replaced = await inTransaction(db, async (trx) => {
      const before = await repo.setLogo(trx, stored.url, { name: DEFAULT_SITE.name, brand_colour: DEFAULT_SITE.brandColour }, now);
      await recordActivity(trx, { actor, action: 'settings.logo_changed', subject: { type: 'settings', id: 1, label: 'Logo' }, changes: { logo: [before, stored.url] }, at: now });
      return before;
    });
  } catch (error) {
    await removeLogoFiles(db, storage, stored.url).catch(() => undefined);
    throw error;
  }
  await removeLogoFiles(db, storage, replaced);
  return { url: stored.url };
}

/** Removes the logo: today's icons and favicon are the app's again. Recorded; nothing to do without one. */
export async function removeLogo(deps: { db: DB; storage: UploadStorage }, actor: ActivityActor, now: Date): Promise<void> {
  const removed = await inTransaction(deps.db, async (trx) => {
    const current = (await repo.find(trx))?.logo_url ?? null;
    if (!current) return null;
    await repo.setLogo(trx, null, { name: DEFAULT_SITE.name, brand_colour: DEFAULT_SITE.brandColour }, now);
    await recordActivity(trx, { actor, action: 'settings.logo_removed', subject: { type: 'settings', id: 1, label: 'Logo' }, changes: { logo: [current, null] }, at: now });
    return current;
  });
  await removeLogoFiles(deps.db, deps.storage, removed);
}
