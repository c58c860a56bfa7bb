import type { Kysely } from 'kysely';

// Frozen in time: this file imports nothing from src/ and is never edited after it has shipped.

// Which widths an upload's copies were made for: the list of widths the server made copies at
// (VARIANT_WIDTHS, comma-separated ascending) when it made this upload's. When that list changes (a
// 160 px copy for avatars and thumbnails joined it here), the server's start-up backfill makes the
// missing copies of every upload whose `variants_for` differs from its own list, keeping the copies it
// has meanwhile. Null means not made for any list yet (variant_widths null: copies never made).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('uploads').addColumn('variants_for', 'text').execute();
  await db.updateTable('uploads').set({ variants_for: '320,480,640,1024' }).where('variant_widths', 'is not', null).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('uploads').dropColumn('variants_for').execute();
}
