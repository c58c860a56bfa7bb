import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file imports nothing from src/ and is never edited after it has shipped.

// Suspended accounts (issue 49, product-decisions 7): the account cannot sign in and its sessions end;
// its shop is hidden as a taken-down one is (`shops.owner_suspended_at`, read by the visibility rule);
// its reviews are hidden (`hidden_at`, so the rating triggers take them out of the averages), marked
// `hidden_by_suspension` so that unsuspending shows again exactly those.
const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('suspended_at', 'text').execute();
  await db.schema
    .alterTable('users')
    .addColumn('suspension_reason', 'text', (c) => c.check(sql`length(suspension_reason) <= 500`))
    .execute();
  await db.schema.alterTable('shops').addColumn('owner_suspended_at', 'text').execute();
  for (const table of ['product_reviews', 'shop_reviews']) {
    await db.schema.alterTable(table).addColumn('hidden_by_suspension', isPostgres(db) ? 'bigint' : 'integer', (c) => c.notNull().defaultTo(0)).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['shop_reviews', 'product_reviews']) await db.schema.alterTable(table).dropColumn('hidden_by_suspension').execute();
  await db.schema.alterTable('shops').dropColumn('owner_suspended_at').execute();
  await db.schema.alterTable('users').dropColumn('suspension_reason').execute();
  await db.schema.alterTable('users').dropColumn('suspended_at').execute();
}
