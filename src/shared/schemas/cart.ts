import { z } from 'zod';
import { MAX_OPTION_LENGTH } from '../cart';
import { COUPON_TYPES } from '../coupons';
import { MAX_PRICE_MINOR } from '../pricing';

/** The most lines a cart sent to the server may hold: past MAX_CART_LINES they are dropped with a note. */
export const MAX_SENT_LINES = 10_000;

const option = z.string().max(MAX_OPTION_LENGTH).nullable();
const line = z.object({
  productId: z.number().int().positive(),
  color: option,
  size: option,
  // Over the per-product maximum is capped with a note, not refused.
  quantity: z.number().int().min(0).max(1_000_000),
});
/** A coupon the cart applied, with the terms the server answered then (shown in the cart; checkout checks the code again). */
const coupon = z.object({
  shopId: z.number().int().positive(),
  code: z.string().trim().min(1).max(20),
  type: z.enum(COUPON_TYPES),
  value: z.number().int().min(0).max(MAX_PRICE_MINOR),
  minOrder: z.number().int().min(0).max(MAX_PRICE_MINOR).nullable(),
});
const coupons = z.array(coupon).max(100);

/**
 * At sign-in: the guest cart joins the account's. `key` names that guest cart (random, made by its
 * browser): sent again after an answer that never arrived, it is not merged twice. A page still open
 * from before keys existed sends none, and is merged as before.
 */
export const mergeCartSchema = z.object({ key: z.string().min(8).max(64).optional(), lines: z.array(line).max(MAX_SENT_LINES), coupons });
export type MergeCartInput = z.output<typeof mergeCartSchema>;

/** One line changed on one device: `add` adds to what the server has, `set` puts the quantity (0 removes). */
export const changeCartLineSchema = line.extend({ mode: z.enum(['add', 'set']) });
export type ChangeCartLineInput = z.output<typeof changeCartLineSchema>;

export const cartCouponsSchema = z.object({ coupons });
export type CartCouponRef = z.output<typeof coupon>;
