import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file imports nothing from src/ and is never edited after it has shipped.

// Followed shops (issue 50): one row per account and shop, at most 500 per account (the service counts
// them in the following transaction). A row goes with its account or its shop (cascade). The shop's
// dashboard counts its followers by the shop index.
// On PostgreSQL the table notifies every instance's caches like the others (migration 2026_11_25_010000).
const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = isPostgres(db);
  const int = postgres ? 'bigint' : 'integer';
  await db.schema
    .createTable('shop_follows')
    .addColumn('user_id', int, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('shop_id', int, (c) => c.notNull().references('shops.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('shop_follows_pk', ['user_id', 'shop_id'])
    .execute();
  await db.schema.createIndex('shop_follows_shop_idx').on('shop_follows').column('shop_id').execute();
  if (postgres) {
    await sql.raw('create trigger shop_follows_public_data_changed after insert or update or delete or truncate on shop_follows for each statement execute function public_data_changed()').execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('shop_follows').execute();
}
