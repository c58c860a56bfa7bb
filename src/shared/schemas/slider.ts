import { z } from 'zod';

/** Validation of the Add Slider form (spec section 5); messages are shown as toasts. */

export const REDIRECT_URL_REQUIRED = 'Redirect URL is required';
export const REDIRECT_URL_INVALID = 'Redirect URL must be a path starting with / (like /product/example) or an http(s) link';
export const IMAGE_REQUIRED = 'Please upload an image';
export const DISPLAY_ORDER_INVALID = 'Display order must be a whole number from 0 to 9999';

const isControlCharacter = (c: string) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f;

/**
 * A carousel link is either an internal path ('/product/x', never '//host' or '/\host', which
 * browsers read as another site) or an absolute http(s) URL. Anything else (javascript:, data:,
 * relative words) is refused.
 */
export function isSafeRedirectUrl(value: string): boolean {
  const url = value.trim();
  if (url.length === 0 || /\s/.test(url) || [...url].some(isControlCharacter)) return false;
  if (url.startsWith('/')) return !url.startsWith('//') && !url.startsWith('/\\');
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname.length > 0;
}

/** True when the link leaves the app (opened in a new tab by the carousel). */
export function isExternalRedirect(url: string): boolean {
  return !url.startsWith('/');
}

export const redirectUrlSchema = z
  .string({ error: REDIRECT_URL_REQUIRED })
  .trim()
  .min(1, { error: REDIRECT_URL_REQUIRED })
  .max(2000, { error: 'Redirect URL must be at most 2000 characters' })
  .refine(isSafeRedirectUrl, { error: REDIRECT_URL_INVALID });

export const displayOrderSchema = z
  .number({ error: DISPLAY_ORDER_INVALID })
  .int({ error: DISPLAY_ORDER_INVALID })
  .min(0, { error: DISPLAY_ORDER_INVALID })
  .max(9999, { error: DISPLAY_ORDER_INVALID });

export const addSliderSchema = z.object({
  title: z
    .string()
    .trim()
    .max(120, { error: 'Title must be at most 120 characters' })
    .optional()
    .transform((v) => (v ? v : null)),
  imageUrl: z.string({ error: IMAGE_REQUIRED }).trim().min(1, { error: IMAGE_REQUIRED }).max(500, { error: IMAGE_REQUIRED }),
  redirectUrl: redirectUrlSchema,
  displayOrder: displayOrderSchema.default(0),
});

export const sliderIdSchema = z.object({ id: z.number().int().positive() });
export const setSliderActiveSchema = z.object({ id: z.number().int().positive(), isActive: z.boolean() });
export const setSliderOrderSchema = z.object({ id: z.number().int().positive(), displayOrder: displayOrderSchema });
