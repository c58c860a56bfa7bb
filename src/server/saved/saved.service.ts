import { MAX_SAVED, mergeSaved, SAVED_FULL_MESSAGE, type SavedEntry } from '../../shared/saved';
import type { MergeSavedInput } from '../../shared/schemas/saved';
import type { DB } from '../db/client';
import { inTransaction } from '../db/transaction';
import { badRequest, notFound } from '../errors';
import { hasOptions, unitPrice } from '../products/products.mapper';
import { productsWithShop } from '../products/products.service';
import { toResponsiveImage } from '../uploads/uploads.mapper';
import { describeImages } from '../uploads/uploads.service';
import type { UploadStorage } from '../uploads/storage';
import * as repo from './saved.repository';

/** Saved products (issue 50, product-decisions 7): the heart, the guest's list merged at sign-in, /saved. */

type Images = Pick<UploadStorage, 'publicBaseUrl'>;

/** The ids an account saved, newest first: the hearts' state in the browser. */
export async function savedIds(db: DB, userId: number): Promise<number[]> {
  return (await repo.listSaved(db, userId)).map((r) => r.productId);
}

/**
 * Saves a product buyers may see (at its price now), or takes one off the list. The 501st is refused;
 * the count and the insert are one transaction, so two devices saving at once cannot pass the cap.
 */
export async function setSaved(db: DB, userId: number, productId: number, saved: boolean, now: Date): Promise<{ saved: boolean }> {
  if (!saved) {
    await repo.deleteSaved(db, userId, productId);
    return { saved: false };
  }
  const [product] = await productsWithShop(db, [productId]);
  if (!product?.is_public) throw notFound('Product not found');
  await inTransaction(db, async (trx) => {
    if (await repo.isSaved(trx, userId, productId)) return;
    if ((await repo.countSaved(trx, userId)) >= MAX_SAVED) throw badRequest(SAVED_FULL_MESSAGE);
    await repo.insertSaved(trx, userId, [{ productId, price: unitPrice(product), currency: product.currency, savedAt: now.toISOString() }]);
  });
  return { saved: true };
}

/**
 * A guest's list merged into the account's at sign-in (shared/saved.ts mergeSaved): the account's
 * entries stay, the guest's others are added newest first up to the cap; products that no longer
 * exist are skipped. Answers the account's ids and how many did not fit.
 */
export async function mergeGuestSaved(db: DB, userId: number, input: MergeSavedInput, now: Date): Promise<{ ids: number[]; dropped: number }> {
  const existing = await repo.existingProductIds(db, input.entries.map((e) => e.productId));
  const guest: SavedEntry[] = input.entries
    .filter((e) => existing.has(e.productId))
    // A time from the browser is only an order: never later than now, and an unreadable one is now.
    .map((e) => ({ ...e, savedAt: readableTime(e.savedAt, now) }));
  return inTransaction(db, async (trx) => {
    const { entries, added, dropped } = mergeSaved(await repo.listSaved(trx, userId), guest);
    await repo.insertSaved(trx, userId, added);
    return { ids: entries.map((e) => e.productId), dropped };
  });
}

function readableTime(text: string, now: Date): string {
  const time = Date.parse(text);
  return Number.isNaN(time) || time > now.getTime() ? now.toISOString() : new Date(time).toISOString();
}

/** The products as /saved shows them now, in the order asked; unknown ids are left out. */
async function productViews(db: DB, storage: Images, productIds: readonly number[]) {
  const rows = await repo.savedProducts(db, productIds);
  const described = await describeImages(db, storage, rows.map((r) => r.url));
  const byId = new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        slug: r.slug,
        name: r.name,
        brand: r.brand,
        /** False when buyers may no longer see it ("No longer available"). */
        available: Boolean(r.is_public),
        price: unitPrice(r),
        currency: r.currency,
        stock: r.stock_amount,
        hasOptions: hasOptions(r),
        thumbUrl: r.thumb_url === null ? null : described.urlOf(r.thumb_url),
        image: toResponsiveImage(described, r.url),
        shop: { id: r.shop_id, name: r.shop_name, slug: r.shop_slug },
      },
    ]),
  );
  return productIds.flatMap((id) => byId.get(id) ?? []);
}

/** An account's /saved: each product now, with the price and time it was saved at. */
export async function savedList(db: DB, storage: Images, userId: number) {
  const saved = await repo.listSaved(db, userId);
  const views = await productViews(db, storage, saved.map((s) => s.productId));
  const byId = new Map(saved.map((s) => [s.productId, s]));
  return views.map((view) => {
    const entry = byId.get(view.id)!;
    return { ...view, saved: { price: entry.price, currency: entry.currency, savedAt: entry.savedAt } };
  });
}

/**
 * A guest's /saved: the products' state now (the browser keeps what they cost and were called when
 * saved). Anyone may ask about any id, so one buyers may not see answers only that it is not available.
 */
export async function savedPreview(db: DB, storage: Images, productIds: readonly number[]) {
  const views = await productViews(db, storage, [...new Set(productIds)]);
  return views.map((view) => (view.available ? view : { id: view.id, available: false as const }));
}
