import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file imports nothing from src/ and is never edited after it has shipped.

const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

// The activity log (issue 49, product-decisions 7): who did what, when, to which thing, and the fields
// before and after; never secrets nor full addresses (the service keeps them out).
// - activity_log is append-only: a trigger refuses every UPDATE, and every DELETE of an entry that no
//   prune permit covers (and, on PostgreSQL, TRUNCATE).
// - activity_prune_permits: housekeeping's one way to delete. Inside one transaction it writes a permit
//   "entries before {cutoff}", deletes such entries and removes the permit, so no other statement ever
//   finds one. The actor is named as it was (actor_name): the log outlives accounts, so no foreign keys.
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = isPostgres(db);
  const id = postgres ? 'bigserial' : 'integer';
  const int = postgres ? 'bigint' : 'integer';
  await db.schema
    .createTable('activity_log')
    .addColumn('id', id, (c) => (postgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('actor_user_id', int)
    .addColumn('actor_name', 'text', (c) => c.notNull())
    .addColumn('actor_role', 'text', (c) => c.notNull().check(sql`actor_role in ('admin', 'owner', 'staff', 'buyer', 'system')`))
    .addColumn('shop_id', int)
    .addColumn('action', 'text', (c) => c.notNull().check(sql`length(action) between 1 and 64`))
    .addColumn('subject_type', 'text', (c) => c.notNull().check(sql`length(subject_type) between 1 and 32`))
    .addColumn('subject_id', 'text', (c) => c.notNull())
    .addColumn('subject_label', 'text')
    .addColumn('changes', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  await db.schema.createIndex('activity_log_created').on('activity_log').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('activity_log_actor').on('activity_log').columns(['actor_user_id', 'created_at']).execute();
  await db.schema.createIndex('activity_log_subject').on('activity_log').columns(['subject_type', 'subject_id', 'created_at']).execute();
  await db.schema.createIndex('activity_log_shop').on('activity_log').columns(['shop_id', 'created_at']).execute();
  await db.schema.createTable('activity_prune_permits').addColumn('before', 'text', (c) => c.notNull()).execute();

  if (postgres) {
    await sql`create function activity_log_append_only() returns trigger language plpgsql as $$
      begin
        if tg_op = 'DELETE' and exists (select 1 from activity_prune_permits where old.created_at < activity_prune_permits.before) then
          return old;
        end if;
        raise exception 'The activity log is append-only' using errcode = 'P0001';
      end $$`.execute(db);
    await sql`create trigger activity_log_append_only before update or delete on activity_log
      for each row execute function activity_log_append_only()`.execute(db);
    await sql`create trigger activity_log_no_truncate before truncate on activity_log
      for each statement execute function activity_log_append_only()`.execute(db);
  } else {
    await sql`create trigger activity_log_no_update before update on activity_log
      begin select raise(abort, 'The activity log is append-only'); end`.execute(db);
    await sql`create trigger activity_log_no_delete before delete on activity_log
      when not exists (select 1 from activity_prune_permits where old.created_at < activity_prune_permits.before)
      begin select raise(abort, 'The activity log is append-only'); end`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger if exists activity_log_no_truncate on activity_log`.execute(db);
    await sql`drop trigger if exists activity_log_append_only on activity_log`.execute(db);
    await sql`drop function if exists activity_log_append_only()`.execute(db);
  }
  await db.schema.dropTable('activity_prune_permits').execute();
  await db.schema.dropTable('activity_log').execute();
}
