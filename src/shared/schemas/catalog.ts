import { z } from 'zod';
import { MAX_CART_LINES } from '../cart';
import { cursorSchema, limitSchema } from './pagination';

/** Public catalog reads: filters come from the URL, so anything may arrive and is bounded here. */
const slug = z.string().trim().min(1).max(200);
const searchText = z.string().trim().max(100).optional().default('');

export const browseSchema = z.object({
  search: searchText,
  /** A category slug, shared across shops (the icon strip groups categories by slug). */
  category: searchText,
  shop: searchText,
  cursor: cursorSchema,
  limit: limitSchema,
});
export type BrowseInput = z.output<typeof browseSchema>;

export const slugSchema = z.object({ slug });

export const shopsListSchema = z.object({
  search: searchText,
  cursor: cursorSchema,
  limit: limitSchema,
});
export type ShopsListInput = z.output<typeof shopsListSchema>;

export const storefrontProductsSchema = z.object({
  shopId: z.number().int().positive(),
  categoryId: z.number().int().positive().nullish(),
  cursor: cursorSchema,
  limit: limitSchema,
});
export type StorefrontProductsInput = z.output<typeof storefrontProductsSchema>;

export const cartLinesSchema = z.object({
  productIds: z.array(z.number().int().positive()).max(MAX_CART_LINES),
});

/** Guest tracking (spec section 5): email lowercased and trimmed, order number trimmed; number wins. */
export const guestTrackSchema = z
  .object({
    email: z.string().max(254).optional().default(''),
    orderNumber: z.string().max(64).optional().default(''),
  })
  .transform((v) => ({ email: v.email.trim().toLowerCase(), orderNumber: v.orderNumber.trim().toUpperCase() }))
  .refine((v) => v.email !== '' || v.orderNumber !== '', { error: 'Please enter your email or order number' });
