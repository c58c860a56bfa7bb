import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file imports nothing from src/ and is never edited after it has shipped.

// On PostgreSQL (issue 12): 64-bit integers, as SQLite's are, and an identity key.
const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

// Idempotent checkout (product-decisions section 4): a checkout attempt's key is claimed in the same
// transaction that places its orders. The unique key is what makes two requests carrying one key
// place the orders once: the second waits for the first's write lock, finds the key taken and answers
// with the orders linked to it. `request_hash` refuses a key reused for a different checkout.
export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  const int = pg ? 'bigint' : 'integer';
  await db.schema
    .createTable('checkout_attempts')
    .addColumn('id', int, (c) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()))
    .addColumn('attempt_key', 'text', (c) => c.notNull().unique().check(sql`length(attempt_key) between 16 and 100`))
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // Orders placed without a key (API scripts, orders from before this migration) have none.
  await db.schema
    .alterTable('orders')
    .addColumn('checkout_attempt_id', int, (c) => c.references('checkout_attempts.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('orders_checkout_attempt_idx')
    .on('orders')
    .column('checkout_attempt_id')
    .where(sql.ref('checkout_attempt_id'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('orders_checkout_attempt_idx').execute();
  await db.schema.alterTable('orders').dropColumn('checkout_attempt_id').execute();
  await db.schema.dropTable('checkout_attempts').execute();
}
