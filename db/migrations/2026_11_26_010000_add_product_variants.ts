import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file imports nothing from src/ and is never edited after it has shipped.

// Stock per variant (issue 19, product-decisions 5):
// - products.stock_mode: 'shared' (one stock number, what every existing product keeps and sells
//   with exactly as before) or 'per_variant'.
// - product_variants: one row per color x size of a 'per_variant' product (color '' when the product
//   has sizes only, size '' when it has colors only), with its own stock, an optional price in minor
//   units (null: the product's price) and an optional SKU, unique within the shop. The rows live and
//   die with their product (and shop): foreign keys with cascade, on both engines.
// - products.stock_amount of a 'per_variant' product is the sum of its variants' stock, kept by the
//   triggers below in the statement that changes a variant, whoever writes (checkout, a cancel, the
//   form, the large seed): cards, the Low Stock badge, the dashboard's out-of-stock count and the
//   structured data's availability read the total as they read a shared stock.
// - order_items.variant_label and order_items.sku: the snapshot of the combination as the buyer chose
//   it ('Red / M') and its SKU when set; null on lines of shared-stock products and older orders.
// - On PostgreSQL the table gets the public cache's NOTIFY trigger (2026_11_25_010000's function).
const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  const int = pg ? 'bigint' : 'integer';
  await db.schema
    .alterTable('products')
    .addColumn('stock_mode', 'text', (c) => c.notNull().defaultTo('shared').check(sql`stock_mode in ('shared', 'per_variant')`))
    .execute();
  await db.schema
    .createTable('product_variants')
    .addColumn('id', int, (c) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()))
    .addColumn('product_id', int, (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('shop_id', int, (c) => c.notNull().references('shops.id').onDelete('cascade'))
    .addColumn('color', 'text', (c) => c.notNull().defaultTo('').check(sql`length(color) <= 7`))
    .addColumn('size', 'text', (c) => c.notNull().defaultTo('').check(sql`length(size) <= 64`))
    .addColumn('stock', int, (c) => c.notNull().defaultTo(0).check(sql`stock >= 0`))
    .addColumn('price', int, (c) => c.check(sql`price is null or price >= 0`))
    .addColumn('sku', 'text', (c) => c.check(sql`sku is null or length(sku) between 1 and 64`))
    .addColumn('position', int, (c) => c.notNull())
    .addCheckConstraint('product_variants_option_check', sql`color <> '' or size <> ''`)
    .addUniqueConstraint('product_variants_combination_unique', ['product_id', 'color', 'size'])
    .execute();
  // NULL SKUs never collide (both engines treat NULLs as distinct in a unique index).
  await db.schema.createIndex('product_variants_shop_sku_unique').unique().on('product_variants').columns(['shop_id', 'sku']).execute();

  await db.schema.alterTable('order_items').addColumn('variant_label', 'text').execute();
  await db.schema.alterTable('order_items').addColumn('sku', 'text').execute();

  if (pg) {
    await sql`create function product_variants_stock_change() returns trigger language plpgsql as $$ begin
      if tg_op = 'INSERT' then
        update products set stock_amount = stock_amount + new.stock where id = new.product_id;
      elsif tg_op = 'UPDATE' then
        update products set stock_amount = stock_amount + new.stock - old.stock where id = new.product_id;
      else
        update products set stock_amount = stock_amount - old.stock where id = old.product_id;
      end if;
      return null;
    end $$`.execute(db);
    await sql`create trigger product_variants_stock_insert after insert on product_variants for each row execute function product_variants_stock_change()`.execute(db);
    await sql`create trigger product_variants_stock_update after update of stock on product_variants for each row when (new.stock <> old.stock) execute function product_variants_stock_change()`.execute(db);
    await sql`create trigger product_variants_stock_delete after delete on product_variants for each row execute function product_variants_stock_change()`.execute(db);
    await sql`create trigger product_variants_public_data_changed after insert or update or delete or truncate on product_variants for each statement execute function public_data_changed()`.execute(db);
  } else {
    await sql`create trigger product_variants_stock_insert after insert on product_variants begin
      update products set stock_amount = stock_amount + new.stock where id = new.product_id; end`.execute(db);
    await sql`create trigger product_variants_stock_update after update of stock on product_variants when new.stock <> old.stock begin
      update products set stock_amount = stock_amount + new.stock - old.stock where id = new.product_id; end`.execute(db);
    await sql`create trigger product_variants_stock_delete after delete on product_variants begin
      update products set stock_amount = stock_amount - old.stock where id = old.product_id; end`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('order_items').dropColumn('sku').execute();
  await db.schema.alterTable('order_items').dropColumn('variant_label').execute();
  // The triggers go with their table; the function of PostgreSQL's goes after it.
  await db.schema.dropTable('product_variants').execute();
  if (isPostgres(db)) await sql`drop function product_variants_stock_change()`.execute(db);
  await db.schema.alterTable('products').dropColumn('stock_mode').execute();
}
