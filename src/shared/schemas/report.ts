import { z } from 'zod';
import { REPORT_ACTIONS, REPORT_DETAILS_MAX, REPORT_NOTE_MAX, REPORT_REASONS, REPORT_THINGS } from '../reports';
import { cursorSchema } from './pagination';

const thingSchema = z.object({
  type: z.enum(REPORT_THINGS, { error: 'Unknown thing to report' }),
  id: z.number({ error: 'Unknown thing to report' }).int({ error: 'Unknown thing to report' }).positive({ error: 'Unknown thing to report' }),
});

/**
 * A report. `clientKey` names a guest's browser (a random id it keeps), so one guest holds one open
 * report per thing; a signed-in reporter is named by their account and the key is ignored.
 */
export const reportSchema = z.object({
  thing: thingSchema,
  reason: z.enum(REPORT_REASONS, { error: 'Choose a reason' }),
  details: z
    .string()
    .trim()
    .max(REPORT_DETAILS_MAX, { error: `Details must be at most ${REPORT_DETAILS_MAX} characters` })
    .optional()
    .default(''),
  clientKey: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, { error: 'Unknown thing to report' }).nullish(),
});

export const reportListSchema = z.object({
  status: z.enum(['open', 'resolved']).optional().default('open'),
  cursor: cursorSchema,
});

export const resolveReportSchema = z.object({
  thing: thingSchema,
  action: z.enum(REPORT_ACTIONS, { error: 'Choose what to do' }),
  note: z
    .string()
    .trim()
    .max(REPORT_NOTE_MAX, { error: `Note must be at most ${REPORT_NOTE_MAX} characters` })
    .optional()
    .default(''),
});

/** An admin hiding or showing one review (from a report or the review's own menu). */
export const reviewVisibilitySchema = z.object({
  kind: z.enum(['product', 'shop']),
  id: z.number().int().positive(),
  hidden: z.boolean(),
});
