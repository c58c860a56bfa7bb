import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file imports nothing from src/ and is never edited after it has shipped.

// "Notify me when it's back" (issue 50 part 2, product-decisions 7): a buyer's request to be emailed
// once when a sold-out product, or one colour x size of it, has stock again. color and size are '' for
// the option the request does not name (both '' = the product as a whole), as product_variants keeps
// them. email is lower-cased; language is the page's the request came from (the email's). A request
// is pending while it exists: the one email deletes it in the transaction that raised the stock, so
// the unique key is "one pending request per email, product and variant". A request goes with its
// product (cascade); a guest's has no user_id, an account's loses it when the account goes.
// On PostgreSQL the table notifies every instance's caches (migration 2026_11_25_010000's function):
// the shop's product list shows how many wait.
const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = isPostgres(db);
  const int = postgres ? 'bigint' : 'integer';
  await db.schema
    .createTable('back_in_stock_requests')
    .addColumn('id', postgres ? 'bigserial' : 'integer', (c) => (postgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('product_id', int, (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('color', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('size', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('email', 'text', (c) => c.notNull().check(sql`length(email) between 3 and 254`))
    .addColumn('language', 'text', (c) => c.notNull().check(sql`language in ('en', 'ur')`))
    .addColumn('user_id', int, (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('back_in_stock_requests_once', ['product_id', 'color', 'size', 'email'])
    .execute();
  // The stop link removes an address's requests.
  await db.schema.createIndex('back_in_stock_requests_email_idx').on('back_in_stock_requests').column('email').execute();
  if (postgres) {
    await sql
      .raw(
        'create trigger back_in_stock_requests_public_data_changed after insert or update or delete or truncate on back_in_stock_requests for each statement execute function public_data_changed()',
      )
      .execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('back_in_stock_requests').execute();
}
