import { z } from 'zod';
import { daysBetween } from '../cash';
import { ORDER_STATUSES } from '../constants';

/** The longest date range one orders CSV covers. */
export const EXPORT_MAX_DAYS = 366;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const day = (label: string) =>
  z
    .string({ error: `Choose the "${label}" date` })
    .regex(DAY, { error: `Choose the "${label}" date` })
    .refine((v) => {
      const date = new Date(`${v}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === v;
    }, { error: `Choose the "${label}" date` });

/**
 * The orders CSV's filters, as /shop/orders has them: a status (or all) and the days From and To
 * (both included, the marketplace's days), at most 366 days.
 */
export const orderExportSchema = z
  .object({
    status: z.enum(ORDER_STATUSES, { error: 'Unknown order status' }).optional(),
    from: day('From'),
    to: day('To'),
  })
  .refine((r) => r.from <= r.to, { error: '"From" must be on or before "To"', path: ['to'] })
  .refine((r) => r.from > r.to || daysBetween(r.from, r.to) + 1 <= EXPORT_MAX_DAYS, { error: `An export covers at most ${EXPORT_MAX_DAYS} days`, path: ['to'] });

export type OrderExportFilters = z.output<typeof orderExportSchema>;
