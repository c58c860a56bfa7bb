import { z } from 'zod';
import { isCurrencyCode } from '../money';
import { isReservedShopSlug, SLUG_PATTERN } from '../slug';
import { optionalPhoneSchema } from './phone';
import { optionalText, requiredText } from './text';

/** Shop forms of spec section 5; the messages are shown as toasts. */

export const shopSlugSchema = z
  .string({ error: 'Shop URL is required' })
  .trim()
  .min(1, { error: 'Shop URL is required' })
  .max(60, { error: 'Shop URL must be at most 60 characters' })
  .regex(SLUG_PATTERN, { error: 'Shop URL may use a-z, 0-9 and hyphens, and cannot start or end with a hyphen' })
  .refine((slug) => !isReservedShopSlug(slug), { error: 'This shop URL is reserved. Please choose another.' });

export const whatsappSchema = z
  .string({ error: 'WhatsApp number is required' })
  .trim()
  .min(1, { error: 'WhatsApp number is required' })
  .regex(/^\+?[0-9][0-9 ()-]{6,24}$/, { error: 'Enter the WhatsApp number with its country code, e.g. +923001234567' })
  .refine((v) => v.replace(/\D/g, '').length >= 8, {
    error: 'Enter the WhatsApp number with its country code, e.g. +923001234567',
  });

const contactEmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, { error: 'Invalid email address' })
  .refine((v) => v === '' || z.email().safeParse(v).success, { error: 'Invalid email address' })
  .optional()
  .default('');

/** One of the currencies the app can format (product-decisions 4); a shop's products are priced in it. */
export const currencySchema = z
  .string({ error: 'Currency is required' })
  .trim()
  .toUpperCase()
  .min(1, { error: 'Currency is required' })
  .regex(/^[A-Z]{3}$/, { error: 'Currency must be a 3-letter code such as PKR or USD' })
  .refine(isCurrencyCode, { error: (issue) => `${String(issue.input)} is not a currency we can show. Choose one from the list, such as PKR or USD.` });

/** Tax rate as a percentage with at most two decimals (17.5 -> 1750 basis points). */
export function taxPercentToBps(text: string | number): number | null {
  const match = /^(\d{1,3})(?:\.(\d{0,2}))?$/.exec(String(text).trim());
  if (!match) return null;
  const bps = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0') || '0');
  return bps <= 10_000 ? bps : null;
}

export function bpsToTaxPercent(bps: number): string {
  const whole = Math.floor(bps / 100);
  const rest = bps % 100;
  return rest === 0 ? String(whole) : `${whole}.${String(rest).padStart(2, '0').replace(/0$/, '')}`;
}

export const createShopSchema = z.object({
  name: requiredText('Shop name', 120),
  slug: shopSlugSchema,
  description: optionalText('Description', 2000),
  contactEmail: contactEmailSchema,
  contactPhone: optionalPhoneSchema,
  whatsappNumber: whatsappSchema,
  currency: currencySchema,
  taxRate: z
    .union([z.string(), z.number()])
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || String(v).trim() === '') return 0;
      const bps = taxPercentToBps(v);
      if (bps === null) {
        ctx.addIssue({ code: 'custom', message: 'Tax rate must be a number between 0 and 100 with at most 2 decimals' });
        return z.NEVER;
      }
      return bps;
    }),
});
/** A checked shop form: the tax rate in basis points. */
export type CreateShopValues = z.output<typeof createShopSchema>;

const imageUrl = z
  .string()
  .regex(/^\/uploads\/[a-z0-9/_-]+\.webp$/i, { error: 'Please upload the image again' })
  .nullable();

export const updateShopSchema = z.object({
  name: requiredText('Shop name', 120),
  description: optionalText('Description', 2000),
  contactEmail: contactEmailSchema,
  contactPhone: optionalPhoneSchema,
  whatsappNumber: whatsappSchema,
  /** Absent: the shop keeps its currency. */
  currency: currencySchema.optional(),
  logoUrl: imageUrl,
  profilePictureUrl: imageUrl,
  coverImageUrl: imageUrl,
});
export type UpdateShopInput = z.input<typeof updateShopSchema>;
