import type { DB } from '../db/client';
import { PRODUCT_CARD_COLUMNS, primaryImage } from '../db/product-image';
import { productIsPublic } from '../catalog/visibility';

/** Saved products (issue 50): one row per account and product. */

export interface SavedRow {
  productId: number;
  price: number;
  currency: string;
  savedAt: string;
}

/** An account's saved products, newest first. */
export async function listSaved(db: DB, userId: number): Promise<SavedRow[]> {
  const rows = await db
    .selectFrom('saved_products')
    .select(['product_id', 'saved_price', 'currency', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('product_id', 'desc')
    .execute();
  return rows.map((r) => ({ productId: r.product_id, price: r.saved_price, currency: r.currency, savedAt: r.created_at }));
}

export async function countSaved(db: DB, userId: number): Promise<number> {
  const row = await db.selectFrom('saved_products').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function isSaved(db: DB, userId: number, productId: number): Promise<boolean> {
  return (await db.selectFrom('saved_products').select('product_id').where('user_id', '=', userId).where('product_id', '=', productId).executeTakeFirst()) !== undefined;
}

/** Adds rows; one already there stays as it is (its price and time are the first save's). */
export async function insertSaved(db: DB, userId: number, rows: readonly SavedRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('saved_products')
    .values(rows.map((r) => ({ user_id: userId, product_id: r.productId, saved_price: r.price, currency: r.currency, created_at: r.savedAt })))
    .onConflict((oc) => oc.columns(['user_id', 'product_id']).doNothing())
    .execute();
}

export async function deleteSaved(db: DB, userId: number, productId: number): Promise<void> {
  await db.deleteFrom('saved_products').where('user_id', '=', userId).where('product_id', '=', productId).execute();
}

/** Which of these ids are products at all (whatever their state). */
export async function existingProductIds(db: DB, productIds: readonly number[]): Promise<Set<number>> {
  if (productIds.length === 0) return new Set();
  const rows = await db.selectFrom('products').select('id').where('id', 'in', [...productIds]).execute();
  return new Set(rows.map((r) => r.id));
}

/** The products as /saved shows them now, whatever their state, and whether buyers may see them (`is_public`). */
export async function savedProducts(db: DB, productIds: readonly number[]) {
  if (productIds.length === 0) return [];
  return db
    .selectFrom('products as p')
    .innerJoin('shops as s', 's.id', 'p.shop_id')
    .where('p.id', 'in', [...productIds])
    .select(PRODUCT_CARD_COLUMNS)
    .select((eb) => [primaryImage(eb, 'url'), primaryImage(eb, 'thumb_url'), productIsPublic(eb).as('is_public')])
    .execute();
}
