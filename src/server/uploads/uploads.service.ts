import { createHash, randomBytes } from 'node:crypto';
import { mayAct, refusalFor, type ShopRole } from '../../shared/staff';
import { SHOP_ROUTES } from '../trpc/shop-access';
import { IMAGE_TOO_LARGE, NOT_AN_IMAGE, UPLOAD_MAX_BYTES } from '../../shared/constants';
import { type ResponsiveImage, VARIANT_WIDTHS, variantUrl, variantWidthsFor } from '../../shared/responsive-image';
import type { PlanProfile } from '../../shared/plan';
import { blockedMessage } from '../../shared/trial';
import { planEnded } from '../billing/billing-settings.service';
import type { DB } from '../db/client';
import { inTransaction } from '../db/transaction';
import { AppError, badRequest } from '../errors';
import type { SessionUser } from '../users/users.mapper';
import { ImageSlots } from './image-slots';
import { browserUrlOf, keyOfUploadUrl, type UploadStorage } from './storage';
import * as uploads from './uploads.repository';
import { loadSharp } from './image-codec';


const MAX_EDGE = 1600;
const THUMB_EDGE = 480;
// Decompression bombs: refuse images with more pixels than a 48-megapixel photo.
const MAX_INPUT_PIXELS = 48_000_000;

export interface StoredImage {
  url: string;
  thumbUrl: string;
  width: number;
  height: number;
  /** Widths of its narrower copies (see shared/responsive-image). */
  widths: number[];
}

export const UPLOADERS_ONLY = 'Only shopkeepers and admins can upload images';
export const SHOP_FIRST = 'Create your shop before uploading images';

/**
 * Who may put a file on the disk, where it is served to anyone: shopkeepers for their own shop (with
 * a shop, within their trial: they could not save what they upload otherwise) and admins for sliders.
 * A user's uploads that no record shows yet are capped, so forms cannot be used to fill the disk.
 * Throws FORBIDDEN or TOO_MANY_REQUESTS with the message to show.
 */
export async function checkUploader(
  db: DB,
  /** `shop`: the uploader's shop access (staff.service findShopAccess): its role and its trial, the owner's. */
  uploader: { user: SessionUser; shop: { role: ShopRole; trial: PlanProfile } | null },
  rules: { now: Date; trialMinutes: number; maxPendingUploads: number },
): Promise<void> {
  const { user, shop } = uploader;
  if (!user.roles.includes('admin')) {
    if (!shop) throw new AppError('FORBIDDEN', user.roles.includes('shopkeeper') ? SHOP_FIRST : UPLOADERS_ONLY);
    // Images are a product's (or the settings'): "Orders" staff handle neither (trpc/shop-access.ts SHOP_ROUTES).
    if (!mayAct(shop.role, SHOP_ROUTES['/api/uploads'])) throw new AppError('FORBIDDEN', refusalFor(SHOP_ROUTES['/api/uploads']));
    if (await planEnded(db, shop.trial, rules.now, rules.trialMinutes)) throw new AppError('FORBIDDEN', blockedMessage(shop.trial, rules.trialMinutes));
  }
  const pending = await uploads.countUnattached(db, user.id);
  if (pending >= rules.maxPendingUploads) {
    const images = pending === 1 ? '1 uploaded image that is' : `${pending} uploaded images that are`;
    throw new AppError('TOO_MANY_REQUESTS', `You have ${images} not used yet. Save or discard them, then upload more.`);
  }
}

/**
 * Checks an upload by decoding it (never by its name or MIME header), re-encodes it as WebP with
 * EXIF orientation applied and metadata stripped, and writes a thumbnail and its narrower copies
 * (for srcset) beside it. `slots`, the process's image slots, bound how many images are decoded at once:
 * an upload is refused with ImagesBusyError when they are full, an import's image waits (`whenFull`).
 */
