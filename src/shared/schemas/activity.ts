import { z } from 'zod';

/** The kinds of things the activity log names (the first part of an action: `shop.deactivated`). */
export const ACTIVITY_KINDS = ['shop', 'product', 'slider', 'user', 'order', 'cash', 'coupon', 'blocked_number', 'import', 'staff', 'review', 'report', 'settings', 'page', 'payment'] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

export const ACTIVITY_PAGE_SIZE = 30;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const day = z
  .string()
  .regex(DAY, { error: 'Choose a date' })
  .refine((v) => new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) === v, { error: 'Choose a date' })
  .nullish();

/**
 * /admin/activity's filters: who (a name or email, in part), the kind, the thing (its number or name, in
 * part), and the days From and To (both included, the marketplace's days); newest first, a page at a time.
 */
export const activityListSchema = z
  .object({
    who: z.string().trim().max(100, { error: 'Search must be at most 100 characters' }).optional().default(''),
    kind: z.enum(ACTIVITY_KINDS, { error: 'Unknown kind of activity' }).nullish(),
    thing: z.string().trim().max(100, { error: 'Search must be at most 100 characters' }).optional().default(''),
    from: day,
    to: day,
    /** The id of the last entry of the previous page. */
    cursor: z.number().int().positive().nullish(),
    limit: z.number().int().min(1).max(100).optional().default(ACTIVITY_PAGE_SIZE),
  })
  .refine((f) => !f.from || !f.to || f.from <= f.to, { error: 'The end date cannot be before the start date', path: ['to'] });
