import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file imports nothing from src/ and is never edited after it has shipped.

// The announcement bar (issue 47): one row (id 1) that /admin/settings' "Announcement" writes, a text
// in English and Urdu, an optional link and an optional window (Starts, Ends: ISO 8601 instants). No
// row, or an empty text: no bar. Its own table rather than columns of marketplace_settings, whose row
// needs a name and a colour: the announcement is saved on its own, before or without them. On
// PostgreSQL its writes notify the channel the public cache listens to, as marketplace_settings' do.
const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = isPostgres(db);
  await db.schema
    .createTable('marketplace_announcement')
    .addColumn('id', postgres ? 'bigint' : 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('text', 'text', (c) => c.notNull().check(sql`length(text) <= 140`))
    .addColumn('text_ur', 'text', (c) => c.notNull().defaultTo('').check(sql`length(text_ur) <= 140`))
    .addColumn('link', 'text', (c) => c.notNull().defaultTo('').check(sql`length(link) <= 500`))
    .addColumn('starts_at', 'text')
    .addColumn('ends_at', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  if (postgres) {
    await sql`create trigger marketplace_announcement_public_data_changed after insert or update or delete or truncate on marketplace_announcement
      for each statement execute function public_data_changed()`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('marketplace_announcement').execute();
}
