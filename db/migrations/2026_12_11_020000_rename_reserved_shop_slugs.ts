import type { Kysely } from 'kysely';

// Frozen in time: this file imports nothing from src/ and is never edited after it has shipped.

// /shop/staff (issue 51) and /shop/billing (issue 48) became the shopkeeper's own screens, so a shop
// whose slug was "staff" or "billing" lost its storefront to them: new shops cannot take these words
// (shared/slug.ts RESERVED_SHOP_SLUGS), and such a shop already there is moved to "{slug}-shop-{id}"
// (with "-2", "-3"... in the unlikely case another shop holds that). Going down leaves the new slugs:
// links to the old one showed the shopkeeper's screen, not the shop.
const WORDS = ['staff', 'billing'];

export async function up(db: Kysely<any>): Promise<void> {
  const shops = await db.selectFrom('shops').select(['id', 'slug']).where('slug', 'in', WORDS).execute();
  for (const shop of shops) {
    let slug = `${shop.slug}-shop-${shop.id}`;
    for (let n = 2; await db.selectFrom('shops').select('id').where('slug', '=', slug).executeTakeFirst(); n += 1) slug = `${shop.slug}-shop-${shop.id}-${n}`;
    await db.updateTable('shops').set({ slug }).where('id', '=', shop.id).execute();
  }
}

export async function down(): Promise<void> {
  // Nothing to undo (above).
}
