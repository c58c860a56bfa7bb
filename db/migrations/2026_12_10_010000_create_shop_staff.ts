import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file imports nothing from src/ and is never edited after it has shipped.

// A shop's staff (issue 51): people who handle its orders (and, with 'orders_products', its products)
// without the owner's password.
// - shop_staff: one row per helper. An account helps at most one shop (UNIQUE user_id); that it owns
//   none is checked by the services in the same transaction (a shop's owner_id is another table).
//   Removing someone deletes the row; the shop or the account going takes it too (cascade).
// - shop_staff_invitations: a link the owner hands out, single use, valid 7 days. Only the SHA-256 of
//   its token is kept; used_at marks it spent, and a new invitation of the same email replaces the old.
// On PostgreSQL both notify the channel the caches listen to (migration 2026_11_25_010000's function),
// so a removal or a role change reaches every instance's kept answers at once: the shop tier resolves
// a caller's membership through the own-reads cache.
const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

const ROLE_CHECK = sql`role in ('orders', 'orders_products')`;

export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  const int = pg ? 'bigint' : 'integer';
  await db.schema
    .createTable('shop_staff')
    .addColumn('id', int, (c) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()))
    .addColumn('shop_id', int, (c) => c.notNull().references('shops.id').onDelete('cascade'))
    .addColumn('user_id', int, (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull().check(ROLE_CHECK))
    .addColumn('invited_at', 'text', (c) => c.notNull())
    .addColumn('joined_at', 'text', (c) => c.notNull())
    .addColumn('last_active_at', 'text')
    .execute();
  await db.schema.createIndex('shop_staff_shop_idx').on('shop_staff').column('shop_id').execute();

  await db.schema
    .createTable('shop_staff_invitations')
    .addColumn('id', int, (c) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()))
    .addColumn('shop_id', int, (c) => c.notNull().references('shops.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull().check(sql`length(email) between 3 and 254 and email = lower(email)`))
    .addColumn('role', 'text', (c) => c.notNull().check(ROLE_CHECK))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('shop_staff_invitations_shop_idx').on('shop_staff_invitations').columns(['shop_id', 'email']).execute();

  if (pg) {
    for (const table of ['shop_staff', 'shop_staff_invitations']) {
      await sql.raw(`create trigger ${table}_public_data_changed after insert or update or delete or truncate on ${table} for each statement execute function public_data_changed()`).execute(db);
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('shop_staff_invitations').execute();
  await db.schema.dropTable('shop_staff').execute();
}
