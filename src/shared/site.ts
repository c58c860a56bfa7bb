import { DEFAULT_SITE_NAME } from './page-titles';

/** Today's theme colour (styles/theme.css.ts's fallback): the brand colour until the operator picks one. */
export const DEFAULT_BRAND_COLOUR = '#0d7a6f';

/**
 * What every page knows of the marketplace itself (issue 47): the public part of marketplace_settings,
 * read by the top bar, titles, heads, manifest, emails and texts. No zod here: the shell reads it on
 * every page's first download.
 */
export interface SiteIdentity {
  name: string;
  /** The installed app's label: the short name, or the name when none is set. */
  shortName: string;
  tagline: string;
  brandColour: string;
  /** The operator's logo, cropped square (issue 47); null: none, today's icons. */
  logo: SiteLogo | null;
}

/** The marketplace's logo as pages and emails load it. */
export interface SiteLogo {
  /** The square logo itself (WebP, at most 1024 px a side). */
  url: string;
  /** Its 192 px PNG (the installed app's icon): the top bar, emails and packing slips show it small. */
  icon: string;
}

export const DEFAULT_SITE: SiteIdentity = { name: DEFAULT_SITE_NAME, shortName: DEFAULT_SITE_NAME, tagline: '', brandColour: DEFAULT_BRAND_COLOUR, logo: null };
