import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file imports nothing from src/ and is never edited after it has shipped.

// Each instance keeps the sessions it verified, with their account's profile and roles (issue 22). On
// PostgreSQL, whatever ends a session or changes an account, whoever writes it (another instance,
// `npm run admin`), notifies the channel `marketplace_sessions` with the account's id at commit, and
// every instance forgets that account's sessions. Row-level, so the payload names the account;
// NOTIFY merges identical payloads of one transaction. Not watched: a new session or account (nothing
// holds it yet) and the hourly `last_seen_at` touch. A TRUNCATE notifies an empty payload: forget all.
// SQLite needs none: its one process sees its own writes, and other processes' commits through
// data_version.
const WATCHED: ReadonlyArray<readonly [table: string, events: string]> = [
  ['sessions', 'delete or update of user_id, expires_at'],
  ['users', 'update or delete'],
  ['profiles', 'update or delete'],
  ['user_roles', 'insert or update or delete'],
];

const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`create function session_data_changed() returns trigger language plpgsql as $$
    declare changed jsonb := to_jsonb(case when tg_op = 'DELETE' then old else new end);
    begin
      perform pg_notify('marketplace_sessions', coalesce(changed->>'user_id', changed->>'id'));
      return null;
    end $$`.execute(db);
  await sql`create function session_data_truncated() returns trigger language plpgsql as $$
    begin perform pg_notify('marketplace_sessions', ''); return null; end $$`.execute(db);
  for (const [table, events] of WATCHED) {
    await sql.raw(`create trigger ${table}_session_data_changed after ${events} on ${table} for each row execute function session_data_changed()`).execute(db);
    await sql.raw(`create trigger ${table}_session_data_truncated after truncate on ${table} for each statement execute function session_data_truncated()`).execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const [table] of WATCHED) {
    await sql.raw(`drop trigger ${table}_session_data_changed on ${table}`).execute(db);
    await sql.raw(`drop trigger ${table}_session_data_truncated on ${table}`).execute(db);
  }
  await sql`drop function session_data_changed()`.execute(db);
  await sql`drop function session_data_truncated()`.execute(db);
}
