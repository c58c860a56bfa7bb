import { formatMoney, minorDigits } from '../../shared/money';
import { MAX_PRICE_MINOR } from '../../shared/pricing';
import { type ProductFormInput, type ProductInput, productInputSchema } from '../../shared/schemas/product';
import { PAGE_SIZE } from '../../shared/schemas/pagination';
import { productSlug } from '../../shared/slug';
import { releaseBackInStock, waitingBuyers } from '../back-in-stock/back-in-stock.service';
import { isShopCategory } from '../categories/categories.service';
import type { MailConfig } from '../config';
import type { DB } from '../db/client';
import { inTransaction } from '../db/transaction';
import { badRequest, notFound } from '../errors';
import { offsetPage } from '../pagination';
import { browserUrlOf, type UploadStorage } from '../uploads/storage';
import { referencedUrlsLocked, removeUploads, resolveOwnedImages } from '../uploads/uploads.service';
import { sanitizeDescription } from './product-fields';
import { toProductCard, toProductDetails } from './products.mapper';
import * as repo from './products.repository';

export const PRODUCT_NOT_FOUND = 'Product not found';

/** The shopkeeper at work and their shop; a product's currency is always its shop's. */
interface Owner {
  userId: number;
  shop: { id: number; currency: string };
}

/** The form read in the shop's currency; a refusal carries the first field's message. */
function readForm(form: ProductFormInput, currency: string): ProductInput {
  const parsed = productInputSchema(currency).safeParse(form);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Check the form');
  return parsed.data;
}

/** In the transaction that attaches the images: a concurrent one attaching one of them waits, then is refused. */
async function checkImagesFree(trx: DB, urls: string[], productId: number | null): Promise<void> {
  if ((await referencedUrlsLocked(trx, urls, { skipProductId: productId })).size > 0) {
    throw badRequest('One of the images is already used elsewhere. Please upload it again.');
  }
}

/** A SKU is unique within the shop (the database's unique index is the last word under races). */
async function checkSkusFree(trx: DB, shopId: number, productId: number | null, input: ProductInput): Promise<void> {
  const skus = input.variants.flatMap((v) => (v.sku === null ? [] : [v.sku]));
  const [taken] = await repo.skusTakenInShop(trx, shopId, productId, skus);
  if (taken !== undefined) throw badRequest(`The SKU ${taken} is already used by another product of your shop`);
}

async function checkCategory(db: DB, shopId: number, categoryId: number | null): Promise<void> {
  if (categoryId !== null && !(await isShopCategory(db, categoryId, shopId))) throw badRequest('Choose one of your own categories');
}

/** The owner's product list, newest first, with the shop's product count. */
export async function listShopProducts(db: DB, images: Pick<UploadStorage, 'publicBaseUrl'>, shopId: number, options: { cursor?: number | null; search?: string }) {
  const offset = options.cursor ?? 0;
  const [rows, total] = await Promise.all([
    repo.listByShop(db, shopId, { limit: PAGE_SIZE, offset, search: options.search || undefined }),
    repo.countByShop(db, shopId),
  ]);
  const page = offsetPage(rows, offset, PAGE_SIZE);
  const waiting = await waitingBuyers(db, page.items.map((p) => p.id));
  return {
    total,
    nextCursor: page.nextCursor,
    items: page.items.map((p) => ({
      ...toProductCard(p),
      thumbUrl: p.thumb_url === null ? null : browserUrlOf(images, p.thumb_url),
      unit: p.unit,
      isActive: p.is_active === 1,
      hiddenByAdmin: p.taken_down_at !== null,
      category: p.category_name,
      /** Per variant: how many, and the lowest stock among them (the list warns when one is low). */
      variantCount: p.stock_mode === 'per_variant' ? Number(p.variant_count ?? 0) : 0,
      lowestVariantStock: p.stock_mode === 'per_variant' && p.lowest_variant_stock !== null ? Number(p.lowest_variant_stock) : null,
      /** Buyers waiting to be emailed when it (or one of its variants) is back in stock (issue 50). */
      waiting: waiting.get(p.id) ?? 0,
    })),
  };
}

/** Everything the edit form needs. */
export async function productForEdit(db: DB, shopId: number, productId: number) {
  const p = await repo.findOwned(db, shopId, productId);
  if (!p) throw notFound(PRODUCT_NOT_FOUND);
  const [images, variants] = await Promise.all([repo.listImages(db, p.id), repo.listVariants(db, [p.id])]);
  return {
    ...toProductDetails(p, variants),
    categoryId: p.category_id,
    purchasePrice: p.purchase_price,
    isActive: p.is_active === 1,
    /** An admin took it down: buyers cannot see it whatever its own switch says, until an admin restores it. */
    hiddenByAdmin: p.taken_down_at !== null,
    images: images.map((i) => ({ url: i.url, thumbUrl: i.thumb_url, isPrimary: i.is_primary === 1 })),
  };
}

/** The variants of products (of per_variant ones; others have none), in grid order. */
export async function productVariants(db: DB, productIds: readonly number[]) {
  return repo.listVariants(db, [...new Set(productIds)]);
}

/** A product's images, the primary one first, then in their order. */
export async function productImages(db: DB, productId: number) {
  return (await repo.listImages(db, productId)).sort((a, b) => b.is_primary - a.is_primary);
}

/**
 * Products with their shop and primary thumbnail, whatever their state (unknown ids are absent): the
 * cart check and checkout each judge availability. Checkout passes its transaction as `db`.
 */
export async function productsWithShop(db: DB, productIds: readonly number[]) {
  return repo.findWithShop(db, [...new Set(productIds)]);
}

