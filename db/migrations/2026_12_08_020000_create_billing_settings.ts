import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file imports nothing from src/ and is never edited after it has shipped.

// The operator's billing switches (issue 48), one row (id 1) written by the first save of their
// section on /admin/settings; no row means the defaults: 3 grace days after a plan's end, and shops
// whose trial or plan ended keep taking orders. Its own table, beside marketplace_settings, so that the
// sections other work adds there stay apart. On PostgreSQL its writes notify every instance's caches
// (migration 2026_11_25_010000's function): the switch changes what checkout and the pages say.
const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<any>): Promise<void> {
  const int = isPostgres(db) ? 'bigint' : 'integer';
  await db.schema
    .createTable('billing_settings')
    .addColumn('id', int, (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('grace_days', int, (c) => c.notNull().defaultTo(3).check(sql`grace_days between 0 and 60`))
    .addColumn('stop_orders', int, (c) => c.notNull().defaultTo(0).check(sql`stop_orders in (0, 1)`))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  if (isPostgres(db)) {
    await sql`create trigger billing_settings_public_data_changed after insert or update or delete or truncate on billing_settings
      for each statement execute function public_data_changed()`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('billing_settings').execute();
}
