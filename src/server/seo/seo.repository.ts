import type { DB } from '../db/client';
import { productIsPublic, shopIsPublic } from '../catalog/visibility';

/** What the sitemaps list: the public products and shops (catalog/visibility.ts), by id so chunks are stable. */

export async function countPublicProducts(db: DB): Promise<number> {
  const row = await db
    .selectFrom('products as p')
    .innerJoin('shops as s', 's.id', 'p.shop_id')
    .where(productIsPublic)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function listPublicProducts(db: DB, offset: number, limit: number) {
  return db
    .selectFrom('products as p')
    .innerJoin('shops as s', 's.id', 'p.shop_id')
    .where(productIsPublic)
    .select(['p.slug', 'p.updated_at'])
    .orderBy('p.id')
    .offset(offset)
    .limit(limit)
    .execute();
}

export async function countPublicShops(db: DB): Promise<number> {
  const row = await db
    .selectFrom('shops as s')
    .where(shopIsPublic)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function listPublicShops(db: DB, offset: number, limit: number) {
  return db.selectFrom('shops as s').where(shopIsPublic).select(['s.slug', 's.updated_at']).orderBy('s.id').offset(offset).limit(limit).execute();
}

/** The published marketplace pages (issue 47), by id; drafts are in no sitemap. */
export async function countPublishedPages(db: DB): Promise<number> {
  const row = await db
    .selectFrom('pages')
    .where('published', '=', 1)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function listPublishedPages(db: DB, offset: number, limit: number) {
  const rows = await db.selectFrom('pages').where('published', '=', 1).select(['address', 'updated_at']).orderBy('id').offset(offset).limit(limit).execute();
  return rows.map((row) => ({ slug: row.address, updated_at: row.updated_at }));
}
