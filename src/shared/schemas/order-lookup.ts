import { z } from 'zod';
import { phoneKey } from '../phone';
import { cursorSchema } from './pagination';
import { typedText } from './text';

/** What the admin's order lookup searches by (issue 30). */
export type LookupBy = 'orderNumber' | 'email' | 'phone';

const ORDER_NUMBER = /^ORD-\d{8}-\d{4,}-\d{6}$/i;
const PHONE = /^\+?[\d\s().-]+$/;
/** A phone number has at least this many digits (a shorter run of digits finds nobody's on purpose). */
const PHONE_MIN_DIGITS = 7;

/**
 * What a typed search means: an order number (ORD-…, any case), an email (has an @; compared in lower
 * case, as checkout keeps it), or a phone number (compared by its last 10 digits, product-decisions 6).
 * Null: none of them.
 */
export function lookupOf(text: string): { by: LookupBy; value: string } | null {
  const query = text.trim();
  if (ORDER_NUMBER.test(query)) return { by: 'orderNumber', value: query.toUpperCase() };
  if (query.includes('@')) return { by: 'email', value: query.toLowerCase() };
  if (PHONE.test(query) && query.replace(/\D/g, '').length >= PHONE_MIN_DIGITS) return { by: 'phone', value: phoneKey(query) };
  return null;
}

const NOT_A_LOOKUP = 'Enter an order number, an email or a phone number';

/** The admin's order lookup: one search text, and the page. */
export const orderLookupSchema = z.object({
  query: typedText({ error: NOT_A_LOOKUP })
    .trim()
    .min(1, { error: NOT_A_LOOKUP })
    .max(254, { error: 'Search must be at most 254 characters' })
    .refine((v) => lookupOf(v) !== null, { error: NOT_A_LOOKUP }),
  cursor: cursorSchema,
});
