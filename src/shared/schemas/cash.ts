import { z } from 'zod';
import { typedText } from './text';

/** Orders one "Mark cash received" marks at most (a page of orders is 20; a selection stays small). */
export const MAX_CASH_ORDERS = 100;
export const CASH_REFERENCE_MAX = 60;
// Control characters (C0, DEL, C1): a slip number is printed text.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day written YYYY-MM-DD (2026-02-30 is not one). */
export const daySchema = z
  .string({ error: 'Enter the date the cash was received' })
  .regex(DAY, { error: 'Enter the date the cash was received' })
  .refine((v) => {
    const date = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === v;
  }, { error: 'Enter the date the cash was received' });

/**
 * "Mark cash received" for one or several delivered orders of the shop: one day and one optional
 * reference (the courier's payment slip number), kept on each. '' is no reference.
 */
export const markCashSchema = z.object({
  orderIds: z
    .array(z.number().int().positive(), { error: 'Choose at least one order' })
    .min(1, { error: 'Choose at least one order' })
    .max(MAX_CASH_ORDERS, { error: `At most ${MAX_CASH_ORDERS} orders at a time` })
    .transform((ids) => [...new Set(ids)]),
  receivedOn: daySchema,
  reference: typedText()
    .refine((v) => !CONTROL.test(v), { error: 'Reference cannot contain line breaks, tabs or other control characters' })
    .transform((v) => v.trim())
    .pipe(z.string().max(CASH_REFERENCE_MAX, { error: `Reference must be at most ${CASH_REFERENCE_MAX} characters` }))
    .optional()
    .default(''),
});
