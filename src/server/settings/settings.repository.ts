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

/**
 * Sets the logo's URL (null: none), creating the row with the first values when the section was never
 * saved; returns the URL it replaced.
 */
export async function setLogo(db: DB, logoUrl: string | null, first: { name: string; brand_colour: string }, now: Date): Promise<string | null> {
  const before = await db.selectFrom('marketplace_settings').select('logo_url').where('id', '=', 1).executeTakeFirst();
  const updated_at = now.toISOString();
  await db
    .insertInto('marketplace_settings')
    // A section never saved keeps its first values (null: SUPPORT_WHATSAPP, DEFAULT_COUNTRY_CODE).
    .values({ id: 1, ...first, short_name: '', tagline: '', support_whatsapp: null, contact_email: '', country_code: null, logo_url: logoUrl, updated_at })
    .onConflict((oc) => oc.column('id').doUpdateSet({ logo_url: logoUrl, updated_at }))
    .execute();
  return before?.logo_url ?? null;
}
