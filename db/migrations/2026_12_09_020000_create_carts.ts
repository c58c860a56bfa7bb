import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file imports nothing from src/ and is never edited after it has shipped.

// One cart on every device (issue 50, product-decisions 7): a signed-in buyer's cart on the server.
// - carts: one row per account, the lock every change of its lines takes first (so two devices writing
//   at once are applied one after the other, each to the lines the other left), its version (one more
//   per change: a device that sees a newer one takes the server's cart), its coupons (JSON
//   [{shopId, code}]: they follow the cart) and when it last changed.
// - cart_lines: its lines, one per product, color and size ('' for none), as the browser's cart keys them.
const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<any>): Promise<void> {
  const int = isPostgres(db) ? 'bigint' : 'integer';
  await db.schema
    .createTable('carts')
    .addColumn('user_id', int, (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('version', int, (c) => c.notNull().defaultTo(0).check(sql`version >= 0`))
    .addColumn('coupons', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('cart_lines')
    .addColumn('user_id', int, (c) => c.notNull().references('carts.user_id').onDelete('cascade'))
    .addColumn('product_id', int, (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('color', 'text', (c) => c.notNull().defaultTo('').check(sql`length(color) <= 64`))
    .addColumn('size', 'text', (c) => c.notNull().defaultTo('').check(sql`length(size) <= 64`))
    .addColumn('quantity', int, (c) => c.notNull().check(sql`quantity between 1 and 999`))
    .addColumn('position', int, (c) => c.notNull())
    .addPrimaryKeyConstraint('cart_lines_pk', ['user_id', 'product_id', 'color', 'size'])
    .execute();
  // Deleting a product finds the lines that hold it.
  await db.schema.createIndex('cart_lines_product_idx').on('cart_lines').column('product_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('cart_lines').execute();
  await db.schema.dropTable('carts').execute();
}
