import { type Kysely, sql } from 'kysely';

// Frozen in time: this file imports nothing from src/ and is never edited after it has shipped.

// An admin's takedown of a shop or product is its own state, which the owner's own active switch
// cannot lift (product-decisions section 4). Until now both shared `is_active`.
// - A shop had no switch of its own: an inactive shop was taken down by an admin, so it becomes a
//   takedown and its own switch is on again.
// - A product's `is_active` was written by its owner and by admins alike; which one switched a
//   product off is not recorded, so an inactive product stays the owner's own choice.
// Also an index on product_images.url: counting a user's unused uploads looks images up by URL.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('shops').addColumn('taken_down_at', 'text').execute();
  await db.schema.alterTable('products').addColumn('taken_down_at', 'text').execute();
  await sql`update shops set taken_down_at = updated_at, is_active = 1 where is_active = 0`.execute(db);
  await db.schema.createIndex('product_images_url_idx').on('product_images').column('url').execute();
}

// Going down, a takedown becomes an inactive row again (the only state the old code knows).
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('product_images_url_idx').ifExists().execute();
  await sql`update shops set is_active = 0 where taken_down_at is not null`.execute(db);
  await sql`update products set is_active = 0 where taken_down_at is not null`.execute(db);
  await db.schema.alterTable('products').dropColumn('taken_down_at').execute();
  await db.schema.alterTable('shops').dropColumn('taken_down_at').execute();
}
