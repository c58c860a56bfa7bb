import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file imports nothing from src/ and is never edited after it has shipped.

// Checkout on PostgreSQL (issue 33): a transaction that NOTIFYs takes PostgreSQL's one notification
// lock before its commit record and keeps it through the commit's flush to disk, so every transaction
// that notified commits after the other, one flush each, and PostgreSQL cannot flush several commits
// at once (measured here with fsync on: 296-482 transactions a second that notify against 959-2,150
// that do not). The public-data triggers (migrations 2026_11_25_010000 and 2026_11_28_020000) made
// every checkout such a transaction.
// The app's own transactions now say, with `set local marketplace.notify_after_commit = 'on'` sent
// with their BEGIN, that the instance tells the others itself once the transaction committed (its
// notifications leave then, outside any transaction that wrote: src/server/db/signals.ts), and the
// trigger stays silent for them. Every other writer (`npm run admin`, migrate-data, psql, a test's
// fixture) still notifies from the trigger, as before.

const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`create or replace function public_data_changed() returns trigger language plpgsql as $$
    begin
      if current_setting('marketplace.notify_after_commit', true) is distinct from 'on' then
        perform pg_notify('marketplace_public_data', '');
      end if;
      return null;
    end $$`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`create or replace function public_data_changed() returns trigger language plpgsql as $$
    begin perform pg_notify('marketplace_public_data', ''); return null; end $$`.execute(db);
}
