import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file imports nothing from src/ and is never edited after it has shipped.

// Several app instances on one PostgreSQL database (issue 12):
// - scheduled_runs: when each scheduled job (upload sweep, backups...) last started on some instance,
//   so that it runs on one instance per period. Created on both engines so both keep one schema;
//   only PostgreSQL writes it (SQLite is one process).
// - On PostgreSQL, statement-level triggers on every table whose rows public reads show notify the
//   channel `marketplace_public_data` after each write, whoever writes (an instance, `npm run admin`,
//   migrate-data, a test's fixture): every instance clears its public cache when the write commits.
//   NOTIFY is delivered at commit only and once per transaction (identical notifications are merged),
//   so a checkout or a bulk insert costs one notification. SQLite needs none: its one process notices
//   other processes' commits through data_version.

// What public reads show: shops, products and their pictures and categories, reviews and their
// authors' names, banners, the sizes of uploaded images, and the roles that decide what a signed-in
// viewer sees. An upload's row is inserted before anything shows it: only its changes (resized copies)
// and its removal count.
const WATCHED: ReadonlyArray<readonly [table: string, events: string]> = [
  ['shops', 'insert or update or delete or truncate'],
  ['products', 'insert or update or delete or truncate'],
  ['product_images', 'insert or update or delete or truncate'],
  ['categories', 'insert or update or delete or truncate'],
  ['product_reviews', 'insert or update or delete or truncate'],
  ['shop_reviews', 'insert or update or delete or truncate'],
  ['profiles', 'insert or update or delete or truncate'],
  ['user_roles', 'insert or update or delete or truncate'],
  ['sliders', 'insert or update or delete or truncate'],
  ['uploads', 'update or delete or truncate'],
];

const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('scheduled_runs')
    .addColumn('job', 'text', (c) => c.primaryKey())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .execute();
  if (!isPostgres(db)) return;
  await sql`create function public_data_changed() returns trigger language plpgsql as $$
    begin perform pg_notify('marketplace_public_data', ''); return null; end $$`.execute(db);
  for (const [table, events] of WATCHED) {
    await sql.raw(`create trigger ${table}_public_data_changed after ${events} on ${table} for each statement execute function public_data_changed()`).execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    for (const [table] of WATCHED) await sql.raw(`drop trigger ${table}_public_data_changed on ${table}`).execute(db);
    await sql`drop function public_data_changed()`.execute(db);
  }
  await db.schema.dropTable('scheduled_runs').execute();
}
