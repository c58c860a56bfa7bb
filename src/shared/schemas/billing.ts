import { z } from 'zod';
import { MAX_GRACE_DAYS, MAX_PLAN_MONTHS, MIN_PLAN_MONTHS } from '../plan';
import { MAX_COMMISSION_RATE_BPS } from '../commission';
import { currencySchema, taxPercentToBps } from './shop';

/** Inputs of /admin/billing and the Record payment dialog (issue 48); each message is shown by its field. */

export const PLAN_NAME_REQUIRED = 'Please enter the plan name';
export const PLAN_NAME_LENGTH = 'Plan name must be at most 40 characters';
export const PLAN_MONTHS_INVALID = 'Months must be a whole number from 1 to 24';
export const PLAN_PRICE_INVALID = 'Price must be an amount above 0, like 1,500';
export const PLAN_OR_MONTHS = 'Please choose a plan or enter the months';
export const PAYMENT_AMOUNT_INVALID = 'Amount received must be an amount above 0, like 1,500';
export const PAYMENT_DATE_INVALID = 'Please enter the date the payment came';
export const PAYMENT_DATE_FUTURE = 'The payment date cannot be in the future';
export const REFERENCE_LENGTH = 'Reference must be at most 60 characters';
export const REFERENCE_FORMULA = 'Reference cannot start with =, +, - or @';
export const UNDO_REASON_REQUIRED = 'Please say why this payment is undone';
export const UNDO_REASON_LENGTH = 'The reason must be at most 200 characters';
export const PAYMENT_ALREADY_UNDONE = 'This payment was already undone';
export const PLAN_NOT_FOUND = 'Plan not found';
export const PLAN_INACTIVE = 'This plan is not active';
export const PAYMENT_NOT_FOUND = 'Payment not found';

const id = z.number({ error: 'Invalid id' }).int({ error: 'Invalid id' }).positive({ error: 'Invalid id' });

/** Months as typed ("3") or sent (3): a whole number from 1 to 24. */
const monthsSchema = z.coerce
  .number({ error: PLAN_MONTHS_INVALID })
  .int({ error: PLAN_MONTHS_INVALID })
  .min(MIN_PLAN_MONTHS, { error: PLAN_MONTHS_INVALID })
  .max(MAX_PLAN_MONTHS, { error: PLAN_MONTHS_INVALID });

export const planSchema = z.object({
  name: z.string({ error: PLAN_NAME_REQUIRED }).trim().min(1, { error: PLAN_NAME_REQUIRED }).max(40, { error: PLAN_NAME_LENGTH }),
  months: monthsSchema,
  /** In major units as typed ("1,500"); the server reads it in the plan's currency. */
  price: z.string({ error: PLAN_PRICE_INVALID }).trim().min(1, { error: PLAN_PRICE_INVALID }).max(20, { error: PLAN_PRICE_INVALID }),
  currency: currencySchema,
  isActive: z.boolean().default(true),
});
export type PlanInput = z.input<typeof planSchema>;

export const updatePlanSchema = planSchema.extend({ id });

/** A reference a spreadsheet would not run as a formula (the statement's CSV carries it). */
const referenceSchema = z
  .string()
  .trim()
  .max(60, { error: REFERENCE_LENGTH })
  .refine((value) => !/^[=+\-@]/.test(value), { error: REFERENCE_FORMULA })
  .default('');

export const recordPaymentSchema = z
  .object({
    shopId: id,
    /** A plan, or null with `months` for "Custom months". */
    planId: id.nullable().default(null),
    months: z.union([z.literal(''), monthsSchema]).nullable().default(null),
    amount: z.string({ error: PAYMENT_AMOUNT_INVALID }).trim().min(1, { error: PAYMENT_AMOUNT_INVALID }).max(20, { error: PAYMENT_AMOUNT_INVALID }),
    paidOn: z.string({ error: PAYMENT_DATE_INVALID }).regex(/^\d{4}-\d{2}-\d{2}$/, { error: PAYMENT_DATE_INVALID }),
    reference: referenceSchema,
  })
  .superRefine((value, ctx) => {
    if (value.planId === null && (value.months === null || value.months === '')) ctx.addIssue({ code: 'custom', path: ['months'], message: PLAN_OR_MONTHS });
  });
export type RecordPaymentInput = z.input<typeof recordPaymentSchema>;

export const undoPaymentSchema = z.object({
  paymentId: id,
  reason: z.string({ error: UNDO_REASON_REQUIRED }).trim().min(1, { error: UNDO_REASON_REQUIRED }).max(200, { error: UNDO_REASON_LENGTH }),
});

export const COMMISSION_AMOUNT_INVALID = 'Amount must be an amount above 0, like 1,500';
export const COMMISSION_RATE_INVALID = 'Commission rate must be a number from 0 to 50 with at most 2 decimals';

/** A commission rate as typed ("10", "7.25") in basis points (0 to 50%, at most two decimals), or null for an empty field. */
const typedRate = z.union([z.string(), z.number(), z.null()], { error: COMMISSION_RATE_INVALID }).transform((value, ctx) => {
  if (value === null || String(value).trim() === '') return null;
  const bps = taxPercentToBps(value);
  if (bps === null || bps > MAX_COMMISSION_RATE_BPS) {
    ctx.addIssue({ code: 'custom', message: COMMISSION_RATE_INVALID });
    return z.NEVER;
  }
  return bps;
});

/** The marketplace's "Commission rate": an empty field is 0 (off). */
export const commissionRateSchema = typedRate.transform((bps) => bps ?? 0);

export const GRACE_DAYS_INVALID = 'Grace days must be a whole number from 0 to 60';

/** The "Billing" section of /admin/settings: Grace days, and Stop orders from shops whose trial or plan has ended. */
export const billingSettingsSchema = z.object({
  graceDays: z.coerce
    .number({ error: GRACE_DAYS_INVALID })
    .int({ error: GRACE_DAYS_INVALID })
    .min(0, { error: GRACE_DAYS_INVALID })
    .max(MAX_GRACE_DAYS, { error: GRACE_DAYS_INVALID }),
  stopOrders: z.boolean(),
  /** "Commission rate" (issue 48); left out, the saved rate stays. */
  commissionRate: commissionRateSchema.optional(),
});

/** /admin/shops "Custom rate": a rate, or null (the empty field) for the marketplace's. */
export const shopCommissionRateSchema = z.object({
  shopId: id,
  rate: typedRate,
});

/** /admin/billing "Record commission payment": in the shop's currency, never above what it owes. */
export const commissionPaymentSchema = z.object({
  shopId: id,
  amount: z.string({ error: COMMISSION_AMOUNT_INVALID }).trim().min(1, { error: COMMISSION_AMOUNT_INVALID }).max(20, { error: COMMISSION_AMOUNT_INVALID }),
  paidOn: z.string({ error: PAYMENT_DATE_INVALID }).regex(/^\d{4}-\d{2}-\d{2}$/, { error: PAYMENT_DATE_INVALID }),
  reference: referenceSchema,
});
export type CommissionPaymentInput = z.input<typeof commissionPaymentSchema>;

export const shopIdSchema = z.object({ shopId: id });
