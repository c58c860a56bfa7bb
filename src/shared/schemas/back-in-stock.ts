import { z } from 'zod';
import { MAX_OPTION_LENGTH } from '../cart';
import { emailSchema } from './auth';

/** A colour or size as a product names it; null when the buyer has not chosen one (or the product has none). */
const option = z.string().trim().max(MAX_OPTION_LENGTH).nullable();

/** "Notify me when it's back": the product, the chosen colour x size (if any) and the address to tell. */
export const askBackInStockSchema = z.object({
  productId: z.number().int().positive(),
  color: option,
  size: option,
  email: emailSchema,
});
export type AskBackInStockInput = z.output<typeof askBackInStockSchema>;
