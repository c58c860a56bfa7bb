import { z } from 'zod';
import {
  COUPON_CODE_PATTERN,
  COUPON_TYPES,
  type CouponType,
  MAX_COUPON_MINOR,
  MAX_COUPON_USES,
  MAX_PERCENT_OFF,
  MIN_PERCENT_OFF,
  normalizeCouponCode,
} from '../coupons';
import { formatMoney, parseMajorToMinor } from '../money';

/**
 * A shop's coupon form (/shop/coupons), shared by the form and the server. Amounts are typed in major
 * units of the shop's currency and leave in minor units; each refusal names its field, so the form
 * shows it under that field.
 */

const INVALID_CODE = 'Code must be 3-20 letters, digits or dashes';
export const couponCodeSchema = z
  .string({ error: INVALID_CODE })
  .max(40, { error: INVALID_CODE })
  .transform(normalizeCouponCode)
  .refine((code) => COUPON_CODE_PATTERN.test(code), { error: INVALID_CODE });

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (text: string) => DAY.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) && new Date(`${text}T00:00:00Z`).toISOString().startsWith(text);

export const couponFormSchema = z.object({
  code: z.string().max(40),
  type: z.enum(COUPON_TYPES, { error: 'Choose a type' }),
  value: z.string().max(40),
  minOrder: z.string().max(40),
  startsOn: z.string().max(10),
  endsOn: z.string().max(10),
  maxUses: z.string().max(20),
  oncePerBuyer: z.boolean(),
  isActive: z.boolean(),
});
export type CouponFormInput = z.input<typeof couponFormSchema>;

/** A coupon as the server keeps it, in minor units of the shop's currency. */
export interface CouponValues {
  code: string;
  type: CouponType;
  value: number;
  minOrder: number | null;
  startsOn: string | null;
  endsOn: string | null;
  maxUses: number | null;
  oncePerBuyer: boolean;
  isActive: boolean;
}

/** The form read in the shop's currency. */
export const couponValuesSchema = (currency: string) =>
  couponFormSchema.transform((input, ctx): CouponValues => {
    const fail = (message: string, path: string) => ctx.addIssue({ code: 'custom', message, path: [path] });
    const highest = formatMoney(MAX_COUPON_MINOR, currency);

    const code = normalizeCouponCode(input.code);
    if (!COUPON_CODE_PATTERN.test(code)) fail(INVALID_CODE, 'code');

    let value = 0;
    if (input.type === 'percent') {
      const text = input.value.trim();
      value = /^\d{1,3}$/.test(text) ? Number(text) : NaN;
      if (!(value >= MIN_PERCENT_OFF && value <= MAX_PERCENT_OFF)) fail(`Percent off must be a whole number from ${MIN_PERCENT_OFF} to ${MAX_PERCENT_OFF}`, 'value');
    } else if (input.type === 'amount') {
      const minor = parseMajorToMinor(input.value, currency);
      if (minor === null || minor === 0) fail('Amount off must be an amount above 0, like 500', 'value');
      else if (minor > MAX_COUPON_MINOR) fail(`Amount off must be at most ${highest}`, 'value');
      else value = minor;
    }

    let minOrder: number | null = null;
    if (input.minOrder.trim() !== '') {
      minOrder = parseMajorToMinor(input.minOrder, currency);
      if (minOrder === null || minOrder === 0) fail('Minimum order must be an amount above 0, or left empty', 'minOrder');
      else if (minOrder > MAX_COUPON_MINOR) fail(`Minimum order must be at most ${highest}`, 'minOrder');
    }

    const day = (text: string, path: string) => {
      const trimmed = text.trim();
      if (trimmed === '') return null;
      if (!isDay(trimmed)) fail('Enter a date like 2026-12-31', path);
      return trimmed;
    };
    const startsOn = day(input.startsOn, 'startsOn');
    const endsOn = day(input.endsOn, 'endsOn');
    if (startsOn && endsOn && endsOn < startsOn) fail('Ends must be on or after Starts', 'endsOn');

    let maxUses: number | null = null;
    if (input.maxUses.trim() !== '') {
      const text = input.maxUses.trim().replace(/,/g, '');
      maxUses = /^\d{1,8}$/.test(text) ? Number(text) : NaN;
      if (!(maxUses >= 1 && maxUses <= MAX_COUPON_USES)) fail(`Total uses must be a whole number from 1 to ${MAX_COUPON_USES.toLocaleString('en')}, or left empty`, 'maxUses');
    }

    return { code, type: input.type, value, minOrder, startsOn, endsOn, maxUses, oncePerBuyer: input.oncePerBuyer, isActive: input.isActive };
  });

const id = z.number({ error: 'Invalid id' }).int({ error: 'Invalid id' }).positive({ error: 'Invalid id' });

export const createCouponSchema = z.object({ coupon: couponFormSchema });
export const updateCouponSchema = z.object({ id, coupon: couponFormSchema });
export const couponIdSchema = z.object({ id });

/** The cart's "Apply": a code for one shop's group. */
export const applyCouponSchema = z.object({ shopId: id, code: couponCodeSchema });

/** The codes a checkout carries: one per shop group at most. */
export const checkoutCouponsSchema = z
  .array(z.object({ shopId: id, code: couponCodeSchema }))
  .max(50, { error: 'Too many coupons' })
  .refine((list) => new Set(list.map((c) => c.shopId)).size === list.length, { error: 'One coupon per shop' })
  .optional()
  .default([]);
