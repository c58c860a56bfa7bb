import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file imports nothing from src/ and is never edited after it has shipped.

// The plan-end notices (issue 48 part 3): 7 days and 1 day before a dated Pro plan ends, one email to
// the shop's owner. A row per account, end date and notice: inserting it is the claim (the primary key
// refuses a second), in the transaction that queues the email, so two instances running the job at once
// send one. A renewal moves the end date: the new date has notices of its own.
// On PostgreSQL the table notifies every instance's caches like the others (migration 2026_11_25_010000).
const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = isPostgres(db);
  const int = postgres ? 'bigint' : 'integer';
  await db.schema
    .createTable('plan_reminders')
    .addColumn('user_id', int, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('pro_until', 'text', (c) => c.notNull())
    .addColumn('days_before', int, (c) => c.notNull().check(sql`days_before in (1, 7)`))
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('plan_reminders_pk', ['user_id', 'pro_until', 'days_before'])
    .execute();
  if (postgres) {
    await sql.raw('create trigger plan_reminders_public_data_changed after insert or update or delete or truncate on plan_reminders for each statement execute function public_data_changed()').execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('plan_reminders').execute();
}
