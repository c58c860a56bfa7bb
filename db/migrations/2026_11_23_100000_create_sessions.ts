import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file imports nothing from src/ and is never edited after it has shipped.

// On PostgreSQL (issue 12): 64-bit integers, as SQLite's are.
const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

// Server-side sessions (product-decisions section 4: sign-out ends the session on the server). The
// signed session cookie carries the row's random id; deleting the row ends that session on the next
// request, whatever copies of the cookie exist. Cookies issued before this migration carry no id,
// so everyone signs in once more after the upgrade.
export async function up(db: Kysely<any>): Promise<void> {
  const int = isPostgres(db) ? 'bigint' : 'integer';
  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey().check(sql`length(id) >= 32`))
    .addColumn('user_id', int, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addCheckConstraint('sessions_expiry_check', sql`expires_at > created_at`)
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sessions').execute();
}
