import type { Insertable } from 'kysely';
import type { DB } from '../db/client';
import type { MarketplaceAnnouncementTable, MarketplaceSettingsTable } from '../db/schema';

/** The marketplace's one settings row (id 1), or undefined before the first save. */
export function find(db: DB) {
  return db.selectFrom('marketplace_settings').selectAll().where('id', '=', 1).executeTakeFirst();
}

/** Writes the one row, creating it at the first save. */
export async function upsert(db: DB, row: Omit<Insertable<MarketplaceSettingsTable>, 'id'>): Promise<void> {
  await db
    .insertInto('marketplace_settings')
    .values({ id: 1, ...row })
    .onConflict((oc) => oc.column('id').doUpdateSet(row))
    .execute();
}

/** The announcement bar's one row (id 1), or undefined before its first save. */
export function findAnnouncement(db: DB) {
  return db.selectFrom('marketplace_announcement').selectAll().where('id', '=', 1).executeTakeFirst();
}

/** Writes the announcement's row, creating it at the first save. */
export async function upsertAnnouncement(db: DB, row: Omit<Insertable<MarketplaceAnnouncementTable>, 'id'>): Promise<void> {
  await db
    .insertInto('marketplace_announcement')
    .values({ id: 1, ...row })
    .onConflict((oc) => oc.column('id').doUpdateSet(row))
    .execute();
}
