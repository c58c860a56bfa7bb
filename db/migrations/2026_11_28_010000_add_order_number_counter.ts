import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file imports nothing from src/ and is never edited after it has shipped.

// Order numbers' per-day part on PostgreSQL (issue 22). It was the day's row of order_number_sequences,
// incremented inside each checkout's transaction: every checkout of the day updated that one row and
// held its lock until its commit's WAL flush, so checkouts took their turn one fsync at a time. Now
// the number comes from a sequence, which never waits (nextval is outside transactions), and the
// day's row holds the counter's value before the day's first order: the day's numbers are the
// counter's minus that (1, 2, 3, ...; a checkout that rolls back leaves a gap). SQLite keeps the
// row: its checkouts commit in groups (one transaction, one fsync for many), so the row costs nothing.
const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`create sequence order_number_counter`.execute(db);
  // Days already numbered go on where they were: with the counter at K, a day that had N orders gets
  // the base K - N, so its next order is N + 1.
  await sql`select setval('order_number_counter', (select greatest(1, coalesce(max(last_value), 1)) from order_number_sequences))`.execute(db);
  await sql`update order_number_sequences set last_value = (select c.last_value from order_number_counter c) - last_value`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  // Today's row holds its last number again (gaps left by rollbacks count as numbers); past days' rows
  // are only kept until the housekeeping prunes them.
  await sql`update order_number_sequences set last_value = (select c.last_value from order_number_counter c) - last_value`.execute(db);
  await sql`drop sequence order_number_counter`.execute(db);
}
