import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file imports nothing from src/ and is never edited after it has shipped.

// Saved products (issue 50, product-decisions 7): a signed-in buyer's hearts, at most 500 per account
// (the service counts them in the saving transaction). saved_price and currency are the unit price the
// buyer saw when saving (after the product's discount), so /saved can say "Price dropped from". A row
// goes with its account or its product (cascade); a hidden product stays listed as "No longer available".
const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<any>): Promise<void> {
  const int = isPostgres(db) ? 'bigint' : 'integer';
  await db.schema
    .createTable('saved_products')
    .addColumn('user_id', int, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('product_id', int, (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('saved_price', int, (c) => c.notNull().check(sql`saved_price >= 0`))
    .addColumn('currency', 'text', (c) => c.notNull().check(sql`length(currency) = 3`))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('saved_products_pk', ['user_id', 'product_id'])
    .execute();
  // /saved lists an account's newest first; deleting a product finds its rows.
  await db.schema.createIndex('saved_products_user_created_idx').on('saved_products').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('saved_products_product_idx').on('saved_products').column('product_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('saved_products').execute();
}
