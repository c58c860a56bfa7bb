import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file imports nothing from src/ and is never edited after it has shipped.

const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

// Issue 31: email. `outbox` holds every email, written in the transaction that caused it and delivered
// by the sender (src/server/mail); `password_resets` the SHA-256 of each live reset token (never the
// token itself). Two switches: a buyer's status emails (profiles.order_emails) and a shop's new-order
// email (shops.email_new_orders), both on by default. The buyer's language is the order's buyer_language (2026_11_29_010000).
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = isPostgres(db);
  const id = postgres ? 'bigserial' : 'integer';
  const int = postgres ? 'bigint' : 'integer';
  await db.schema
    .createTable('outbox')
    .addColumn('id', id, (c) => (postgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('en'))
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('html_body', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending').check(sql`status in ('pending', 'sent', 'failed')`))
    .addColumn('attempts', int, (c) => c.notNull().defaultTo(0).check(sql`attempts >= 0`))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .execute();
  // The sender's question: pending rows that are due, oldest first.
  await db.schema.createIndex('outbox_due_idx').on('outbox').columns(['status', 'next_attempt_at']).execute();
  // Housekeeping's: sent rows by age.
  await db.schema.createIndex('outbox_sent_idx').on('outbox').columns(['status', 'sent_at']).execute();

  await db.schema
    .createTable('password_resets')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', int, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_by', int, (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('password_resets_user_idx').on('password_resets').column('user_id').execute();
  await db.schema.createIndex('password_resets_expires_idx').on('password_resets').column('expires_at').execute();

  await db.schema
    .alterTable('profiles')
    .addColumn('order_emails', int, (c) => c.notNull().defaultTo(1).check(sql`order_emails in (0, 1)`))
    .execute();
  await db.schema
    .alterTable('shops')
    .addColumn('email_new_orders', int, (c) => c.notNull().defaultTo(1).check(sql`email_new_orders in (0, 1)`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('shops').dropColumn('email_new_orders').execute();
  await db.schema.alterTable('profiles').dropColumn('order_emails').execute();
  await db.schema.dropTable('password_resets').execute();
  await db.schema.dropTable('outbox').execute();
}
