import { sql } from 'kysely';
import type { ProductInput } from '../../shared/schemas/product';
import type { DB } from '../db/client';
import { compiledOnce } from '../db/compiled-once';
import { containsText, scaledInteger } from '../db/dialect';
import { primaryImage } from '../db/product-image';
import { productIsPublic } from '../catalog/visibility';

/** The owner's product list: newest first, with the primary image's thumbnail; one row more than asked. */
export async function listByShop(db: DB, shopId: number, options: { limit: number; offset: number; search?: string }) {
  let query = db
    .selectFrom('products as p')
    .leftJoin('categories as c', 'c.id', 'p.category_id')
    .select((eb) => [
      'p.id',
      'p.name',
      'p.slug',
      'p.brand',
      'p.selling_price',
      'p.currency',
      'p.stock_amount',
      'p.unit',
      'p.discount_type',
      'p.discount_value',
      'p.is_active',
      'p.taken_down_at',
      'c.name as category_name',
      'p.stock_mode',
      primaryImage(eb, 'thumb_url'),
      eb.selectFrom('product_variants as v').select((v) => v.fn.countAll<number>().as('n')).whereRef('v.product_id', '=', 'p.id').as('variant_count'),
      eb.selectFrom('product_variants as v').select((v) => v.fn.min<number>('v.stock').as('n')).whereRef('v.product_id', '=', 'p.id').as('lowest_variant_stock'),
    ])
    .where('p.shop_id', '=', shopId);
  if (options.search) {
    query = query.where(containsText('p.name', options.search));
  }
  return query.orderBy('p.created_at', 'desc').orderBy('p.id', 'desc').limit(options.limit + 1).offset(options.offset).execute();
}

