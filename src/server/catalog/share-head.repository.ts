import type { DB } from '../db/client';
import { primaryImage } from '../db/product-image';
import { productIsPublic, shopIsPublic } from './visibility';

/** What a link preview shows: only public products and shops (a preview is for anyone). */
export async function findProductForShare(db: DB, slug: string) {
  return db
    .selectFrom('products as p')
    .innerJoin('shops as s', 's.id', 'p.shop_id')
    .where('p.slug', '=', slug)
    .where(productIsPublic)
    .select(['p.name', 'p.description_html', 's.name as shop_name'])
    .select((eb) => primaryImage(eb, 'url'))
    .executeTakeFirst();
}

export async function findShopForShare(db: DB, slug: string) {
  return db
    .selectFrom('shops as s')
    .where('s.slug', '=', slug)
    .where(shopIsPublic)
    .select(['s.id', 's.name', 's.description', 's.cover_image_url', 's.logo_url', 's.profile_picture_url'])
    .executeTakeFirst();
}

/** The names of these shops, whatever their visibility (the drawn share images' housekeeping). */
export async function listShopNames(db: DB, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db.selectFrom('shops').select(['id', 'name']).where('id', 'in', ids).execute();
}
