import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file imports nothing from src/ and is never edited after it has shipped.

// Counts the dashboards show, kept by the database itself (issue 11) instead of being recomputed from
// every order on each request:
// - shop_order_totals: a shop's orders by currency and status, how many and the sum of their totals;
// - shop_order_days: the same per UTC day the order was placed (the dashboard's chart);
// - row_counts: how many rows a few whole tables hold (the admin's counts).
// Triggers keep them in the same transaction as the write that changes them, whoever writes: the
// checkout and status changes, a foreign key's cascade, the large seed's bulk inserts, a test's insert.
// Each is a plain GROUP BY kept up to date, so `select ... group by` over the source table rebuilds it
// (the backfill below, and what the tests compare it with). Engine-specific SQL (triggers, without
// rowid) is allowed here: a PostgreSQL deployment writes its own triggers in its migration.

const COUNTED_TABLES = ['shops', 'products', 'profiles'] as const;

// The day of an ISO timestamp, as the app's dialect reads it (YYYY-MM-DD, UTC).
const day = (row: 'new' | 'old') => `substr(${row}.created_at, 1, 10)`;

function addOrder(row: 'new'): string {
  return `
    insert into shop_order_totals (shop_id, currency, status, order_count, order_total)
      values (new.shop_id, new.currency, new.status, 1, new.total)
      on conflict (shop_id, currency, status) do update set order_count = order_count + 1, order_total = order_total + excluded.order_total;
    insert into shop_order_days (shop_id, day, currency, status, order_count, order_total)
      values (new.shop_id, ${day(row)}, new.currency, new.status, 1, new.total)
      on conflict (shop_id, day, currency, status) do update set order_count = order_count + 1, order_total = order_total + excluded.order_total;`;
}

// A count that reaches zero is deleted, so the tables hold exactly what the GROUP BY would return.
function removeOrder(row: 'old'): string {
  return `
    update shop_order_totals set order_count = order_count - 1, order_total = order_total - old.total
      where shop_id = old.shop_id and currency = old.currency and status = old.status;
    delete from shop_order_totals where shop_id = old.shop_id and currency = old.currency and status = old.status and order_count = 0;
    update shop_order_days set order_count = order_count - 1, order_total = order_total - old.total
      where shop_id = old.shop_id and day = ${day(row)} and currency = old.currency and status = old.status;
    delete from shop_order_days where shop_id = old.shop_id and day = ${day(row)} and currency = old.currency and status = old.status and order_count = 0;`;
}

// On PostgreSQL (issue 12): 64-bit integers, plain tables, and PL/pgSQL functions behind the same
// triggers. Trigger functions run in the writer's transaction too.
const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

const POSTGRES_FUNCTIONS = {
  orders_totals_add: `
    insert into shop_order_totals as t (shop_id, currency, status, order_count, order_total)
      values (new.shop_id, new.currency, new.status, 1, new.total)
      on conflict (shop_id, currency, status) do update set order_count = t.order_count + 1, order_total = t.order_total + excluded.order_total;
    insert into shop_order_days as t (shop_id, day, currency, status, order_count, order_total)
      values (new.shop_id, ${day('new')}, new.currency, new.status, 1, new.total)
      on conflict (shop_id, day, currency, status) do update set order_count = t.order_count + 1, order_total = t.order_total + excluded.order_total;
    return null;`,
  orders_totals_remove: `${removeOrder('old')}
    return null;`,
  row_counts_change: `
    update row_counts set row_count = row_count + case tg_op when 'INSERT' then 1 else -1 end where table_name = tg_table_name;
    return null;`,
};

