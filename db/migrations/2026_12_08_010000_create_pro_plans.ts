import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file imports nothing from src/ and is never edited after it has shipped.

// Pro with an end date (issue 48, product-decisions 7).
// - profiles.pro_until: when Pro ends. Null with is_pro = 1 is "Pro, no end date", what Pro meant before
//   plans, so every existing Pro account keeps it as it was: the column starts null for everyone.
// - billing_plans: what the operator sells ("Monthly": 1 month for Rs 1,500), in a currency.
// - plan_payments: each payment an admin recorded, with the months it bought and Pro's end before and
//   after it; an undo keeps the row (undone_at, who, why) and takes its months back, once.
// On PostgreSQL their writes notify the channel every instance's caches listen to (migration
// 2026_11_25_010000's function), so a renewal reaches every instance at once.
const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = isPostgres(db);
  const id = postgres ? 'bigserial' : 'integer';
  const int = postgres ? 'bigint' : 'integer';
  await db.schema.alterTable('profiles').addColumn('pro_until', 'text').execute();
  await db.schema
    .createTable('billing_plans')
    .addColumn('id', id, (c) => (postgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('name', 'text', (c) => c.notNull().check(sql`length(trim(name)) between 1 and 40`))
    .addColumn('months', int, (c) => c.notNull().check(sql`months between 1 and 24`))
    .addColumn('price', int, (c) => c.notNull().check(sql`price > 0 and price <= 100000000000`))
    .addColumn('currency', 'text', (c) => c.notNull().check(sql`length(currency) = 3`))
    .addColumn('is_active', int, (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('plan_payments')
    .addColumn('id', id, (c) => (postgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('user_id', int, (c) => c.notNull().references('users.id').onDelete('cascade'))
    // The shop as it was named when paid: payments outlive a deleted shop (the account keeps them).
    .addColumn('shop_id', int)
    .addColumn('shop_name', 'text', (c) => c.notNull())
    .addColumn('plan_id', int, (c) => c.references('billing_plans.id').onDelete('set null'))
    .addColumn('plan_name', 'text')
    .addColumn('months', int, (c) => c.notNull().check(sql`months between 1 and 24`))
    .addColumn('amount', int, (c) => c.notNull().check(sql`amount > 0 and amount <= 100000000000`))
    .addColumn('currency', 'text', (c) => c.notNull().check(sql`length(currency) = 3`))
    .addColumn('paid_on', 'text', (c) => c.notNull().check(sql`length(paid_on) = 10`))
    .addColumn('reference', 'text', (c) => c.notNull().defaultTo('').check(sql`length(reference) <= 60`))
    .addColumn('previous_until', 'text')
    .addColumn('new_until', 'text', (c) => c.notNull())
    .addColumn('recorded_by', int, (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('undone_at', 'text')
    .addColumn('undone_by', int, (c) => c.references('users.id').onDelete('set null'))
    .addColumn('undo_reason', 'text', (c) => c.check(sql`undo_reason is null or length(undo_reason) between 1 and 200`))
    .execute();
  await db.schema.createIndex('plan_payments_user').on('plan_payments').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('plan_payments_created').on('plan_payments').columns(['created_at', 'id']).execute();
  if (postgres) {
    for (const table of ['billing_plans', 'plan_payments']) {
      await sql.raw(`create trigger ${table}_public_data_changed after insert or update or delete or truncate on ${table} for each statement execute function public_data_changed()`).execute(db);
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('plan_payments').execute();
  await db.schema.dropTable('billing_plans').execute();
  await db.schema.alterTable('profiles').dropColumn('pro_until').execute();
}
