import type { Kysely } from 'kysely';

// Frozen in time: this file imports nothing from src/ and is never edited after it has shipped.

// Forgotten-cart reminders (issue 50 part 5): carts.looked_at is the cart's updated_at when the hourly
// job last looked at it (reminded it, or found its contents already reminded of). The job reads only
// carts changed since (looked_at null or different), so carts reminded long ago never fill a run's
// places and starve the new ones.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('carts').addColumn('looked_at', 'text').execute();
  await db.updateTable('carts').set((eb) => ({ looked_at: eb.ref('updated_at') })).where('reminded', 'is not', null).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('carts').dropColumn('looked_at').execute();
}
