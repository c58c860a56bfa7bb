import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file imports nothing from src/ and is never edited after it has shipped.

const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

// Rate-limit windows shared by every instance on one PostgreSQL database (issue 12 item 4): one row
// per key, its count and when its window ends (milliseconds since the epoch). On PostgreSQL the table
// is UNLOGGED: a counter is written on every limited request, and losing the counts in a crash only
// starts the windows over. SQLite counts in memory (one process) and has the table only so both
// engines keep one schema.
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = isPostgres(db);
  const int = postgres ? 'bigint' : 'integer';
  await db.schema
    .createTable('rate_limits')
    .$call((table) => (postgres ? table.modifyFront(sql`unlogged`) : table))
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('count', int, (c) => c.notNull().check(sql`count >= 1`))
    .addColumn('reset_at', int, (c) => c.notNull())
    .execute();
  // Expired windows are deleted by their end, oldest first.
  await db.schema.createIndex('rate_limits_reset_at_idx').on('rate_limits').column('reset_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rate_limits').execute();
}
