import { z } from 'zod';
import { isHexColour, MIN_CONTRAST, whiteTextContrast } from '../contrast';
import { emailSchema } from './auth';
import { typedText } from './text';

/** The "Marketplace" section of /admin/settings (issue 47); each message is shown by its field. */

export const NAME_REQUIRED = 'Please enter the marketplace name';
export const NAME_LENGTH = 'Marketplace name must be 2 to 40 characters';
export const SHORT_NAME_LENGTH = 'Short name must be at most 12 characters';
export const TAGLINE_LENGTH = 'Tagline must be at most 80 characters';
export const COLOUR_INVALID = 'Brand colour must be # and 6 hex digits';
export const SUPPORT_WHATSAPP_INVALID = 'Support WhatsApp must be digits with the country code';
export const COUNTRY_CODE_INVALID = 'Country code must be 1 to 3 digits';

/** The logo (issue 47): PNG, JPEG or WebP up to 5 MB, judged by its content on the server. */
const LOGO_MAX_MB = 5;
export const LOGO_MAX_BYTES = LOGO_MAX_MB * 1024 * 1024;
export const LOGO_TOO_LARGE = `The logo must be at most ${LOGO_MAX_MB} MB`;
export const LOGO_NOT_SVG = 'An SVG logo cannot be used (it can carry scripts). Please upload a PNG, JPEG or WebP image';
export const LOGO_FORMAT = 'The logo must be a PNG, JPEG or WebP image';
/** The types a logo may be, as a file input's `accept` and the browser's first check. */
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

/** The browser's first look at a chosen file (the server decodes it and judges again). */
export function checkLogoFile(file: { type: string; size: number }): string | null {
  if (file.type === 'image/svg+xml') return LOGO_NOT_SVG;
  if (!(LOGO_TYPES as readonly string[]).includes(file.type)) return LOGO_FORMAT;
  if (file.size > LOGO_MAX_BYTES) return LOGO_TOO_LARGE;
  return null;
}

/** The refusal of a colour white text does not read on, with its ratio (the errors catalogue has it with {ratio}). */
export const colourContrastMessage = (ratio: number) =>
  `White text on this colour has a contrast of ${ratio.toFixed(2)}:1; it needs at least ${MIN_CONTRAST}:1. Please choose a darker colour`;

export const marketplaceSettingsSchema = z.object({
  name: z
    .string({ error: NAME_REQUIRED })
    .trim()
    .min(1, { error: NAME_REQUIRED })
    .min(2, { error: NAME_LENGTH })
    .max(40, { error: NAME_LENGTH }),
  shortName: z.string().trim().max(12, { error: SHORT_NAME_LENGTH }).default(''),
  tagline: z.string().trim().max(80, { error: TAGLINE_LENGTH }).default(''),
  brandColour: z
    .string({ error: COLOUR_INVALID })
    .trim()
    .toLowerCase()
    .refine(isHexColour, { error: COLOUR_INVALID })
    .superRefine((hex, ctx) => {
      if (!isHexColour(hex)) return;
      const ratio = whiteTextContrast(hex);
      if (ratio < MIN_CONTRAST) ctx.addIssue({ code: 'custom', message: colourContrastMessage(ratio) });
    }),
  /** Empty: no support number (the trial-expired button then has none). */
  supportWhatsapp: z
    .string()
    .trim()
    .transform((value) => value.replace(/[\s-]/g, ''))
    .refine((value) => value === '' || /^\+?\d{6,15}$/.test(value), { error: SUPPORT_WHATSAPP_INVALID })
    .default(''),
  contactEmail: z.union([z.literal(''), emailSchema]).default(''),
  countryCode: z
    .string()
    .trim()
    .transform((value) => value.replace(/^\+/, ''))
    .refine((value) => /^\d{1,3}$/.test(value), { error: COUNTRY_CODE_INVALID }),
});

export type MarketplaceSettingsInput = z.input<typeof marketplaceSettingsSchema>;
export type MarketplaceSettingsValues = z.output<typeof marketplaceSettingsSchema>;

/** The "Announcement" section of /admin/settings (issue 47): a line at the top of every public page. */

export const ANNOUNCEMENT_MAX = 140;
export const ANNOUNCEMENT_LENGTH = 'Announcement must be at most 140 characters';
export const ANNOUNCEMENT_URDU_LENGTH = 'Urdu announcement must be at most 140 characters';
export const ANNOUNCEMENT_TEXT_REQUIRED = 'Please enter the announcement in English, or clear the other fields';
export const ANNOUNCEMENT_LINK_INVALID = 'Link must start with https://, http:// or /';
export const ANNOUNCEMENT_TIME_INVALID = 'Choose a date and time';
export const ANNOUNCEMENT_ENDS_BEFORE_STARTS = 'Ends must be after Starts';

/** A moment of the window, as the browser sends it (an ISO 8601 instant), or none. */
const instant = z
  .union([z.literal(''), z.null(), z.iso.datetime({ offset: true, error: ANNOUNCEMENT_TIME_INVALID })], { error: ANNOUNCEMENT_TIME_INVALID })
  .transform((value) => (value ? new Date(value).toISOString() : null))
  .default(null);

export const announcementSchema = z
  .object({
    text: typedText().trim().max(ANNOUNCEMENT_MAX, { error: ANNOUNCEMENT_LENGTH }).default(''),
    textUr: typedText().trim().max(ANNOUNCEMENT_MAX, { error: ANNOUNCEMENT_URDU_LENGTH }).default(''),
    /** A page of this site (/p/returns) or another (https://...); never javascript: or data:. */
    link: typedText()
      .trim()
      .max(500, { error: ANNOUNCEMENT_LINK_INVALID })
      .refine((link) => link === '' || /^https?:\/\/[^\s/]+\.[^\s]*$/i.test(link) || /^\/(?!\/)\S*$/.test(link), { error: ANNOUNCEMENT_LINK_INVALID })
      .default(''),
    startsAt: instant,
    endsAt: instant,
  })
  .superRefine((value, ctx) => {
    const rest = value.textUr !== '' || value.link !== '' || value.startsAt !== null || value.endsAt !== null;
    if (value.text === '' && rest) ctx.addIssue({ code: 'custom', path: ['text'], message: ANNOUNCEMENT_TEXT_REQUIRED });
    if (value.startsAt && value.endsAt && value.endsAt <= value.startsAt) ctx.addIssue({ code: 'custom', path: ['endsAt'], message: ANNOUNCEMENT_ENDS_BEFORE_STARTS });
  });

export type AnnouncementInput = z.input<typeof announcementSchema>;
export type AnnouncementValues = z.output<typeof announcementSchema>;
