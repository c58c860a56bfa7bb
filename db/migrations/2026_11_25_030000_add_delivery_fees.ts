import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file imports nothing from src/ and is never edited after it has shipped.

// Delivery fees per shop (issue 18, product-decisions 5), in minor units of the shop's currency:
// - shops.delivery_fee: the flat fee; null while the shop never set a rule (it then charges the
//   marketplace default, DELIVERY_FEE_DEFAULT); shops.free_delivery_from: the optional threshold.
// - shop_delivery_cities: a city's own fee, or no delivery there (fee null). One row per city as
//   compared (city_key: trimmed, spaces collapsed, lower case), in the order the shopkeeper wrote them.
// - orders.delivery_fee and orders.delivery_basis: the snapshot of what the order was charged and
//   which part of the rule charged it (flat, city, free over the threshold); null for orders placed
//   before delivery fees. orders.total includes the fee from now on, so the totals kept by the
//   triggers of 2026_11_24_040000 (revenue, the dashboard's chart) count it without any change.
// Writing a rule always updates its shops row, whose PostgreSQL trigger (2026_11_25_010000) tells
// every instance to clear its public cache: the city rows need no trigger of their own.
const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<any>): Promise<void> {
  const int = isPostgres(db) ? 'bigint' : 'integer';
  await db.schema
    .alterTable('shops')
    .addColumn('delivery_fee', int, (c) => c.check(sql`delivery_fee >= 0`))
    .execute();
  await db.schema
    .alterTable('shops')
    .addColumn('free_delivery_from', int, (c) => c.check(sql`free_delivery_from > 0`))
    .execute();
  await db.schema
    .createTable('shop_delivery_cities')
    .addColumn('shop_id', int, (c) => c.notNull().references('shops.id').onDelete('cascade'))
    .addColumn('city_key', 'text', (c) => c.notNull().check(sql`length(city_key) between 1 and 100`))
    .addColumn('city', 'text', (c) => c.notNull().check(sql`length(city) between 1 and 100`))
    .addColumn('fee', int)
    .addColumn('no_delivery', int, (c) => c.notNull().defaultTo(0).check(sql`no_delivery in (0, 1)`))
    .addColumn('position', int, (c) => c.notNull())
    .addPrimaryKeyConstraint('shop_delivery_cities_pk', ['shop_id', 'city_key'])
    .addCheckConstraint('shop_delivery_cities_fee_check', sql`(no_delivery = 1 and fee is null) or (no_delivery = 0 and fee is not null and fee >= 0)`)
    .execute();
  await db.schema
    .alterTable('orders')
    .addColumn('delivery_fee', int, (c) => c.notNull().defaultTo(0).check(sql`delivery_fee >= 0`))
    .execute();
  await db.schema
    .alterTable('orders')
    .addColumn('delivery_basis', 'text', (c) => c.check(sql`delivery_basis in ('flat', 'city', 'free')`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('delivery_basis').execute();
  await db.schema.alterTable('orders').dropColumn('delivery_fee').execute();
  await db.schema.dropTable('shop_delivery_cities').execute();
  await db.schema.alterTable('shops').dropColumn('free_delivery_from').execute();
  await db.schema.alterTable('shops').dropColumn('delivery_fee').execute();
}
