import type { Kysely } from 'kysely';

// Frozen in time: this file imports nothing from src/ and is never edited after it has shipped.

// The marketplace's logo (issue 47): the /uploads/ URL of the square logo an admin uploaded at
// /admin/settings (its installed-app icons and favicon are stored beside it, named after it); null: no
// logo, today's icons. The table already notifies every instance on PostgreSQL (2026_12_03_010000).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('marketplace_settings').addColumn('logo_url', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('marketplace_settings').dropColumn('logo_url').execute();
}
