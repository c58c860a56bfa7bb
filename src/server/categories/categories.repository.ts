import type { DB } from '../db/client';

export async function listByShop(db: DB, shopId: number) {
  return db.selectFrom('categories').select(['id', 'name', 'slug']).where('shop_id', '=', shopId).orderBy('name').execute();
}

export async function insertCategory(
  db: DB,
  values: { shopId: number; name: string; slug: string; description: string; now: Date },
): Promise<number> {
  const row = await db
    .insertInto('categories')
    .values({ shop_id: values.shopId, name: values.name, slug: values.slug, description: values.description, created_at: values.now.toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function belongsToShop(db: DB, categoryId: number, shopId: number): Promise<boolean> {
  const row = await db.selectFrom('categories').select('id').where('id', '=', categoryId).where('shop_id', '=', shopId).executeTakeFirst();
  return row !== undefined;
}
