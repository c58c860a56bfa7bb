import type { Kysely } from 'kysely';

// Frozen in time: this file imports nothing from src/ and is never edited after it has shipped.

// The operator's dashboard (issue 48) sums the whole marketplace's orders of one month by currency:
// those placed in it (created_at) and those delivered or returned in it (status_changed_at). Every
// other index on orders starts with a shop, a buyer, a coupon or an address, so without these the
// month's sums read every order ever placed. Both carry what the sums read, so the rows are not visited.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('orders_created_currency_idx').on('orders').columns(['created_at', 'currency']).execute();
  await db.schema.createIndex('orders_changed_status_idx').on('orders').columns(['status_changed_at', 'status', 'currency', 'total']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('orders_changed_status_idx').execute();
  await db.schema.dropIndex('orders_created_currency_idx').execute();
}