async function createPostgresTriggers(db: Kysely<any>): Promise<void> {
  for (const [name, body] of Object.entries(POSTGRES_FUNCTIONS)) {
    await sql.raw(`create function ${name}() returns trigger language plpgsql as $$ begin ${body} end $$`).execute(db);
  }
  const orderColumns = 'shop_id, currency, status, total, created_at';
  for (const [name, event, when, fn] of [
    ['orders_totals_insert', 'insert', 'new', 'orders_totals_add'],
    ['orders_totals_delete', 'delete', 'old', 'orders_totals_remove'],
    ['orders_totals_update_old', `update of ${orderColumns}`, 'old', 'orders_totals_remove'],
    ['orders_totals_update_new', `update of ${orderColumns}`, 'new', 'orders_totals_add'],
  ]) {
    await sql.raw(`create trigger ${name} after ${event} on orders for each row when (${when}.shop_id is not null) execute function ${fn}()`).execute(db);
  }
  for (const table of COUNTED_TABLES) {
    for (const event of ['insert', 'delete']) {
      await sql.raw(`create trigger ${table}_count_${event} after ${event} on ${table} for each row execute function row_counts_change()`).execute(db);
    }
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  const int = pg ? 'bigint' : 'integer';
  // SQLite keeps these small tables in their primary key's B-tree; PostgreSQL has no such option.
  const endOfTable = pg ? sql`` : sql`without rowid`;
  await db.schema
    .createTable('shop_order_totals')
    .addColumn('shop_id', int, (c) => c.notNull().references('shops.id').onDelete('cascade'))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('order_count', int, (c) => c.notNull().check(sql`order_count >= 0`))
    .addColumn('order_total', int, (c) => c.notNull())
    .addPrimaryKeyConstraint('shop_order_totals_pk', ['shop_id', 'currency', 'status'])
    .modifyEnd(endOfTable)
    .execute();
  await db.schema
    .createTable('shop_order_days')
    .addColumn('shop_id', int, (c) => c.notNull().references('shops.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('order_count', int, (c) => c.notNull().check(sql`order_count >= 0`))
    .addColumn('order_total', int, (c) => c.notNull())
    .addPrimaryKeyConstraint('shop_order_days_pk', ['shop_id', 'day', 'currency', 'status'])
    .modifyEnd(endOfTable)
    .execute();
  await db.schema
    .createTable('row_counts')
    .addColumn('table_name', 'text', (c) => c.primaryKey())
    .addColumn('row_count', int, (c) => c.notNull().check(sql`row_count >= 0`))
    .modifyEnd(endOfTable)
    .execute();

  await sql`insert into shop_order_totals (shop_id, currency, status, order_count, order_total)
    select shop_id, currency, status, count(*), sum(total) from orders where shop_id is not null group by shop_id, currency, status`.execute(db);
  await sql`insert into shop_order_days (shop_id, day, currency, status, order_count, order_total)
    select shop_id, substr(created_at, 1, 10), currency, status, count(*), sum(total) from orders where shop_id is not null
    group by shop_id, substr(created_at, 1, 10), currency, status`.execute(db);
  for (const table of COUNTED_TABLES) {
    await sql`insert into row_counts (table_name, row_count) select ${table}, count(*) from ${sql.table(table)}`.execute(db);
  }
  if (pg) {
    await createPostgresTriggers(db);
    return;
  }

  // Orders are never deleted by the app (a deleted shop's orders stay, with shop_id null: its totals
  // go with the shop by the cascade above), but a delete keeps the totals right all the same.
  await sql.raw(`create trigger orders_totals_insert after insert on orders when new.shop_id is not null
    begin ${addOrder('new')} end`).execute(db);
  await sql.raw(`create trigger orders_totals_delete after delete on orders when old.shop_id is not null
    begin ${removeOrder('old')} end`).execute(db);
  await sql.raw(`create trigger orders_totals_update_old after update of shop_id, currency, status, total, created_at on orders
    when old.shop_id is not null
    begin ${removeOrder('old')} end`).execute(db);
  await sql.raw(`create trigger orders_totals_update_new after update of shop_id, currency, status, total, created_at on orders
    when new.shop_id is not null
    begin ${addOrder('new')} end`).execute(db);
  for (const table of COUNTED_TABLES) {
    await sql.raw(`create trigger ${table}_count_insert after insert on ${table}
      begin update row_counts set row_count = row_count + 1 where table_name = '${table}'; end`).execute(db);
    await sql.raw(`create trigger ${table}_count_delete after delete on ${table}
      begin update row_counts set row_count = row_count - 1 where table_name = '${table}'; end`).execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  // PostgreSQL names a trigger within its table.
  const on = (table: string) => (pg ? ` on ${table}` : '');
  for (const table of COUNTED_TABLES) {
    await sql.raw(`drop trigger ${table}_count_delete${on(table)}`).execute(db);
    await sql.raw(`drop trigger ${table}_count_insert${on(table)}`).execute(db);
  }
  for (const name of ['orders_totals_update_new', 'orders_totals_update_old', 'orders_totals_delete', 'orders_totals_insert']) {
    await sql.raw(`drop trigger ${name}${on('orders')}`).execute(db);
  }
  if (pg) {
    for (const name of Object.keys(POSTGRES_FUNCTIONS)) await sql.raw(`drop function ${name}()`).execute(db);
  }
  await db.schema.dropTable('row_counts').execute();
  await db.schema.dropTable('shop_order_days').execute();
  await db.schema.dropTable('shop_order_totals').execute();
}
