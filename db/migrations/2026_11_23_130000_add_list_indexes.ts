import type { Kysely } from 'kysely';

// Frozen in time: this file imports nothing from src/ and is never edited after it has shipped.

// Indexes that match each list's filter and its order (issue 11), so that a page of a list reads its
// rows in order from an index instead of sorting every match in a temporary B-tree. Lists order by
// `created_at desc, id desc`: `id` is the rowid, which SQLite keeps at the end of every index, so an
// index ending in `created_at` serves both. src/server/db/query-plans.test.ts checks each plan.
const indexes: { name: string; table: string; columns: string[] }[] = [
  // A product card's picture: the primary image, else the first by position (product-image.ts).
  { name: 'product_images_primary_idx', table: 'product_images', columns: ['product_id', 'is_primary desc', 'position'] },
  // A storefront and a shop filter on browse: one shop's listed products, newest first.
  { name: 'products_shop_active_created_idx', table: 'products', columns: ['shop_id', 'is_active', 'created_at'] },
  // A storefront's category tab.
  { name: 'products_category_active_created_idx', table: 'products', columns: ['category_id', 'is_active', 'created_at'] },
  // The admin's product list (every product, hidden ones too).
  { name: 'products_created_idx', table: 'products', columns: ['created_at'] },
  { name: 'product_reviews_product_created_idx', table: 'product_reviews', columns: ['product_id', 'created_at'] },
  { name: 'shop_reviews_shop_created_idx', table: 'shop_reviews', columns: ['shop_id', 'created_at'] },
  // A shop's orders filtered by status.
  { name: 'orders_shop_status_created_idx', table: 'orders', columns: ['shop_id', 'status', 'created_at'] },
  { name: 'categories_shop_name_idx', table: 'categories', columns: ['shop_id', 'name'] },
  // The shop filter's options on browse, by name.
  { name: 'shops_active_name_idx', table: 'shops', columns: ['is_active', 'name'] },
  { name: 'shops_created_idx', table: 'shops', columns: ['created_at'] },
  { name: 'users_created_idx', table: 'users', columns: ['created_at'] },
  { name: 'sliders_order_idx', table: 'sliders', columns: ['display_order'] },
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const index of indexes) await db.schema.createIndex(index.name).on(index.table).columns(index.columns).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const index of indexes.toReversed()) await db.schema.dropIndex(index.name).execute();
}
