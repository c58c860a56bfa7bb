import type { DB } from '../db/client';
import { containsText } from '../db/dialect';

/** Moderation reads and writes over every shop and product (users are the users domain's). */

// ---- counts ----

/** Rows of whole tables, from the counts the database keeps (see schema.ts `row_counts`). */
export async function tableCounts(db: DB): Promise<{ shops: number; products: number; profiles: number }> {
  const rows = await db.selectFrom('row_counts').select(['table_name', 'row_count']).where('table_name', 'in', ['shops', 'products', 'profiles']).execute();
  const count = (table: string) => rows.find((r) => r.table_name === table)?.row_count ?? 0;
  return { shops: count('shops'), products: count('products'), profiles: count('profiles') };
}

// ---- shops ----

function shopsQuery(db: DB, search: string) {
  let query = db.selectFrom('shops');
  if (search) query = query.where((eb) => eb.or([containsText('shops.name', search), containsText('shops.slug', search), containsText('shops.description', search)]));
  return query;
}

/** Shops matching a search, newest first; reads `limit + 1` rows (see offsetPage). */
export async function listShops(db: DB, search: string, offset: number, limit: number) {
  return shopsQuery(db, search)
    .innerJoin('users', 'users.id', 'shops.owner_id')
    .select((eb) => [
      'shops.id',
      'shops.name',
      'shops.slug',
      'shops.description',
      'shops.logo_url',
      'shops.profile_picture_url',
      'shops.cover_image_url',
      'shops.taken_down_at',
      'shops.commission_rate_bps',
      'users.email as owner_email',
      eb
        .selectFrom('products')
        .select((p) => p.fn.countAll<number>().as('n'))
        .whereRef('products.shop_id', '=', 'shops.id')
        .as('product_count'),
    ])
    .orderBy('shops.created_at', 'desc')
    .orderBy('shops.id', 'desc')
    .limit(limit + 1)
    .offset(offset)
    .execute();
}

export async function countShops(db: DB, search: string): Promise<number> {
  const row = await shopsQuery(db, search).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** An admin's takedown, or its end; the owner's own switch (`is_active`) is left as it is. */
/** A shop's name and takedown, as the activity log names them. */
export async function findShopState(db: DB, id: number) {
  return db.selectFrom('shops').select(['name', 'taken_down_at']).where('id', '=', id).executeTakeFirst();
}

export async function setShopTakedown(db: DB, id: number, takenDown: boolean, now: Date): Promise<boolean> {
  const r = await db
    .updateTable('shops')
    .set({ taken_down_at: takenDown ? now.toISOString() : null, updated_at: now.toISOString() })
    .where('id', '=', id)
    .executeTakeFirst();
  return r.numUpdatedRows > 0n;
}

/** Every uploaded file a shop references: its pictures and its products' images. */
export async function shopUploadUrls(db: DB, shopId: number): Promise<string[] | null> {
  const shop = await db
    .selectFrom('shops')
    .select(['logo_url', 'profile_picture_url', 'cover_image_url'])
    .where('id', '=', shopId)
    .executeTakeFirst();
  if (!shop) return null;
  const images = await db
    .selectFrom('product_images')
    .innerJoin('products', 'products.id', 'product_images.product_id')
    .select(['product_images.url', 'product_images.thumb_url'])
    .where('products.shop_id', '=', shopId)
    .execute();
  const categories = await db.selectFrom('categories').select('icon_url').where('shop_id', '=', shopId).execute();
  return [
    shop.logo_url,
    shop.profile_picture_url,
    shop.cover_image_url,
    ...images.flatMap((i) => [i.url, i.thumb_url]),
    ...categories.map((c) => c.icon_url),
  ].filter((u): u is string => typeof u === 'string' && u.length > 0);
}

export async function deleteShop(db: DB, id: number): Promise<boolean> {
  const r = await db.deleteFrom('shops').where('id', '=', id).executeTakeFirst();
  return r.numDeletedRows > 0n;
}

// ---- products ----

function productsQuery(db: DB, search: string) {
  let query = db.selectFrom('products').innerJoin('shops', 'shops.id', 'products.shop_id');
  if (search) query = query.where((eb) => eb.or([containsText('products.name', search), containsText('products.brand', search), containsText('shops.name', search)]));
  return query;
}

/** Products of every shop matching a search, newest first; reads `limit + 1` rows (see offsetPage). */
export async function listProducts(db: DB, search: string, offset: number, limit: number) {
  return productsQuery(db, search)
    .select((eb) => [
      'products.id',
      'products.name',
      'products.slug',
      'products.is_active',
      'products.taken_down_at',
      'products.selling_price',
      'products.currency',
      'products.stock_amount',
      'shops.name as shop_name',
      'shops.is_active as shop_active',
      'shops.taken_down_at as shop_taken_down_at',
      eb
        .selectFrom('product_images')
        .select('product_images.thumb_url')
        .whereRef('product_images.product_id', '=', 'products.id')
        .orderBy('product_images.is_primary', 'desc')
        .orderBy('product_images.position', 'asc')
        .limit(1)
        .as('image_url'),
    ])
    .orderBy('products.created_at', 'desc')
    .orderBy('products.id', 'desc')
    .limit(limit + 1)
    .offset(offset)
    .execute();
}

export async function countProducts(db: DB, search: string): Promise<number> {
  const row = await productsQuery(db, search).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** An admin's takedown, or its end; the owner's own switch (`is_active`) is left as it is. */
/** A product's name, shop and takedown, as the activity log names them. */
export async function findProductState(db: DB, id: number) {
  return db.selectFrom('products').select(['name', 'shop_id', 'taken_down_at']).where('id', '=', id).executeTakeFirst();
}

export async function setProductTakedown(db: DB, id: number, takenDown: boolean, now: Date): Promise<boolean> {
  const r = await db
    .updateTable('products')
    .set({ taken_down_at: takenDown ? now.toISOString() : null, updated_at: now.toISOString() })
    .where('id', '=', id)
    .executeTakeFirst();
  return r.numUpdatedRows > 0n;
}

export async function deleteProduct(db: DB, id: number): Promise<boolean> {
  const r = await db.deleteFrom('products').where('id', '=', id).executeTakeFirst();
  return r.numDeletedRows > 0n;
}
