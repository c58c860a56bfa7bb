import { type Kysely, sql } from 'kysely';

// Frozen in time: this file imports nothing from src/ and is never edited after it has shipped.

// Order updates for every buyer (issue 31): a guest's status emails end with a signed link that
// switches them off, so an address can opt out without an account.
// - email_opt_outs: the addresses (lowercase, as orders and accounts keep them) that get no status
//   emails, whoever placed the order. An account's /settings switch writes the same row, so an existing
//   account that switched "Order updates by email" off is carried over.
// - outbox.unsubscribe_url: the link a mail program's own "Unsubscribe" button uses (List-Unsubscribe,
//   RFC 8058 one-click), on status emails only.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('email_opt_outs')
    .addColumn('email', 'text', (c) => c.primaryKey().check(sql`email = lower(email) and length(email) between 3 and 254`))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await sql`
    insert into email_opt_outs (email, created_at)
    select lower(users.email), profiles.updated_at from users join profiles on profiles.user_id = users.id
    where profiles.order_emails = 0 and length(users.email) between 3 and 254
    on conflict (email) do nothing
  `.execute(db);
  await db.schema.alterTable('outbox').addColumn('unsubscribe_url', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('outbox').dropColumn('unsubscribe_url').execute();
  await db.schema.dropTable('email_opt_outs').execute();
}
