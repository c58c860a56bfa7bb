import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file imports nothing from src/ and is never edited after it has shipped.

// The callers' own reads are kept until the next write (issue 22): a buyer's orders, guest tracking, a
// shop's dashboard. On PostgreSQL another instance hears of a write through the channel the public
// cache already listens to (migration 2026_11_25_010000), so the tables those answers show besides the
// public ones notify it too: orders, their lines and their status history (the counts the dashboard
// reads are kept by triggers on orders, in the same statement). A checkout already notified it (it
// changes stock); NOTIFY merges identical notifications of one transaction, so it costs none more.
// SQLite needs none: its one process notices other processes' commits through data_version.
const WATCHED = ['orders', 'order_items', 'order_status_events'] as const;

const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const table of WATCHED) {
    await sql.raw(`create trigger ${table}_public_data_changed after insert or update or delete or truncate on ${table} for each statement execute function public_data_changed()`).execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const table of WATCHED) await sql.raw(`drop trigger ${table}_public_data_changed on ${table}`).execute(db);
}
