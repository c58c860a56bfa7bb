import { type Kysely, sql } from 'kysely';

// Frozen in time: this file imports nothing from src/ and is never edited after it has shipped.

// Each shop's policies (issue 47): "Returns and exchanges" (plain text, at most 500 characters) and
// "Delivery time" (at most 120), '' while the shop has written none. Every order keeps both as they
// were at checkout (a snapshot, written in the checkout's transaction): orders placed before this
// migration, and orders of a shop without policies, hold ''.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('shops')
    .addColumn('returns_policy', 'text', (c) => c.notNull().defaultTo('').check(sql`length(returns_policy) <= 500`))
    .execute();
  await db.schema
    .alterTable('shops')
    .addColumn('delivery_time', 'text', (c) => c.notNull().defaultTo('').check(sql`length(delivery_time) <= 120`))
    .execute();
  await db.schema.alterTable('orders').addColumn('returns_policy', 'text', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('orders').addColumn('delivery_time', 'text', (c) => c.notNull().defaultTo('')).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('delivery_time').execute();
  await db.schema.alterTable('orders').dropColumn('returns_policy').execute();
  await db.schema.alterTable('shops').dropColumn('delivery_time').execute();
  await db.schema.alterTable('shops').dropColumn('returns_policy').execute();
}
