import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp, { type OutputInfo } from 'sharp';
import { IMAGE_TOO_LARGE, NOT_AN_IMAGE, UPLOAD_MAX_BYTES } from '../../shared/constants';
import type { DB } from '../db/client';
import { badRequest } from '../errors';
import * as uploads from './uploads.repository';


const MAX_EDGE = 1600;
const THUMB_EDGE = 480;
// Decompression bombs: refuse images with more pixels than a 48-megapixel photo.
const MAX_INPUT_PIXELS = 48_000_000;

export interface StoredImage {
  url: string;
  thumbUrl: string;
  width: number;
  height: number;
}

/**
 * Checks an upload by decoding it (never by its name or MIME header), re-encodes it as WebP with
 * EXIF orientation applied and metadata stripped, and writes a thumbnail beside it.
 */
export async function storeImage(db: DB, uploadsDir: string, ownerId: number, data: Buffer, now: Date): Promise<StoredImage> {
  if (data.length === 0) throw badRequest(NOT_AN_IMAGE);
  if (data.length > UPLOAD_MAX_BYTES) throw badRequest(IMAGE_TOO_LARGE);
  let main: { data: Buffer; info: OutputInfo };
  let thumb: Buffer;
  try {
    const source = () => sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
    const meta = await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    if (!meta.width || !meta.height || meta.format === 'svg') throw new Error('not a raster image');
    main = await source()
      .resize({ width: MAX_EDGE, height: MAX_EDGE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    thumb = await source()
      .resize({ width: THUMB_EDGE, height: THUMB_EDGE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 78 })
      .toBuffer();
  } catch {
    throw badRequest(NOT_AN_IMAGE);
  }
  const name = randomBytes(16).toString('hex');
  const folder = name.slice(0, 2);
  await fs.mkdir(path.join(uploadsDir, folder), { recursive: true });
  await fs.writeFile(path.join(uploadsDir, folder, `${name}.webp`), main.data);
  await fs.writeFile(path.join(uploadsDir, folder, `${name}-thumb.webp`), thumb);
  const stored = {
    url: `/uploads/${folder}/${name}.webp`,
    thumbUrl: `/uploads/${folder}/${name}-thumb.webp`,
    width: main.info.width,
    height: main.info.height,
  };
  await uploads.insertUpload(db, { ownerId, ...stored, bytes: main.data.length + thumb.length, now });
  return stored;
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
 * Which of these image URLs a record still shows (one file backs one record). `skipProductId` leaves
 * out one product's own images, when that product is being edited.
 */
export async function referencedUrls(db: DB, urls: readonly string[], options: { skipProductId?: number | null } = {}): Promise<Set<string>> {
  return uploads.findReferencedUrls(db, urls, options);
}

/**
 * Removes images the user uploaded in a form and then took out before saving. Only the caller's own
 * uploads that no record points at are removed; anything else is left alone.
 */
export async function discardUnsavedImages(db: DB, uploadsDir: string, userId: number, urls: string[]): Promise<{ removed: number }> {
  const owned = (await uploads.findOwned(db, userId, urls)).map((r) => r.url);
  const used = await referencedUrls(db, owned);
  const orphans = owned.filter((u) => !used.has(u));
  await removeUploads(db, uploadsDir, orphans);
  return { removed: orphans.length };
}

/** Deletes the files and rows of uploads no longer used. Call after the transaction that dropped them. */
export async function removeUploads(db: DB, uploadsDir: string, urls: ReadonlyArray<string | null | undefined>): Promise<void> {
  const list = [...new Set(urls.filter((u): u is string => typeof u === 'string' && u.startsWith('/uploads/')))];
  if (list.length === 0) return;
  const rows = await uploads.findByUrls(db, list);
  const files = new Set<string>(list);
  for (const row of rows) files.add(row.thumb_url);
  await uploads.deleteByUrls(db, list);
  const root = path.resolve(uploadsDir);
  await Promise.all(
    [...files].map(async (url) => {
      const file = path.resolve(root, `.${url.slice('/uploads'.length)}`);
      if (!file.startsWith(root + path.sep)) return;
      await fs.rm(file, { force: true });
    }),
  );
}

/**
 * Removes uploads that no record shows and that are older than `graceHours`: images uploaded into a
 * form that was then abandoned. The grace period leaves time to finish a form. Returns how many.
 */
export async function sweepOrphanUploads(db: DB, uploadsDir: string, now: Date, graceHours = 24): Promise<number> {
  const before = new Date(now.getTime() - graceHours * 3_600_000);
  let removed = 0;
  let afterId = 0;
  for (;;) {
    const page = await uploads.listCreatedBefore(db, before, afterId, 200);
    if (page.length === 0) return removed;
    afterId = page[page.length - 1]!.id;
    const urls = page.map((u) => u.url);
    const used = await referencedUrls(db, urls);
    const orphans = urls.filter((u) => !used.has(u));
    await removeUploads(db, uploadsDir, orphans);
    removed += orphans.length;
  }
}