/** Creates a product with its images in one transaction; images must be the owner's own uploads. */
export async function createProduct(db: DB, owner: Owner, form: ProductFormInput, now: Date): Promise<{ id: number; slug: string }> {
  const input = readForm(form, owner.shop.currency);
  await checkCategory(db, owner.shop.id, input.categoryId);
  const resolved = await resolveOwnedImages(db, owner.userId, input.images.map((i) => i.url));
  let slug = '';
  const id = await inTransaction(db, async (trx) => {
    await checkImagesFree(trx, input.images.map((i) => i.url), null);
    // Two products of one name in the same millisecond (a double click, a seed) get the next free one.
    let stamp = now.getTime();
    while (await repo.slugExists(trx, productSlug(input.name, new Date(stamp)))) stamp += 1;
    slug = productSlug(input.name, new Date(stamp));
    const productId = await repo.insertProduct(trx, {
      shopId: owner.shop.id,
      currency: owner.shop.currency,
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
    await checkSkusFree(trx, owner.shop.id, null, input);
    await repo.insertVariants(trx, { id: productId, shopId: owner.shop.id }, input.variants);
    return productId;
  });
  return { id, slug };
}

/**
 * Saves every field and the image list; images no longer used have their files removed afterwards.
 * Stock back above 0 writes the waiting buyers' emails in the same transaction (`mail`: when set up).
 */
export async function updateProduct(db: DB, storage: UploadStorage, owner: Owner, productId: number, form: ProductFormInput, now: Date, mail: MailConfig | null = null) {
  const input = readForm(form, owner.shop.currency);
  const current = await repo.findOwned(db, owner.shop.id, productId);
  if (!current) throw notFound(PRODUCT_NOT_FOUND);
  await checkCategory(db, owner.shop.id, input.categoryId);
  const before = await repo.listImages(db, productId);
  const attached = new Map(before.map((i) => [i.url, i.thumb_url]));
  const resolved = await resolveOwnedImages(db, owner.userId, input.images.map((i) => i.url), attached);
  await inTransaction(db, async (trx) => {
    await checkImagesFree(trx, input.images.map((i) => i.url), productId);
    await checkSkusFree(trx, owner.shop.id, productId, input);
    // The variants are rewritten from the grid: removed colors and sizes take theirs along, and
    // back to shared the product keeps the stock the form sends (the grid's total, prefilled).
    await repo.deleteVariants(trx, productId);
    const ok = await repo.updateProduct(trx, {
      shopId: owner.shop.id,
      currency: owner.shop.currency,
      productId,
      descriptionHtml: sanitizeDescription(input.descriptionHtml),
      input,
      now,
    });
    if (!ok) throw notFound(PRODUCT_NOT_FOUND);
    await repo.insertVariants(trx, { id: productId, shopId: owner.shop.id }, input.variants);
    await repo.replaceImages(
      trx,
      productId,
      input.images.map((image, index) => ({ ...image, thumbUrl: resolved[index]!.thumbUrl })),
    );
    await releaseBackInStock(trx, mail, [productId], now);
  });
  const kept = new Set(input.images.map((i) => i.url));
  await removeUploads(db, storage, before.filter((i) => !kept.has(i.url)).map((i) => i.url));
  return { id: productId, slug: current.slug };
}

/**
 * The owner's own active/inactive switch. It never lifts an admin's takedown (product-decisions 4):
 * `hiddenByAdmin` tells the owner that buyers still cannot see the product.
 */
export async function setProductActive(db: DB, shopId: number, productId: number, active: boolean, now: Date, mail: MailConfig | null = null) {
  const updated = await inTransaction(db, async (trx) => {
    const row = await repo.setActive(trx, shopId, productId, active, now);
    // Shown again with stock: the buyers who waited while it was hidden are told now.
    if (row && active) await releaseBackInStock(trx, mail, [productId], now);
    return row;
  });
  if (!updated) throw notFound(PRODUCT_NOT_FOUND);
  return { id: productId, active, hiddenByAdmin: updated.taken_down_at !== null };
}

export async function deleteProduct(db: DB, storage: UploadStorage, owner: Owner, productId: number): Promise<{ id: number }> {
  const images = await inTransaction(db, async (trx) => {
    const found = await repo.listImages(trx, productId);
    if (!(await repo.deleteProduct(trx, owner.shop.id, productId))) throw notFound(PRODUCT_NOT_FOUND);
    return found;
  });
  await removeUploads(db, storage, images.map((i) => i.url));
  return { id: productId };
}

/**
 * A shop's products follow its currency (product-decisions section 4). Call it in the transaction
 * that changes the shop's currency. Amounts keep what the shopkeeper typed: 25.00 USD becomes
 * 25 JPY, not 2500.
 */
export async function setShopProductsCurrency(db: DB, shopId: number, currency: string, now: Date): Promise<void> {
  for (const from of await repo.listShopCurrencies(db, shopId)) {
    if (from === currency) continue;
    const factor = 10 ** (minorDigits(currency) - minorDigits(from));
    // Prices stay within the bound that keeps totals exact (pricing.ts), in the new currency too.
    if ((await repo.highestShopPrice(db, shopId, from)) * factor > MAX_PRICE_MINOR) {
      throw badRequest(
        `Some of your prices would be too large in ${currency}: the highest price is ${formatMoney(MAX_PRICE_MINOR, currency)}. Lower them first.`,
      );
    }
    await repo.changeVariantPricesCurrency(db, shopId, { from, factor });
    await repo.changeCurrency(db, shopId, { from, to: currency, factor }, now);
  }
}
