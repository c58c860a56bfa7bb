import { type ActivityActor, recordActivity } from '../activity/activity.service';
import type { AppConfig } from '../config';
import type { DB } from '../db/client';
import { inTransaction } from '../db/transaction';
import type { MarketplaceSettingsValues } from '../../shared/schemas/settings';
import type { SiteIdentity } from '../../shared/site';
import { type FirstValues, type MarketplaceSettingsView, toSettingsView, toSiteIdentity } from './settings.mapper';
import * as repo from './settings.repository';
import { browserUrlOf, type UploadStorage } from '../uploads/storage';

/**
 * The marketplace's identity (issue 47, product-decisions 7): the one source every surface reads
 * (pages, titles, manifest, JSON-LD, emails, WhatsApp texts, packing slips). It is read from the
 * database where it is needed (one row by its key); what shows it is kept in the caches, which every
 * write empties, on every instance (the table notifies on PostgreSQL, migration 2026_12_03_010000).
 */

function firstValues(config: Pick<AppConfig, 'supportWhatsapp' | 'countryCode'>): FirstValues {
  return { supportWhatsapp: config.supportWhatsapp, countryCode: config.countryCode() };
}

/**
 * The country code a locally written number takes in every wa.me link (issue 53): the saved one, else
 * DEFAULT_COUNTRY_CODE.
 */
export async function countryCode(db: DB, config: Pick<AppConfig, 'countryCode'>): Promise<string> {
  return (await repo.find(db))?.country_code || config.countryCode();
}

/**
 * The public identity: name, short name, tagline, brand colour, logo. With `images` (the upload
 * storage), the logo's URLs are where browsers load them (S3_PUBLIC_URL); without, its /uploads/ URLs.
 */
export async function siteIdentity(db: DB, images?: Pick<UploadStorage, 'publicBaseUrl'>): Promise<SiteIdentity> {
  return toSiteIdentity(await repo.find(db), images ? (url) => browserUrlOf(images, url) : undefined);
}

/** The logo's /uploads/ URL, null without one (the manifest's and the head's icons are named after it). */
export async function logoUrl(db: DB): Promise<string | null> {
  return (await repo.find(db))?.logo_url ?? null;
}

/** The admin's form: every setting, saved or first. */
export async function marketplaceSettings(db: DB, config: Pick<AppConfig, 'supportWhatsapp' | 'countryCode'>): Promise<MarketplaceSettingsView> {
  return toSettingsView(await repo.find(db), firstValues(config));
}

/** The support WhatsApp number (the trial-expired button): the saved one, else SUPPORT_WHATSAPP; null for none. */
export async function supportWhatsapp(db: DB, config: Pick<AppConfig, 'supportWhatsapp' | 'countryCode'>): Promise<string | null> {
  return (await marketplaceSettings(db, config)).supportWhatsapp || null;
}

/** Saves the whole section, already judged by the schema (one statement: nothing half-written), in the activity log. */
export async function saveSettings(
  db: DB,
  config: Pick<AppConfig, 'supportWhatsapp' | 'countryCode'>,
  input: MarketplaceSettingsValues,
  actor: ActivityActor,
  now: Date,
): Promise<MarketplaceSettingsView> {
  return inTransaction(db, async (trx) => {
    const before = toSettingsView(await repo.find(trx), firstValues(config));
    await repo.upsert(trx, {
      name: input.name,
      short_name: input.shortName,
      tagline: input.tagline,
      brand_colour: input.brandColour,
      support_whatsapp: input.supportWhatsapp,
      contact_email: input.contactEmail,
      country_code: input.countryCode,
      updated_at: now.toISOString(),
    });
    const saved = toSettingsView(await repo.find(trx), { supportWhatsapp: null, countryCode: config.countryCode() });
    const changes = Object.fromEntries(Object.keys(saved).map((field) => [field, [before[field as keyof MarketplaceSettingsView], saved[field as keyof MarketplaceSettingsView]] as const]));
    await recordActivity(trx, { actor, action: 'settings.saved', subject: { type: 'settings', id: 'marketplace', label: saved.name }, changes, at: now });
    return saved;
  });
}