export async function countByShop(db: DB, shopId: number): Promise<number> {
  const row = await db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('shop_id', '=', shopId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Products with their shop, whatever their state, and whether buyers may see them (`is_public`). */
/** The cart's products with their shops (checkout, the cart's lines): compiled once per number of products. */
export async function findWithShop(db: DB, productIds: readonly number[]) {
  if (productIds.length === 0) return [];
  return (await withShopQuery(db, [...productIds])).rows;
}

const withShopQuery = compiledOnce((db: DB, productIds: number[]) =>
  db
    .selectFrom('products as p')
    .innerJoin('shops as s', 's.id', 'p.shop_id')
    .where('p.id', 'in', productIds)
    .select([
      'p.id',
      'p.slug',
      'p.name',
      'p.selling_price',
      'p.currency',
      'p.discount_type',
      'p.discount_value',
      'p.stock_amount',
      'p.stock_mode',
      'p.colors',
      'p.sizes',
      's.id as shop_id',
      's.name as shop_name',
      's.whatsapp_number as shop_whatsapp',
      's.tax_rate_bps',
      's.returns_policy as shop_returns_policy',
      's.delivery_time as shop_delivery_time',
      's.commission_rate_bps as shop_commission_rate_bps',
    ])
    .select((eb) => [primaryImage(eb, 'thumb_url'), productIsPublic(eb).as('is_public')]),
);

/** A product of the given shop only; another shop's id reads as missing. */
export async function findOwned(db: DB, shopId: number, productId: number) {
  return db.selectFrom('products').selectAll().where('id', '=', productId).where('shop_id', '=', shopId).executeTakeFirst();
}

export async function listImages(db: DB, productId: number) {
  return db
    .selectFrom('product_images')
    .select(['url', 'thumb_url', 'position', 'is_primary'])
    .where('product_id', '=', productId)
    .orderBy('position')
    .execute();
}

function columns(input: ProductInput) {
  return {
    category_id: input.categoryId,
    name: input.name,
    brand: input.brand,
    selling_price: input.sellingPrice,
    purchase_price: input.purchasePrice,
    // A per_variant product's stock is its variants' sum, kept by triggers as they are inserted.
    stock_amount: input.stockMode === 'per_variant' ? 0 : input.stockAmount,
    stock_mode: input.stockMode,
    unit: input.unit,
    colors: JSON.stringify(input.colors),
    sizes: JSON.stringify(input.sizes),
    custom_fields: JSON.stringify(input.customFields),
    manufacturing_date: input.manufacturingDate,
    expiry_date: input.expiryDate,
    discount_type: input.discountType,
    discount_value: input.discountValue,
  };
}

export async function insertProduct(
  db: DB,
  values: { shopId: number; currency: string; slug: string; descriptionHtml: string; input: ProductInput; now: Date },
): Promise<number> {
  const row = await db
    .insertInto('products')
    .values({
      ...columns(values.input),
      shop_id: values.shopId,
      currency: values.currency,
      slug: values.slug,
      description_html: values.descriptionHtml,
      created_at: values.now.toISOString(),
      updated_at: values.now.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateProduct(
  db: DB,
  values: { shopId: number; currency: string; productId: number; descriptionHtml: string; input: ProductInput; now: Date },
): Promise<boolean> {
  const result = await db
    .updateTable('products')
    .set({ ...columns(values.input), currency: values.currency, description_html: values.descriptionHtml, updated_at: values.now.toISOString() })
    .where('id', '=', values.productId)
    .where('shop_id', '=', values.shopId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The variants of `productIds`, in each product's grid order. */
export async function listVariants(db: DB, productIds: readonly number[]) {
  if (productIds.length === 0) return [];
  return db
    .selectFrom('product_variants')
    .select(['product_id', 'color', 'size', 'stock', 'price', 'sku'])
    .where('product_id', 'in', productIds)
    .orderBy('product_id')
    .orderBy('position')
    .execute();
}

/** Removes a product's variants (the triggers take their stock off the product's total). */
export async function deleteVariants(db: DB, productId: number): Promise<void> {
  await db.deleteFrom('product_variants').where('product_id', '=', productId).execute();
}

/** Inserts a product's variants in grid order ('' for the option it does not have). */
export async function insertVariants(
  db: DB,
  product: { id: number; shopId: number },
  variants: ReadonlyArray<{ color: string | null; size: string | null; stock: number; price: number | null; sku: string | null }>,
): Promise<void> {
  if (variants.length === 0) return;
  await db
    .insertInto('product_variants')
    .values(
      variants.map((v, position) => ({
        product_id: product.id,
        shop_id: product.shopId,
        color: v.color ?? '',
        size: v.size ?? '',
        stock: v.stock,
        price: v.price,
        sku: v.sku,
        position,
      })),
    )
    .execute();
}

/** The SKUs among `skus` that another product of the shop already uses. */
export async function skusTakenInShop(db: DB, shopId: number, productId: number | null, skus: readonly string[]): Promise<string[]> {
  if (skus.length === 0) return [];
  let query = db.selectFrom('product_variants').select('sku').where('shop_id', '=', shopId).where('sku', 'in', skus);
  if (productId !== null) query = query.where('product_id', '<>', productId);
  return (await query.execute()).map((r) => r.sku ?? '');
}

export async function replaceImages(
  db: DB,
  productId: number,
  images: Array<{ url: string; thumbUrl: string; position: number; isPrimary: boolean }>,
): Promise<void> {
  await db.deleteFrom('product_images').where('product_id', '=', productId).execute();
  if (images.length === 0) return;
  await db
    .insertInto('product_images')
    .values(
      images.map((i) => ({ product_id: productId, url: i.url, thumb_url: i.thumbUrl, position: i.position, is_primary: i.isPrimary ? 1 : 0 })),
    )
    .execute();
}

/** The owner's switch only (an admin's takedown is `taken_down_at`); undefined when not the shop's product. */
export async function setActive(db: DB, shopId: number, productId: number, active: boolean, now: Date) {
  return db
    .updateTable('products')
    .set({ is_active: active ? 1 : 0, updated_at: now.toISOString() })
    .where('id', '=', productId)
    .where('shop_id', '=', shopId)
    .returning('taken_down_at')
    .executeTakeFirst();
}

export async function deleteProduct(db: DB, shopId: number, productId: number): Promise<boolean> {
  const result = await db.deleteFrom('products').where('id', '=', productId).where('shop_id', '=', shopId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function slugExists(db: DB, slug: string): Promise<boolean> {
  return (await db.selectFrom('products').select('id').where('slug', '=', slug).executeTakeFirst()) !== undefined;
}

/** The currencies a shop's products are priced in (one, once they follow the shop). */
export async function listShopCurrencies(db: DB, shopId: number): Promise<string[]> {
  const rows = await db.selectFrom('products').select('currency').distinct().where('shop_id', '=', shopId).execute();
  return rows.map((r) => r.currency);
}

/** The highest selling or purchase price among a shop's products in one currency (0 when none). */
export async function highestShopPrice(db: DB, shopId: number, currency: string): Promise<number> {
  const row = await db
    .selectFrom('products')
    .select((eb) => [eb.fn.max('selling_price').as('selling'), eb.fn.max('purchase_price').as('purchase')])
    .where('shop_id', '=', shopId)
    .where('currency', '=', currency)
    .executeTakeFirst();
  const variant = await db
    .selectFrom('product_variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select((eb) => eb.fn.max('v.price').as('price'))
    .where('p.shop_id', '=', shopId)
    .where('p.currency', '=', currency)
    .executeTakeFirst();
  return Math.max(Number(row?.selling ?? 0), Number(row?.purchase ?? 0), Number(variant?.price ?? 0));
}

/**
 * Moves a shop's products priced in `from` to `to`, multiplying every amount by `factor` (a power of
 * ten: the change in minor digits) so the amounts people typed stay the same.
 */
export async function changeCurrency(db: DB, shopId: number, change: { from: string; to: string; factor: number }, now: Date): Promise<void> {
  const scaled = (column: 'selling_price' | 'purchase_price') => scaledInteger(db, column, change.factor);
  await db
    .updateTable('products')
    .set({
      currency: change.to,
      selling_price: scaled('selling_price'),
      purchase_price: scaled('purchase_price'),
      discount_value: sql<number>`case when discount_type = 'fixed' then ${scaledInteger(db, 'discount_value', change.factor)} else discount_value end`,
      updated_at: now.toISOString(),
    })
    .where('shop_id', '=', shopId)
    .where('currency', '=', change.from)
    .execute();
}

/** The variant prices of a shop's products in `from`, scaled as changeCurrency scales theirs: call it first. */
export async function changeVariantPricesCurrency(db: DB, shopId: number, change: { from: string; factor: number }): Promise<void> {
  await db
    .updateTable('product_variants')
    .set({ price: scaledInteger(db, 'price', change.factor) })
    .where('shop_id', '=', shopId)
    .where('price', 'is not', null)
    .where('product_id', 'in', (eb) => eb.selectFrom('products').select('id').where('shop_id', '=', shopId).where('currency', '=', change.from))
    .execute();
}

/** A shop's products whose slugs are among `slugs`, every column (the import compares and updates them). */
export async function findBySlugsInShop(db: DB, shopId: number, slugs: readonly string[]) {
  if (slugs.length === 0) return [];
  return db.selectFrom('products').selectAll().where('shop_id', '=', shopId).where('slug', 'in', slugs).execute();
}

/** Which of `slugs` another shop's products use (slugs are unique across the marketplace). */
export async function slugsOfOtherShops(db: DB, shopId: number, slugs: readonly string[]): Promise<string[]> {
  if (slugs.length === 0) return [];
  const rows = await db.selectFrom('products').select('slug').where('shop_id', '<>', shopId).where('slug', 'in', slugs).execute();
  return rows.map((r) => r.slug);
}

/** The images of several products, each product's in its order. */
export async function listImagesOf(db: DB, productIds: readonly number[]) {
  if (productIds.length === 0) return [];
  return db
    .selectFrom('product_images')
    .select(['product_id', 'url', 'thumb_url', 'position', 'is_primary'])
    .where('product_id', 'in', productIds)
    .orderBy('product_id')
    .orderBy('position')
    .execute();
}

/** One page of a shop's products for the export, by id after `afterId`, with their category's name. */
export async function exportPage(db: DB, shopId: number, afterId: number, limit: number) {
  return db
    .selectFrom('products as p')
    .leftJoin('categories as c', 'c.id', 'p.category_id')
    .select([
      'p.id',
      'p.slug',
      'p.name',
      'p.brand',
      'p.description_html',
      'p.selling_price',
      'p.purchase_price',
      'p.currency',
      'p.discount_type',
      'p.discount_value',
      'p.unit',
      'p.stock_amount',
      'p.stock_mode',
      'p.colors',
      'p.sizes',
      'p.is_active',
      'c.name as category_name',
    ])
    .where('p.shop_id', '=', shopId)
    .where('p.id', '>', afterId)
    .orderBy('p.id')
    .limit(limit)
    .execute();
}