export async function storeImage(
  db: DB,
  storage: UploadStorage,
  ownerId: number,
  data: Buffer,
  now: Date,
  slots?: ImageSlots,
  whenFull: 'refuse' | 'wait' = 'refuse',
): Promise<StoredImage> {
  if (data.length === 0) throw badRequest(NOT_AN_IMAGE);
  if (data.length > UPLOAD_MAX_BYTES) throw badRequest(IMAGE_TOO_LARGE);
  const { main, thumb, variants } = slots ? await slots.run(() => encodeImage(data), whenFull) : await encodeImage(data);
  const name = randomBytes(16).toString('hex');
  const folder = name.slice(0, 2);
  const url = `/uploads/${folder}/${name}.webp`;
  await Promise.all([
    put(storage, url, main.data),
    put(storage, `/uploads/${folder}/${name}-thumb.webp`, thumb),
    ...variants.map((v) => put(storage, variantUrl(url, v.width), v.data)),
  ]);
  const stored = {
    url,
    thumbUrl: `/uploads/${folder}/${name}-thumb.webp`,
    width: main.info.width,
    height: main.info.height,
    widths: variants.map((v) => v.width),
  };
  const bytes = main.data.length + thumb.length + variants.reduce((sum, v) => sum + v.data.length, 0);
  await uploads.insertUpload(db, { ownerId, ...stored, variantsFor: VARIANTS_FOR, bytes, now });
  return stored;
}

/**
 * Whether `data` would be stored as an image (a raster format sharp reads, within the size and pixel
 * bounds), judged from its header without decoding it: a check before many images are stored at once.
 */
export async function looksStorable(data: Buffer): Promise<boolean> {
  if (data.length === 0 || data.length > UPLOAD_MAX_BYTES) return false;
  const sharp = await loadSharp();
  try {
    const meta = await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    return Boolean(meta.width && meta.height && meta.format !== 'svg' && meta.width * meta.height <= MAX_INPUT_PIXELS);
  } catch {
    return false;
  }
}

