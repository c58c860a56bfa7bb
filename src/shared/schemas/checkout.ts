import { z } from 'zod';
import { MAX_CART_LINES, MAX_LINE_QUANTITY, MAX_OPTION_LENGTH, unitsPerProduct } from '../cart';
import { checkoutCouponsSchema } from './coupon';
import { phoneSchema } from './phone';

/** Checkout (spec section 5): name, email, phone, address, city and postal code required; notes optional. */
const required = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(max, { error: `${label} must be at most ${max} characters` });

export const shippingSchema = z.object({
  fullName: required('Full name', 120),
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .toLowerCase()
    .min(1, { error: 'Email is required' })
    .max(254, { error: 'Invalid email address' })
    .pipe(z.email({ error: 'Invalid email address' })),
  phone: phoneSchema,
  address: required('Address', 200),
  city: required('City', 100),
  postalCode: required('Postal code', 20),
  notes: z.string().trim().max(1000, { error: 'Notes must be at most 1000 characters' }).optional().default(''),
});
export type ShippingInput = z.infer<typeof shippingSchema>;

const option = z.string().trim().max(MAX_OPTION_LENGTH, { error: 'Invalid option' }).nullable().transform((v) => (v ? v : null));

const checkoutItemSchema = z.object({
  productId: z.number({ error: 'Invalid product' }).int({ error: 'Invalid product' }).positive({ error: 'Invalid product' }),
  quantity: z
    .number({ error: 'Invalid quantity' })
    .int({ error: 'Invalid quantity' })
    .min(1, { error: 'Quantity must be at least 1' })
    .max(MAX_LINE_QUANTITY, { error: `Quantity must be at most ${MAX_LINE_QUANTITY}` }),
  color: option,
  size: option,
});

export const checkoutSchema = z.object({
  items: z
    .array(checkoutItemSchema, { error: 'Your cart is empty' })
    .min(1, { error: 'Your cart is empty' })
    .max(MAX_CART_LINES, { error: `At most ${MAX_CART_LINES} different items per order` })
    // Counted after identical lines are merged, as the order will hold them: 20 lines of 999 are 19,980.
    .refine((items) => [...unitsPerProduct(items).values()].every((units) => units <= MAX_LINE_QUANTITY), {
      error: `At most ${MAX_LINE_QUANTITY} units of one product per order`,
    }),
  shipping: shippingSchema,
  /**
   * One per checkout attempt, made by the client and sent again with every retry of that attempt: the
   * server places its orders once and answers a repeat with them. Optional like an HTTP
   * Idempotency-Key: a caller that sends none gets no protection against its own retries.
   */
  /** The cart's coupon codes, one per shop group at most (issue 32): each is checked again here, in the checkout. */
  coupons: checkoutCouponsSchema,
  attemptKey: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,100}$/, { error: 'This page is out of date. Please reload it and place your order again.' })
    .optional(),
});
type ParsedCheckout = z.infer<typeof checkoutSchema>;
/** A checkout as the server places it; callers other than the router (seeds, tests) may leave the coupons out. */
export type CheckoutInput = Omit<ParsedCheckout, 'coupons'> & { coupons?: ParsedCheckout['coupons'] };
