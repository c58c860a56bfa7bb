import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file imports nothing from src/ and is never edited after it has shipped.

// The marketplace's own identity (issue 47, product-decisions 7): one row (id 1) holding what the
// operator set at /admin/settings. No row, or a null column, means the first value: "Marketplace", the
// SUPPORT_WHATSAPP variable, the default colour. The row is written by the first save (an upsert), so
// a new database holds none, and migrate-data's empty target stays empty.
// Every page, manifest, email and text reads it; on PostgreSQL its writes notify the channel the public
// cache listens to (migration 2026_11_25_010000's function), so every instance forgets pages showing
// the old name at once.
const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('marketplace_settings')
    // bigint on PostgreSQL, as every integer column there (postgres-schema.test.ts compares the two).
    .addColumn('id', isPostgres(db) ? 'bigint' : 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('name', 'text', (c) => c.notNull().check(sql`length(trim(name)) between 2 and 40`))
    .addColumn('short_name', 'text', (c) => c.notNull().defaultTo('').check(sql`length(short_name) <= 12`))
    .addColumn('tagline', 'text', (c) => c.notNull().defaultTo('').check(sql`length(tagline) <= 80`))
    .addColumn('brand_colour', 'text', (c) => c.notNull().check(sql`length(brand_colour) = 7`))
    .addColumn('support_whatsapp', 'text')
    .addColumn('contact_email', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('country_code', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  if (isPostgres(db)) {
    await sql`create trigger marketplace_settings_public_data_changed after insert or update or delete or truncate on marketplace_settings
      for each statement execute function public_data_changed()`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('marketplace_settings').execute();
}
