import { z } from 'zod';

/** The one phone rule (sign-up, profile, checkout, a shop's contact phone). WhatsApp numbers have their own, stricter one. */
const PHONE_PATTERN = /^\+?[0-9 ()-]{5,}$/;
const PHONE_MAX = 32;
const INVALID = 'Enter a valid phone number';

const phoneText = z
  .string({ error: 'Phone is required' })
  .trim()
  .max(PHONE_MAX, { error: `Phone must be at most ${PHONE_MAX} characters` });

export const phoneSchema = phoneText.min(1, { error: 'Phone is required' }).regex(PHONE_PATTERN, { error: INVALID });

/** A phone that may be left empty (''), as a shop's contact phone. */
export const optionalPhoneSchema = phoneText
  .refine((v) => v === '' || PHONE_PATTERN.test(v), { error: INVALID })
  .optional()
  .default('');
