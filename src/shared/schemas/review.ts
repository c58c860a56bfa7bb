import { z } from 'zod';
import { RATING_MAX, RATING_MIN, REVIEW_COMMENT_MAX } from '../constants';

/** Reviews (spec section 5): rating 1-5 ('Please select a rating'), optional plain-text comment. */
export const ratingSchema = z
  .number({ error: 'Please select a rating' })
  .int({ error: 'Please select a rating' })
  .min(RATING_MIN, { error: 'Please select a rating' })
  .max(RATING_MAX, { error: 'Please select a rating' });

export const commentSchema = z
  .string()
  .trim()
  .max(REVIEW_COMMENT_MAX, { error: `Comment must be at most ${REVIEW_COMMENT_MAX} characters` })
  .optional()
  .default('');

export const productReviewSchema = z.object({
  productId: z.number().int().positive(),
  rating: ratingSchema,
  comment: commentSchema,
});

export const shopReviewSchema = z.object({
  shopId: z.number().int().positive(),
  rating: ratingSchema,
  comment: commentSchema,
});
