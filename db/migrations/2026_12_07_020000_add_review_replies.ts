import type { Kysely } from 'kysely';

// Frozen in time: this file imports nothing from src/ and is never edited after it has shipped.

// A shop owner's one public reply to each review of the shop or its products (issue 49): its text and
// when it was last written, on the review's row (one reply per review by construction).
const tables = ['product_reviews', 'shop_reviews'];

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of tables) {
    await db.schema.alterTable(table).addColumn('reply', 'text').execute();
    await db.schema.alterTable(table).addColumn('reply_at', 'text').execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of tables.toReversed()) {
    await db.schema.alterTable(table).dropColumn('reply_at').execute();
    await db.schema.alterTable(table).dropColumn('reply').execute();
  }
}
