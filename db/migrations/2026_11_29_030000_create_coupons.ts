import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file imports nothing from src/ and is never edited after it has shipped.

// Shop coupons (issue 32, product-decisions 6):
// - coupons: one shop's codes (code upper case, unique in the shop), a type (percent 1-90, an amount
//   off in minor units of the shop's currency, or free delivery with value 0), an optional minimum
//   order (the shop's goods after product discounts), optional first and last days (YYYY-MM-DD in the
//   marketplace's time zone), an optional limit of uses, once per buyer, the owner's on/off switch,
//   and used_count: the uses counted by checkouts (a conditional update, never read-then-write) and
//   given back by a cancelled order. They go with their shop (cascade).
// - coupon_uses: one row per order that counted a use. A cancel deletes it and gives the use back only
//   when it deleted it, so a use comes back once.
// - coupon_buyers: who used a once-per-buyer coupon: 'u:<account id>', 'e:<email>', 'p:<last 10 digits
//   of the phone>'; the primary key refuses the second use of any of them, atomically.
// - orders.coupon_id, coupon_code, coupon_type, coupon_discount: the snapshot of the order's coupon
//   (the discount taken off the goods in minor units, or the fee a free-delivery coupon waived);
//   coupon_id is kept only while the coupon exists (a used coupon cannot be deleted; a deleted shop's
//   orders keep the snapshot).
const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  const int = pg ? 'bigint' : 'integer';
  await db.schema
    .createTable('coupons')
    .addColumn('id', int, (c) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()))
    .addColumn('shop_id', int, (c) => c.notNull().references('shops.id').onDelete('cascade'))
    .addColumn('code', 'text', (c) => c.notNull().check(sql`length(code) between 3 and 20 and code = upper(code)`))
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('percent', 'amount', 'free_delivery')`))
    .addColumn('value', int, (c) => c.notNull())
    .addColumn('min_order', int, (c) => c.check(sql`min_order is null or min_order > 0`))
    .addColumn('starts_on', 'text', (c) => c.check(sql`starts_on is null or length(starts_on) = 10`))
    .addColumn('ends_on', 'text', (c) => c.check(sql`ends_on is null or length(ends_on) = 10`))
    .addColumn('max_uses', int, (c) => c.check(sql`max_uses is null or max_uses > 0`))
    .addColumn('once_per_buyer', int, (c) => c.notNull().defaultTo(1).check(sql`once_per_buyer in (0, 1)`))
    .addColumn('is_active', int, (c) => c.notNull().defaultTo(1).check(sql`is_active in (0, 1)`))
    .addColumn('used_count', int, (c) => c.notNull().defaultTo(0).check(sql`used_count >= 0`))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('coupons_shop_code_unique', ['shop_id', 'code'])
    .addCheckConstraint(
      'coupons_value_check',
      sql`(type = 'percent' and value between 1 and 90) or (type = 'amount' and value > 0) or (type = 'free_delivery' and value = 0)`,
    )
    .addCheckConstraint('coupons_days_check', sql`starts_on is null or ends_on is null or starts_on <= ends_on`)
    .execute();

  await db.schema
    .alterTable('orders')
    .addColumn('coupon_id', int, (c) => c.references('coupons.id').onDelete('set null'))
    .execute();
  await db.schema.alterTable('orders').addColumn('coupon_code', 'text').execute();
  await db.schema
    .alterTable('orders')
    .addColumn('coupon_type', 'text', (c) => c.check(sql`coupon_type is null or coupon_type in ('percent', 'amount', 'free_delivery')`))
    .execute();
  await db.schema
    .alterTable('orders')
    .addColumn('coupon_discount', int, (c) => c.notNull().defaultTo(0).check(sql`coupon_discount >= 0`))
    .execute();
  // The dashboard's uses per coupon over the last 30 days.
  await db.schema.createIndex('orders_coupon_idx').on('orders').columns(['coupon_id', 'created_at']).where(sql.ref('coupon_id'), 'is not', null).execute();

  await db.schema
    .createTable('coupon_uses')
    .addColumn('order_id', int, (c) => c.primaryKey().references('orders.id').onDelete('cascade'))
    .addColumn('coupon_id', int, (c) => c.notNull().references('coupons.id').onDelete('cascade'))
    .execute();
  await db.schema
    .createTable('coupon_buyers')
    .addColumn('coupon_id', int, (c) => c.notNull().references('coupons.id').onDelete('cascade'))
    .addColumn('buyer_key', 'text', (c) => c.notNull().check(sql`length(buyer_key) between 3 and 300`))
    .addColumn('order_id', int, (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('coupon_buyers_pk', ['coupon_id', 'buyer_key'])
    .execute();
  await db.schema.createIndex('coupon_buyers_order_idx').on('coupon_buyers').column('order_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('coupon_buyers').execute();
  await db.schema.dropTable('coupon_uses').execute();
  await db.schema.dropIndex('orders_coupon_idx').execute();
  await db.schema.alterTable('orders').dropColumn('coupon_discount').execute();
  await db.schema.alterTable('orders').dropColumn('coupon_type').execute();
  await db.schema.alterTable('orders').dropColumn('coupon_code').execute();
  await db.schema.alterTable('orders').dropColumn('coupon_id').execute();
  await db.schema.dropTable('coupons').execute();
}
