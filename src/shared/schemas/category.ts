import { z } from 'zod';

export const createCategorySchema = z.object({
  name: z
    .string({ error: 'Please enter a category name' })
    .trim()
    .min(1, { error: 'Please enter a category name' })
    .max(60, { error: 'Category name must be at most 60 characters' }),
  description: z.string().trim().max(500, { error: 'Description must be at most 500 characters' }).optional().default(''),
});
export type CreateCategoryInput = z.input<typeof createCategorySchema>;
