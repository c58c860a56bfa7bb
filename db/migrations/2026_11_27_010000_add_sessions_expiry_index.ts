import type { Kysely } from 'kysely';

// Frozen in time: this file imports nothing from src/ and is never edited after it has shipped.

// Housekeeping (issue 22) deletes every session past `expires_at`, 500 at a time, every 6 hours: with
// this index each batch reads only the expired rows instead of scanning the whole table. Both engines.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('sessions_expires_idx').on('sessions').column('expires_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('sessions_expires_idx').execute();
}
