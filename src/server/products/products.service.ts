import type { ProductInput } from '../../shared/schemas/product';
import { productSlug } from '../../shared/slug';
import { belongsToShop } from '../categories/categories.repository';
import type { DB } from '../db/client';
import { badRequest, notFound } from '../errors';
import { findOwned } from '../uploads/uploads.repository';
import { removeUploads, resolveOwnedImages } from '../uploads/uploads.service';
import { sanitizeDescription } from './product-fields';
import * as repo from './products.repository';

export const PRODUCT_NOT_FOUND = 'Product not found';

interface Owner {
  userId: number;
  shopId: number;
}

async function checkImagesFree(db: DB, urls: string[], productId: number | null): Promise<void> {
  if ((await repo.imagesUsedElsewhere(db, urls, productId)).length > 0) {
    throw badRequest('One of the images is already used elsewhere. Please upload it again.');
  }
}

async function checkCategory(db: DB, shopId: number, categoryId: number | null): Promise<void> {
  if (categoryId !== null && !(await belongsToShop(db, categoryId, shopId))) throw badRequest('Choose one of your own categories');
}

/** Creates a product with its images in one transaction; images must be the owner's own uploads. */
export async function createProduct(db: DB, owner: Owner, input: ProductInput, now: Date): Promise<{ id: number; slug: string }> {
  await checkCategory(db, owner.shopId, input.categoryId);
  const resolved = await resolveOwnedImages(db, owner.userId, input.images.map((i) => i.url));
  await checkImagesFree(db, input.images.map((i) => i.url), null);
  let slug = '';
  const id = await db.transaction().execute(async (trx) => {
    // Two products of one name in the same millisecond (a double click, a seed) get the next free one.
    let stamp = now.getTime();
    while (await repo.slugExists(trx, productSlug(input.name, new Date(stamp)))) stamp += 1;
    slug = productSlug(input.name, new Date(stamp));
    const productId = await repo.insertProduct(trx, {
      shopId: owner.shopId,
      slug,
      descriptionHtml: sanitizeDescription(input.descriptionHtml),
      input,
      now,
    });
    await repo.replaceImages(
      trx,
      productId,
      input.images.map((image, index) => ({ ...image, thumbUrl: resolved[index]!.thumbUrl })),
    );
    return productId;
  });
  return { id, slug };
}

/** Saves every field and the image list; images no longer used have their files removed afterwards. */
export async function updateProduct(db: DB, uploadsDir: string, owner: Owner, productId: number, input: ProductInput, now: Date) {
  const current = await repo.findOwned(db, owner.shopId, productId);
  if (!current) throw notFound(PRODUCT_NOT_FOUND);
  await checkCategory(db, owner.shopId, input.categoryId);
  const before = await repo.listImages(db, productId);
  const attached = new Map(before.map((i) => [i.url, i.thumb_url]));
  const resolved = await resolveOwnedImages(db, owner.userId, input.images.map((i) => i.url), attached);
  await checkImagesFree(db, input.images.map((i) => i.url), productId);
  await db.transaction().execute(async (trx) => {
    const ok = await repo.updateProduct(trx, {
      shopId: owner.shopId,
      productId,
      descriptionHtml: sanitizeDescription(input.descriptionHtml),
      input,
      now,
    });
    if (!ok) throw notFound(PRODUCT_NOT_FOUND);
    await repo.replaceImages(
      trx,
      productId,
      input.images.map((image, index) => ({ ...image, thumbUrl: resolved[index]!.thumbUrl })),
    );
  });
  const kept = new Set(input.images.map((i) => i.url));
  await removeUploads(db, uploadsDir, before.filter((i) => !kept.has(i.url)).map((i) => i.url));
  return { id: productId, slug: current.slug };
}

export async function deleteProduct(db: DB, uploadsDir: string, owner: Owner, productId: number): Promise<void> {
  const images = await db.transaction().execute(async (trx) => {
    const found = await repo.listImages(trx, productId);
    if (!(await repo.deleteProduct(trx, owner.shopId, productId))) throw notFound(PRODUCT_NOT_FOUND);
    return found;
  });
  await removeUploads(db, uploadsDir, images.map((i) => i.url));
}

/**
 * Removes images the user uploaded in a form and then took out before saving. Only the caller's own
 * uploads that no record points at are removed; anything else is left alone.
 */
export async function discardUnsavedImages(db: DB, uploadsDir: string, userId: number, urls: string[]): Promise<number> {
  const owned = (await findOwned(db, userId, urls)).map((r) => r.url);
  const used = await repo.referencedImages(db, owned);
  const orphans = owned.filter((u) => !used.has(u));
  await removeUploads(db, uploadsDir, orphans);
  return orphans.length;
}
