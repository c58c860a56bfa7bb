import type { Selectable } from 'kysely';
import type { MarketplaceAnnouncementTable, MarketplaceSettingsTable } from '../db/schema';
import { announcementKey } from '../../shared/announcement';
import { DEFAULT_BRAND_COLOUR, DEFAULT_SITE, type SiteIdentity, type SiteLogo } from '../../shared/site';
import { brandIconUrls } from './brand-icons';
import { DEFAULT_SITE_NAME } from '../../shared/page-titles';

type Row = Selectable<MarketplaceSettingsTable> | undefined;

/** Where a setting never saved takes its first value from: the environment (SUPPORT_WHATSAPP), or the code's default. */
export interface FirstValues {
  supportWhatsapp: string | null;
  countryCode: string;
}

/** What /admin/settings shows in its form: the saved values, or each one's first value. */
export interface MarketplaceSettingsView {
  name: string;
  shortName: string;
  tagline: string;
  brandColour: string;
  supportWhatsapp: string;
  contactEmail: string;
  countryCode: string;
}

/** Where a stored URL is loaded from (storage.ts browserUrlOf: under S3_PUBLIC_URL when set); the URL itself without it. */
type UrlOf = (url: string) => string;

/** The logo's square image and its 192 px icon, or null without a logo. */
function toSiteLogo(logoUrl: string | null | undefined, urlOf: UrlOf = (url) => url): SiteLogo | null {
  return logoUrl ? { url: urlOf(logoUrl), icon: urlOf(brandIconUrls(logoUrl).icon192) } : null;
}

/** The public identity every page reads (shared/site.ts). */
export function toSiteIdentity(row: Row, urlOf?: UrlOf): SiteIdentity {
  if (!row) return DEFAULT_SITE;
  return { name: row.name, shortName: row.short_name || row.name, tagline: row.tagline, brandColour: row.brand_colour, logo: toSiteLogo(row.logo_url, urlOf) };
}

export function toSettingsView(row: Row, first: FirstValues): MarketplaceSettingsView {
  return {
    name: row?.name ?? DEFAULT_SITE_NAME,
    shortName: row?.short_name ?? '',
    tagline: row?.tagline ?? '',
    brandColour: row?.brand_colour ?? DEFAULT_BRAND_COLOUR,
    supportWhatsapp: row?.support_whatsapp ?? first.supportWhatsapp ?? '',
    contactEmail: row?.contact_email ?? '',
    countryCode: row?.country_code ?? first.countryCode,
  };
}

type AnnouncementRow = Selectable<MarketplaceAnnouncementTable> | undefined;

/** The "Announcement" section of /admin/settings: what was saved, or nothing. */
export function toAnnouncementView(row: AnnouncementRow) {
  return { text: row?.text ?? '', textUr: row?.text_ur ?? '', link: row?.link ?? '', startsAt: row?.starts_at ?? null, endsAt: row?.ends_at ?? null };
}
export type AnnouncementView = ReturnType<typeof toAnnouncementView>;

/** The bar as every public page reads it, with the key a browser remembers its dismissal by. */
export function toPublicAnnouncement(view: AnnouncementView) {
  return { ...view, key: announcementKey(view) };
}
