import type { DB } from '../db/client';
import { containsText } from '../db/dialect';
import { findReferencedUrls } from '../uploads/uploads.repository';
import type { ProductInput } from '../../shared/schemas/product';

/** The owner's product list: one page, newest first, with the primary image's thumbnail. */
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
      'c.name as category_name',
      eb
        .selectFrom('product_images as i')
        .select('i.thumb_url')
        .whereRef('i.product_id', '=', 'p.id')
        .orderBy('i.is_primary', 'desc')
        .orderBy('i.position')
        .limit(1)
        .as('thumb_url'),
    ])
    .where('p.shop_id', '=', shopId);
  if (options.search) {
    query = query.where(containsText('p.name', options.search));
  }
  return query.orderBy('p.created_at', 'desc').orderBy('p.id', 'desc').limit(options.limit).offset(options.offset).execute();
}

export async function countByShop(db: DB, shopId: number): Promise<number> {
  const row = await db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('shop_id', '=', shopId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

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
    currency: input.currency,
    stock_amount: input.stockAmount,
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
  values: { shopId: number; slug: string; descriptionHtml: string; input: ProductInput; now: Date },
): Promise<number> {
  const row = await db
    .insertInto('products')
    .values({
      ...columns(values.input),
      shop_id: values.shopId,
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
  values: { shopId: number; productId: number; descriptionHtml: string; input: ProductInput; now: Date },
): Promise<boolean> {
  const result = await db
    .updateTable('products')
    .set({ ...columns(values.input), description_html: values.descriptionHtml, updated_at: values.now.toISOString() })
    .where('id', '=', values.productId)
    .where('shop_id', '=', values.shopId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
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

export async function setActive(db: DB, shopId: number, productId: number, active: boolean, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('products')
    .set({ is_active: active ? 1 : 0, updated_at: now.toISOString() })
    .where('id', '=', productId)
    .where('shop_id', '=', shopId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteProduct(db: DB, shopId: number, productId: number): Promise<boolean> {
  const result = await db.deleteFrom('products').where('id', '=', productId).where('shop_id', '=', shopId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function slugExists(db: DB, slug: string): Promise<boolean> {
  return (await db.selectFrom('products').select('id').where('slug', '=', slug).executeTakeFirst()) !== undefined;
}

export async function imagesUsedElsewhere(db: DB, urls: readonly string[], productId: number | null): Promise<string[]> {
  return [...(await findReferencedUrls(db, urls, { skipProductId: productId }))];
}

/** Which of these image URLs any record still points at (products, shops, sliders, avatars). */
export async function referencedImages(db: DB, urls: readonly string[]): Promise<Set<string>> {
  return findReferencedUrls(db, urls);
}
