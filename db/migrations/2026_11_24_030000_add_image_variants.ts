import type { Kysely } from 'kysely';

// Frozen in time: this file imports nothing from src/ and is never edited after it has shipped.

// Each upload is also stored as narrower WebP copies (`<name>-<width>w.webp` beside the original)
// for `srcset`. `variant_widths` lists their widths, comma-separated ascending ('' when the image is
// too narrow for any); null means not made yet: the server makes them at start-up from the stored
// original. The upload's intrinsic width and height were already recorded.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('uploads').addColumn('variant_widths', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('uploads').dropColumn('variant_widths').execute();
}
