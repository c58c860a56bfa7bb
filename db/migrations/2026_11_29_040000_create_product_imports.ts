import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file imports nothing from src/ and is never edited after it has shipped.

// Catalogue imports (issue 34): one row per import a shop's owner started, so its progress and its
// result survive the tab closing and reach whichever instance the owner's next request lands on.
// status: 'running' (at most one per shop: the partial unique index refuses a second import started
// at the same time), 'done' or 'failed' (message says why, in the app's words). The counts are what
// the preview promised and, once done, what was written; the row goes with its shop.
const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  const int = pg ? 'bigint' : 'integer';
  await db.schema
    .createTable('product_imports')
    .addColumn('id', int, (c) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()))
    .addColumn('shop_id', int, (c) => c.notNull().references('shops.id').onDelete('cascade'))
    .addColumn('file_name', 'text', (c) => c.notNull().check(sql`length(file_name) <= 200`))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('running', 'done', 'failed')`))
    .addColumn('rows_total', int, (c) => c.notNull().check(sql`rows_total >= 0`))
    .addColumn('rows_done', int, (c) => c.notNull().defaultTo(0).check(sql`rows_done >= 0`))
    .addColumn('images_total', int, (c) => c.notNull().check(sql`images_total >= 0`))
    .addColumn('images_done', int, (c) => c.notNull().defaultTo(0).check(sql`images_done >= 0`))
    .addColumn('created_count', int, (c) => c.notNull().check(sql`created_count >= 0`))
    .addColumn('updated_count', int, (c) => c.notNull().check(sql`updated_count >= 0`))
    .addColumn('unchanged_count', int, (c) => c.notNull().check(sql`unchanged_count >= 0`))
    .addColumn('message', 'text')
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('heartbeat_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .addColumn('dismissed_at', 'text')
    .execute();
  await db.schema
    .createIndex('product_imports_one_running')
    .unique()
    .on('product_imports')
    .column('shop_id')
    .where(sql<boolean>`status = 'running'`)
    .execute();
  await db.schema.createIndex('product_imports_shop_idx').on('product_imports').columns(['shop_id', 'id']).execute();
  // The images an import stored, by the SHA-256 of the file it came from: the same file imported
  // again keeps the image already stored rather than storing it twice (an import is idempotent).
  await db.schema
    .createTable('product_import_images')
    .addColumn('shop_id', int, (c) => c.notNull().references('shops.id').onDelete('cascade'))
    .addColumn('sha256', 'text', (c) => c.notNull().check(sql`length(sha256) = 64`))
    .addColumn('url', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('product_import_images_pk', ['shop_id', 'sha256'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('product_import_images').execute();
  await db.schema.dropTable('product_imports').execute();
}