/** The WebP image, its thumbnail and copies; NOT_AN_IMAGE for anything sharp cannot decode as a raster image. */
async function encodeImage(data: Buffer) {
  const sharp = await loadSharp();
  try {
    const source = () => sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
    const meta = await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    if (!meta.width || !meta.height || meta.format === 'svg') throw new Error('not a raster image');
    const main = await source()
      .resize({ width: MAX_EDGE, height: MAX_EDGE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    const thumb = await source()
      .resize({ width: THUMB_EDGE, height: THUMB_EDGE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 78 })
      .toBuffer();
    return { main, thumb, variants: await encodeVariants(main.data, variantWidthsFor(main.info.width)) };
  } catch {
    throw badRequest(NOT_AN_IMAGE);
  }
}

/** Copies of an encoded original at these widths (decoded once, resized per width). */
async function encodeVariants(original: Buffer, widths: readonly number[]): Promise<Array<{ width: number; data: Buffer }>> {
  const sharp = await loadSharp();
  const decoded = sharp(original, { limitInputPixels: MAX_INPUT_PIXELS });
  return Promise.all(widths.map(async (w) => ({ width: w, data: await decoded.clone().resize({ width: w }).webp({ quality: 80 }).toBuffer() })));
}

/** Stores a WebP at its /uploads/ URL. */
function put(storage: UploadStorage, url: string, data: Buffer): Promise<void> {
  const key = keyOfUploadUrl(url);
  if (!key) throw new Error(`Not an upload URL: ${url}`);
  return storage.put(key, data, 'image/webp');
}

/** Every file of one uploaded image, as `/uploads/...` URLs: the original, its thumbnail and its copies. */
export function imageFiles(image: { url: string; thumbUrl: string; widths: readonly number[] }): string[] {
  return [image.url, image.thumbUrl, ...image.widths.map((w) => variantUrl(image.url, w))];
}

/**
 * Where the 1200x630 share image made from an uploaded image is stored (catalog/share-head.ts makes it
 * on first use), named by a hash of the source URL: a new image gets a new file, and the file leaves
 * with its source.
 */
export function shareImageUrl(sourceUrl: string): string {
  return `/uploads/share/${createHash('sha256').update(sourceUrl).digest('hex').slice(0, 24)}.jpg`;
}

/**
 * An upload row's files, its share image included (it may never have been made: deleting a missing
 * file is fine); besides the copies recorded, every copy the image could have (a backfill may have been
 * cut short between storing a copy and recording it).
 */
function filesOfRow(row: { url: string; thumb_url: string; width: number; variant_widths: string | null }): string[] {
  const widths = [...new Set([...parseWidths(row.variant_widths), ...variantWidthsFor(row.width)])];
  return [...imageFiles({ url: row.url, thumbUrl: row.thumb_url, widths }), shareImageUrl(row.url)];
}

export interface DescribedImage extends ResponsiveImage {
  width: number;
  height: number;
  thumbUrl: string;
}

/** What views need to draw a response's images: each upload's record, and where browsers load a URL from. */
export interface DescribedImages {
  /** Size, thumbnail and copies of an upload (its `/uploads/` URLs); undefined for a URL that is not one. */
  get(url: string): DescribedImage | undefined;
  /** Where browsers load `url` from: under S3_PUBLIC_URL when set (storage.ts browserUrlOf). */
  urlOf(url: string): string;
}

/**
 * What views need to draw each of these uploaded images (size, thumbnail, copies for srcset), in one
 * query; URLs that are not uploads are unknown to get().
 */
export async function describeImages(db: DB, storage: Pick<UploadStorage, 'publicBaseUrl'>, urls: ReadonlyArray<string | null | undefined>): Promise<DescribedImages> {
  const list = [...new Set(urls.filter((u): u is string => typeof u === 'string' && u.startsWith('/uploads/')))];
  const rows = await uploads.findByUrls(db, list);
  const byUrl = new Map(rows.map((r) => [r.url, { url: r.url, thumbUrl: r.thumb_url, width: r.width, height: r.height, widths: parseWidths(r.variant_widths) }]));
  return { get: (url) => byUrl.get(url), urlOf: (url) => browserUrlOf(storage, url) };
}

function parseWidths(text: string | null): number[] {
  return text ? text.split(',').map(Number) : [];
}

/** The widths this server makes copies at, as recorded with each upload (`variants_for`). */
export const VARIANTS_FOR = VARIANT_WIDTHS.join(',');

/**
 * Makes the missing copies of uploads stored before this server's widths (copies never made, or made
 * for another VARIANT_WIDTHS: the 160 px copy of images stored before it existed), from their stored
 * original, one image at a time in a turn of the process's image slots (so uploads are never refused
 * for it). The copies an upload already has stay in use meanwhile, and are kept. Idempotent: run at
 * every start, it finds nothing to do once done. An upload whose original is missing or cannot be
 * decoded keeps the copies it had (none if it had none) and is recorded as done, so it is not retried
 * at every start; one the store failed to read or write is left for the next start. Returns how many
 * uploads it brought up to date.
 */
export async function backfillImageVariants(db: DB, storage: UploadStorage, slots: ImageSlots): Promise<number> {
  let done = 0;
  let afterId = 0;
  for (;;) {
    const page = await uploads.listWithVariantsNotFor(db, VARIANTS_FOR, afterId, 50);
    if (page.length === 0) return done;
    afterId = page[page.length - 1]!.id;
    for (const row of page) {
      const had = parseWidths(row.variant_widths);
      const missing = variantWidthsFor(row.width).filter((w) => !had.includes(w));
      const made = missing.length > 0 ? await makeCopies(storage, slots, row.url, missing) : [];
      if (made === null) continue;
      await uploads.setVariantWidths(db, row.url, [...had, ...made].sort((a, b) => a - b), VARIANTS_FOR);
      done += 1;
    }
  }
}

/**
 * Stores the copies of an upload at these widths; returns the widths stored: none when its original is
 * gone or cannot be decoded (for good), null when the store failed (worth another try later).
 */
async function makeCopies(storage: UploadStorage, slots: ImageSlots, url: string, widths: readonly number[]): Promise<number[] | null> {
  const key = keyOfUploadUrl(url);
  // undefined: the store failed to read it.
  const original = key ? await storage.get(key).catch(() => undefined) : null;
  if (original === undefined) return null;
  if (!original) return [];
  const copies = await slots.run(() => encodeVariants(original, widths), 'wait').catch(() => null);
  if (!copies) return [];
  try {
    for (const copy of copies) await put(storage, variantUrl(url, copy.width), copy.data);
  } catch {
    return null;
  }
  return copies.map((copy) => copy.width);
}

/**
 * Refuses image URLs the user did not upload (a form can only reference its own files) and returns
 * each with its thumbnail. URLs already kept by the caller's record are passed as `alreadyAttached`.
 */
export async function resolveOwnedImages(
  db: DB,
  ownerId: number,
  urls: readonly string[],
  alreadyAttached: ReadonlyMap<string, string> = new Map(),
): Promise<Array<{ url: string; thumbUrl: string }>> {
  const fresh = urls.filter((u) => !alreadyAttached.has(u));
  const owned = new Map((await uploads.findOwned(db, ownerId, fresh)).map((r) => [r.url, r.thumb_url]));
  return urls.map((url) => {
    const thumbUrl = alreadyAttached.get(url) ?? owned.get(url);
    if (!thumbUrl) throw badRequest('One of the images was not uploaded by you. Please upload it again.');
    return { url, thumbUrl };
  });
}

/**
 * Which of these image URLs a record still shows (one file backs one record; `skipProductId` leaves
 * out the images of the product being edited), for the transaction (inTransaction) about to attach or
 * remove them: their uploads stay locked until it ends, so a concurrent transaction attaching one of
 * them (a slider, a shop's logo, a product) or removing it (the sweep) waits for it, then finds the
 * image in use or gone (on PostgreSQL after running again, its snapshot being older than the winner's
 * commit). The first to check wins.
 */
export async function referencedUrlsLocked(trx: DB, urls: readonly string[], options: { skipProductId?: number | null } = {}): Promise<Set<string>> {
  await uploads.lockByUrls(trx, urls);
  return uploads.findReferencedUrls(trx, urls, options);
}

/**
 * Removes images the user uploaded in a form and then took out before saving. Only the caller's own
 * uploads that no record points at are removed; anything else is left alone.
 */
export async function discardUnsavedImages(db: DB, storage: UploadStorage, userId: number, urls: string[]): Promise<{ removed: number }> {
  const owned = (await uploads.findOwned(db, userId, urls)).map((r) => r.url);
  return { removed: await removeUnreferenced(db, storage, owned) };
}

/**
 * Removes those of these uploads that no record shows: rows in one transaction that first locks them,
 * as a transaction attaching one does (referencedUrlsLocked), then asks what shows them in a statement
 * of its own (read committed: it sees an attach that committed while it waited); files once it
 * committed. An image being attached at that moment is either kept or, gone first, refused to the
 * attach. Returns how many went.
 */
async function removeUnreferenced(db: DB, storage: UploadStorage, urls: readonly string[]): Promise<number> {
  if (urls.length === 0) return 0;
  const files = await inTransaction(
    db,
    async (trx) => {
      const used = await referencedUrlsLocked(trx, urls);
      const orphans = urls.filter((u) => !used.has(u));
      const found = new Set<string>(orphans);
      for (const row of await uploads.findByUrls(trx, orphans)) for (const file of filesOfRow(row)) found.add(file);
      await uploads.deleteByUrls(trx, orphans);
      return { orphans: orphans.length, files: [...found] };
    },
    { isolation: 'read committed' },
  );
  await storage.delete(files.files.map(keyOfUploadUrl).filter((key): key is string => key !== null));
  return files.orphans;
}

/** Deletes the files and rows of uploads no longer used. Call after the transaction that dropped them. */
export async function removeUploads(db: DB, storage: UploadStorage, urls: ReadonlyArray<string | null | undefined>): Promise<void> {
  const list = [...new Set(urls.filter((u): u is string => typeof u === 'string' && u.startsWith('/uploads/')))];
  if (list.length === 0) return;
  const rows = await uploads.findByUrls(db, list);
  const files = new Set<string>(list);
  for (const row of rows) for (const file of filesOfRow(row)) files.add(file);
  await uploads.deleteByUrls(db, list);
  await storage.delete([...files].map(keyOfUploadUrl).filter((key): key is string => key !== null));
}

/**
 * Removes uploads that no record shows and that are older than `graceHours`: images uploaded into a
 * form that was then abandoned. The grace period leaves time to finish a form. Returns how many.
 */
export async function sweepOrphanUploads(db: DB, storage: UploadStorage, now: Date, graceHours = 24): Promise<number> {
  const before = new Date(now.getTime() - graceHours * 3_600_000);
  let removed = 0;
  let afterId = 0;
  for (;;) {
    const page = await uploads.listCreatedBefore(db, before, afterId, 200);
    if (page.length === 0) return removed;
    afterId = page[page.length - 1]!.id;
    removed += await removeUnreferenced(db, storage, page.map((u) => u.url));
  }
}
