import type { DB } from '../db/client';
import { primaryImage } from '../db/product-image';

/** What a link preview shows: only active products of active shops, and active shops. */
export async function findProductForShare(db: DB, slug: string) {
  return db
    .selectFrom('products as p')
    .innerJoin('shops as s', 's.id', 'p.shop_id')
    .where('p.slug', '=', slug)
    .where('p.is_active', '=', 1)
    .where('s.is_active', '=', 1)
    .select(['p.name', 'p.description_html', 's.name as shop_name'])
    .select((eb) => primaryImage(eb, 'url'))
    .executeTakeFirst();
}

export async function findShopForShare(db: DB, slug: string) {
  return db
    .selectFrom('shops')
    .where('slug', '=', slug)
    .where('is_active', '=', 1)
    .select(['name', 'description', 'cover_image_url', 'logo_url', 'profile_picture_url'])
    .executeTakeFirst();
}
