import { z } from 'zod';
import { RATING_MAX, RATING_MIN, REVIEW_COMMENT_MAX, REVIEW_REPLY_MAX } from '../constants';

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

/** A shop owner's one public reply to a review of the shop or its products (issue 49); written again to edit it. */
export const reviewReplySchema = z.object({
  kind: z.enum(['product', 'shop']),
  id: z.number().int().positive(),
  reply: z
    .string()
    .trim()
    .min(1, { error: 'Write a reply' })
    .max(REVIEW_REPLY_MAX, { error: `Reply must be at most ${REVIEW_REPLY_MAX} characters` }),
});
