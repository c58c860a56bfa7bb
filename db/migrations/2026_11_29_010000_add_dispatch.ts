import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file imports nothing from src/ and is never edited after it has shipped.

// After dispatch (issue 29, product-decisions 6):
// - orders.status and order_status_events.status may be 'returned' (refused at the door or not
//   collected). SQLite cannot change a CHECK in place: both tables are rebuilt by SQLite's own recipe
//   (https://sqlite.org/lang_altertable.html#otheralter): foreign keys off, a new table from the stored
//   definition with the wider check, rows copied, the old one dropped, the new one renamed, its indexes
//   and triggers (the maintained counts of 2026_11_24_040000) created again from their stored SQL.
//   PostgreSQL swaps the constraint.
// - orders.courier and orders.tracking_number: the shipment, as the shop names it (null until shipped).
// - orders.buyer_language: the language the buyer ordered in ('en' for orders placed before this), for
//   the texts the shop sends the buyer.
// - orders.buyer_phone_key: the buyer's phone as numbers are compared (its last 10 digits), indexed
//   with the shop and status so a card's "this number" counts and a block read only that number's rows.
// - shop_blocked_phones: a shop's block list, one row per compared number, the number as the shop saw it.
const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

const BEFORE = `status in ('pending', 'confirmed', 'shipped', 'delivered', 'cancelled')`;
const AFTER = `status in ('pending', 'confirmed', 'shipped', 'delivered', 'cancelled', 'returned')`;
const STATUS_TABLES = ['orders', 'order_status_events'] as const;

/** SQLite: rebuilds `table` with its status check `from` replaced by `to` (the recipe above). */
async function rebuildSqliteTable(db: Kysely<any>, table: string, from: string, to: string): Promise<void> {
  const { rows: defs } = await sql<{ sql: string }>`select sql from sqlite_schema where type = 'table' and name = ${table}`.execute(db);
  const definition = defs[0]?.sql ?? '';
  const header = new RegExp(`^create table\\s+("?)${table}\\1`, 'i');
  if (!header.test(definition) || !definition.includes(from)) throw new Error(`${table}: unexpected definition, not rebuilt`);
  const rebuilt = definition.replace(header, `create table "${table}__new"`).replace(from, to);
  const { rows: attached } = await sql<{ sql: string }>`select sql from sqlite_schema
    where tbl_name = ${table} and type in ('index', 'trigger') and sql is not null order by type, name`.execute(db);
  const { rows: sequence } = await sql<{ seq: number }>`select seq from sqlite_sequence where name = ${table}`.execute(db);
  await sql.raw(rebuilt).execute(db);
  await sql.raw(`insert into "${table}__new" select * from "${table}"`).execute(db);
  await sql.raw(`drop table "${table}"`).execute(db);
  // The rename alone: the other tables' foreign keys and triggers already name the table as it will be.
  await sql`pragma legacy_alter_table = on`.execute(db);
  await sql.raw(`alter table "${table}__new" rename to "${table}"`).execute(db);
  await sql`pragma legacy_alter_table = off`.execute(db);
  for (const { sql: text } of attached) await sql.raw(text).execute(db);
  if (sequence[0]) await sql`update sqlite_sequence set seq = ${sequence[0].seq} where name = ${table}`.execute(db);
}

async function widenStatuses(db: Kysely<any>, from: string, to: string): Promise<void> {
  if (isPostgres(db)) {
    for (const table of STATUS_TABLES) {
      await sql.raw(`alter table ${table} drop constraint ${table}_status_check`).execute(db);
      await sql.raw(`alter table ${table} add constraint ${table}_status_check check (${to})`).execute(db);
    }
    return;
  }
  // Foreign keys are off only while the tables are rebuilt (outside a transaction, where SQLite allows
  // it); every reference is checked again before the rebuild commits.
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      for (const table of STATUS_TABLES) await rebuildSqliteTable(trx, table, from, to);
      const { rows: broken } = await sql`pragma foreign_key_check`.execute(trx);
      if (broken.length > 0) throw new Error('foreign keys broken by the rebuild: rolled back');
    });
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  const int = pg ? 'bigint' : 'integer';
  await widenStatuses(db, BEFORE, AFTER);
  await db.schema
    .alterTable('orders')
    .addColumn('courier', 'text', (c) => c.check(sql`length(courier) between 1 and 40`))
    .execute();
  await db.schema
    .alterTable('orders')
    .addColumn('tracking_number', 'text', (c) => c.check(sql`length(tracking_number) between 1 and 40`))
    .execute();
  await db.schema
    .alterTable('orders')
    .addColumn('buyer_language', 'text', (c) => c.notNull().defaultTo('en').check(sql`buyer_language in ('en', 'ur')`))
    .execute();
  await db.schema
    .alterTable('orders')
    .addColumn('buyer_phone_key', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  // The stored phones passed the phone rule (digits, spaces, parentheses, dashes, a leading plus).
  await (pg
    ? sql`update orders set buyer_phone_key = right(regexp_replace(buyer_phone, '[^0-9]', '', 'g'), 10)`
    : sql`update orders set buyer_phone_key = substr(replace(replace(replace(replace(replace(buyer_phone, ' ', ''), '(', ''), ')', ''), '-', ''), '+', ''), -10)`
  ).execute(db);
  if (!pg) {
    // Anything else a row may hold (written before the rule): the same key, computed here.
    const { rows } = await sql<{ id: number; buyer_phone: string }>`select id, buyer_phone from orders where buyer_phone_key glob '*[^0-9]*'`.execute(db);
    for (const row of rows) {
      const key = row.buyer_phone.replace(/\D/g, '').slice(-10);
      await sql`update orders set buyer_phone_key = ${key} where id = ${row.id}`.execute(db);
    }
  }
  await db.schema.createIndex('orders_shop_phone_idx').on('orders').columns(['shop_id', 'buyer_phone_key', 'status']).execute();

  await db.schema
    .createTable('shop_blocked_phones')
    .addColumn('shop_id', int, (c) => c.notNull().references('shops.id').onDelete('cascade'))
    .addColumn('phone_key', 'text', (c) => c.notNull().check(sql`length(phone_key) between 1 and 10`))
    .addColumn('phone', 'text', (c) => c.notNull().check(sql`length(phone) between 1 and 32`))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('shop_blocked_phones_pk', ['shop_id', 'phone_key'])
    .execute();
  // Another instance's kept answers (a shop's orders show whether a number is blocked) are cleared
  // through the channel of 2026_11_25_010000, as for the other tables those answers show.
  if (pg) {
    await sql`create trigger shop_blocked_phones_public_data_changed after insert or update or delete or truncate on shop_blocked_phones
      for each statement execute function public_data_changed()`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('shop_blocked_phones').execute();
  await db.schema.dropIndex('orders_shop_phone_idx').execute();
  for (const column of ['buyer_phone_key', 'buyer_language', 'tracking_number', 'courier']) {
    await db.schema.alterTable('orders').dropColumn(column).execute();
  }
  // A returned order reads as cancelled once the status no longer exists: its goods came back too.
  await sql`update order_status_events set status = 'cancelled' where status = 'returned'`.execute(db);
  await sql`update orders set status = 'cancelled' where status = 'returned'`.execute(db);
  await widenStatuses(db, AFTER, BEFORE);
}
