import type { DB } from '../db/client';

/** What a link preview shows: only active products of active shops, and active shops. */
export async function findProductForShare(db: DB, slug: string) {
  return db
    .selectFrom('products as p')
    .innerJoin('shops as s', 's.id', 'p.shop_id')
    .where('p.slug', '=', slug)
    .where('p.is_active', '=', 1)
    .where('s.is_active', '=', 1)
    .select(['p.name', 'p.description_html', 's.name as shop_name'])
    .select((eb) =>
      eb
        .selectFrom('product_images as pi')
        .select('pi.url')
        .whereRef('pi.product_id', '=', 'p.id')
        .orderBy('pi.is_primary', 'desc')
        .orderBy('pi.position')
        .limit(1)
        .as('image_url'),
    )
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
