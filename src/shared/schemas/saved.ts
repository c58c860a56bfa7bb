import { z } from 'zod';
import { MAX_SAVED } from '../saved';

const productId = z.number().int().positive();

/** The heart: save a product, or take it off the list. */
export const setSavedSchema = z.object({ productId, saved: z.boolean() });

/** A guest's list sent at sign-in (saved.ts `SavedEntry`); the price is only what the buyer saw. */
export const mergeSavedSchema = z.object({
  entries: z
    .array(
      z.object({
        productId,
        price: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
        currency: z.string().regex(/^[A-Z]{3}$/),
        savedAt: z.string().max(30),
      }),
    )
    .max(MAX_SAVED, { message: `At most ${MAX_SAVED} saved products at once` }),
});
export type MergeSavedInput = z.output<typeof mergeSavedSchema>;

/** A guest's /saved: the products' state now. */
export const savedPreviewSchema = z.object({ productIds: z.array(productId).max(MAX_SAVED, { message: `At most ${MAX_SAVED} saved products at once` }) });
