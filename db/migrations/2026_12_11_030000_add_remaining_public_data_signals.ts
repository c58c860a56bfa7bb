import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file imports nothing from src/ and is never edited after it has shipped.

// On PostgreSQL another instance hears of a write through the public-data channel (migrations
// 2026_11_25_010000 and 2026_11_28_020000). The app's own writes are announced by the instance that made
// them once committed (2026_11_30_010000), whatever the table; a write by any other writer (psql,
// `npm run admin`, a script) only by the table's trigger, which the tables made since had not all been
// given: the reports an admin reads, coupons, carts and saved products, the activity log, the outbox's
// health, accounts. Every table a cached answer may show now has it (postgres-schema.test.ts checks),
// but the three that only triggers write (row_counts, shop_order_totals, shop_order_days: their writer,
// a statement on orders or a counted table, already notifies). SQLite needs none (data_version).
const WATCHED = [
  'activity_log',
  'activity_prune_permits',
  'cart_lines',
  'cart_merges',
  'carts',
  'checkout_attempts',
  'coupon_buyers',
  'coupon_uses',
  'coupons',
  'email_opt_outs',
  'order_number_sequences',
  'outbox',
  'password_resets',
  'reports',
  'saved_products',
  'shop_delivery_cities',
  'users',
] as const;

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
