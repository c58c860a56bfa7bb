import { z } from 'zod';
import { optionalText, typedText } from './text';

export const createCategorySchema = z.object({
  name: typedText({ error: 'Please enter a category name' })
    .trim()
    .min(1, { error: 'Please enter a category name' })
    .max(60, { error: 'Category name must be at most 60 characters' }),
  description: optionalText('Description', 500),
});
