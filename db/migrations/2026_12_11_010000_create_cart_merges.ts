import { type Kysely, PostgresAdapter } from 'kysely';

// Frozen in time: this file imports nothing from src/ and is never edited after it has shipped.

// The guest carts already merged into each account's cart (issue 50): a browser names its guest cart
// with a random key when it first sends it at sign-in, and sends the same key again if it never heard
// the answer (the page was left, the network dropped). A key the account already has is not merged a
// second time, so the guest cart's quantities are never added twice. Keys older than 30 days are
// deleted by the merge that finds them.
const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<any>): Promise<void> {
  const int = isPostgres(db) ? 'bigint' : 'integer';
  await db.schema
    .createTable('cart_merges')
    .addColumn('user_id', int, (c) => c.notNull().references('carts.user_id').onDelete('cascade'))
    .addColumn('merge_key', 'text', (c) => c.notNull())
    .addColumn('merged_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('cart_merges_pk', ['user_id', 'merge_key'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('cart_merges').execute();
}
