import { z } from 'zod';
import { cursorSchema } from './pagination';
import { ORDER_NUMBER_PATTERN } from '../order-number';

/** Public catalog reads: filters come from the URL, so anything may arrive and is bounded here. */
const slug = z.string().trim().min(1).max(200);

export const browseSchema = z.object({
  search: z.string().trim().max(100).optional().default(''),
  /** A category slug, shared across shops (the icon strip groups categories by slug). */
  category: z.string().trim().max(100).optional().default(''),
  shop: z.string().trim().max(100).optional().default(''),
  cursor: cursorSchema,
  limit: z.number().int().min(1).max(60).optional().default(24),
});
export type BrowseInput = z.input<typeof browseSchema>;

export const slugSchema = z.object({ slug });

export const shopsListSchema = z.object({
  search: z.string().trim().max(100).optional().default(''),
  cursor: cursorSchema,
  limit: z.number().int().min(1).max(60).optional().default(24),
});

export const storefrontProductsSchema = z.object({
  shopId: z.number().int().positive(),
  categoryId: z.number().int().positive().nullish(),
  cursor: cursorSchema,
  limit: z.number().int().min(1).max(60).optional().default(24),
});

export const cartLinesSchema = z.object({
  productIds: z.array(z.number().int().positive()).max(200),
});

/** Guest tracking (spec section 5): email lowercased and trimmed, order number trimmed; number wins. */
export const guestTrackSchema = z
  .object({
    email: z.string().max(254).optional().default(''),
    orderNumber: z.string().max(64).optional().default(''),
  })
  .transform((v) => ({ email: v.email.trim().toLowerCase(), orderNumber: v.orderNumber.trim().toUpperCase() }))
  .refine((v) => v.email !== '' || v.orderNumber !== '', { error: 'Please enter your email or order number' });

export function looksLikeOrderNumber(text: string): boolean {
  return ORDER_NUMBER_PATTERN.test(text);
}
