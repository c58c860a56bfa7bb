import { z } from 'zod';
import { optionalText } from './text';

/** The "Policies" section of /shop/settings (issue 47): plain text the buyer reads beside Add to Cart. */

export const RETURNS_POLICY_MAX = 500;
export const DELIVERY_TIME_MAX = 120;

export const shopPoliciesSchema = z.object({
  /** "7-day exchange if unused; the buyer pays the return delivery"; '' for none. */
  returnsPolicy: optionalText('Returns and exchanges', RETURNS_POLICY_MAX),
  /** "2-4 working days in Karachi"; '' for none. */
  deliveryTime: optionalText('Delivery time', DELIVERY_TIME_MAX),
});

export type ShopPoliciesInput = z.input<typeof shopPoliciesSchema>;
export type ShopPolicies = z.output<typeof shopPoliciesSchema>;
