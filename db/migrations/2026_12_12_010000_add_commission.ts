import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file imports nothing from src/ and is never edited after it has shipped.

// Commission on delivered orders (issue 48 parts 4 and 5, product-decisions 7). Rates are basis points
// (10.5% = 1050), at most 50%.
// - billing_settings.commission_rate_bps: the marketplace's rate, 0 (off) by default.
// - shops.commission_rate_bps: the shop's custom rate; null means the marketplace's.
// - orders.commission_rate_bps, commission_base, commission: frozen at checkout (0 for every order
//   placed before: they owe nothing).
// - commission_entries: one row per delivered order that carries commission; the unique key on
//   order_id is what makes it owed once however often the status is set.
// - commission_payments: what an admin recorded as paid, in the shop's currency.
// - commission_balances: per shop and currency, owed and paid; "paid <= owed" is a constraint, and a
//   payment is a conditional update of this one row, so no two payments can take it below zero.
// On PostgreSQL the new tables notify every instance's caches (migration 2026_11_25_010000's function).
const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

const TABLES = ['commission_entries', 'commission_payments', 'commission_balances'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = isPostgres(db);
  const id = postgres ? 'bigserial' : 'integer';
  const int = postgres ? 'bigint' : 'integer';
  await db.schema
    .alterTable('billing_settings')
    .addColumn('commission_rate_bps', int, (c) => c.notNull().defaultTo(0).check(sql`commission_rate_bps between 0 and 5000`))
    .execute();
  await db.schema
    .alterTable('shops')
    .addColumn('commission_rate_bps', int, (c) => c.check(sql`commission_rate_bps is null or commission_rate_bps between 0 and 5000`))
    .execute();
  for (const column of ['commission_rate_bps', 'commission_base', 'commission']) {
    await db.schema.alterTable('orders').addColumn(column, int, (c) => c.notNull().defaultTo(0)).execute();
  }
  await db.schema
    .createTable('commission_entries')
    .addColumn('id', id, (c) => (postgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
    // No foreign keys: the ledger keeps its snapshot (number, goods, rate) whatever becomes of the order.
    .addColumn('order_id', int, (c) => c.notNull().unique())
    .addColumn('shop_id', int, (c) => c.notNull())
    .addColumn('order_number', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull().check(sql`length(currency) = 3`))
    .addColumn('goods', int, (c) => c.notNull().check(sql`goods >= 0`))
    .addColumn('rate_bps', int, (c) => c.notNull().check(sql`rate_bps between 0 and 5000`))
    .addColumn('amount', int, (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('commission_entries_shop').on('commission_entries').columns(['shop_id', 'created_at']).execute();
  await db.schema
    .createTable('commission_payments')
    .addColumn('id', id, (c) => (postgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('shop_id', int, (c) => c.notNull())
    .addColumn('shop_name', 'text', (c) => c.notNull())
    .addColumn('amount', int, (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('currency', 'text', (c) => c.notNull().check(sql`length(currency) = 3`))
    .addColumn('paid_on', 'text', (c) => c.notNull().check(sql`length(paid_on) = 10`))
    .addColumn('reference', 'text', (c) => c.notNull().defaultTo('').check(sql`length(reference) <= 60`))
    .addColumn('recorded_by', int, (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('commission_payments_shop').on('commission_payments').columns(['shop_id', 'created_at']).execute();
  await db.schema
    .createTable('commission_balances')
    .addColumn('shop_id', int, (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull().check(sql`length(currency) = 3`))
    .addColumn('owed', int, (c) => c.notNull().defaultTo(0))
    .addColumn('paid', int, (c) => c.notNull().defaultTo(0))
    .addColumn('delivered_orders', int, (c) => c.notNull().defaultTo(0))
    .addColumn('last_paid_on', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('commission_balances_pk', ['shop_id', 'currency'])
    .addCheckConstraint('commission_balances_not_below_zero', sql`paid >= 0 and paid <= owed`)
    .execute();
  if (postgres) {
    for (const table of TABLES) {
      await sql.raw(`create trigger ${table}_public_data_changed after insert or update or delete or truncate on ${table} for each statement execute function public_data_changed()`).execute(db);
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [...TABLES].reverse()) await db.schema.dropTable(table).execute();
  for (const column of ['commission', 'commission_base', 'commission_rate_bps']) {
    await db.schema.alterTable('orders').dropColumn(column).execute();
  }
  await db.schema.alterTable('shops').dropColumn('commission_rate_bps').execute();
  await db.schema.alterTable('billing_settings').dropColumn('commission_rate_bps').execute();
}
