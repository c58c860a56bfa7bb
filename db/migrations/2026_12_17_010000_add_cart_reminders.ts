import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file imports nothing from src/ and is never edited after it has shipped.

// A reminder for a forgotten cart (issue 50 part 5, product-decisions 7):
// - carts.language: the language the cart was last written in (accounts have none): the reminder's.
// - carts.reminded: the fingerprint of the lines (product, color, size, quantity) the last reminder was
//   sent for; the housekeeping job writes it conditionally (only when it differs), so one reminder per
//   contents, however many instances run the job at once.
// - profiles.cart_reminders: /settings "Cart reminders" and the email's stop link (on by default).
const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<any>): Promise<void> {
  const int = isPostgres(db) ? 'bigint' : 'integer';
  await db.schema
    .alterTable('carts')
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('en').check(sql`language in ('en', 'ur')`))
    .execute();
  await db.schema.alterTable('carts').addColumn('reminded', 'text').execute();
  await db.schema
    .alterTable('profiles')
    .addColumn('cart_reminders', int, (c) => c.notNull().defaultTo(1).check(sql`cart_reminders in (0, 1)`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('profiles').dropColumn('cart_reminders').execute();
  await db.schema.alterTable('carts').dropColumn('reminded').execute();
  await db.schema.alterTable('carts').dropColumn('language').execute();
}
