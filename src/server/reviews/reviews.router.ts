import { z } from 'zod';
import { cursorSchema, limitSchema } from '../../shared/schemas/pagination';
import { productReviewSchema, reviewReplySchema, shopReviewSchema } from '../../shared/schemas/review';
import { router } from '../trpc/init';
import { adminActor } from '../activity/activity.service';
import { reviewVisibilitySchema } from '../../shared/schemas/report';
import { adminProcedure, authedProcedure, publicProcedure, shopProcedure } from '../trpc/procedures';
import { listReviews, myReview, replyToReview, saveReview, setReviewHidden } from './reviews.service';

const productId = z.number().int().positive();
const shopId = z.number().int().positive();
const productReviewsInput = z.object({ productId, cursor: cursorSchema, limit: limitSchema });
const shopReviewsInput = z.object({ shopId, cursor: cursorSchema, limit: limitSchema });

/**
 * Product and shop reviews. Reading is public while the product or shop is (its owner and admins read
 * them always); writing needs a signed-in user (one review each, updatable).
 */
export const reviewsRouter = router({
  productReviews: publicProcedure
    .input(productReviewsInput)
    .query(({ ctx, input }) => listReviews(ctx.db, { kind: 'product', id: input.productId }, input, ctx.sessionUserId)),

  shopReviews: publicProcedure
    .input(shopReviewsInput)
    .query(({ ctx, input }) => listReviews(ctx.db, { kind: 'shop', id: input.shopId }, input, ctx.sessionUserId)),

  /** The caller's own review of a product (null when none), so the form opens in update mode. */
  myProductReview: authedProcedure
    .input(z.object({ productId }))
    .query(({ ctx, input }) => myReview(ctx.db, { kind: 'product', id: input.productId }, ctx.user.id)),

  myShopReview: authedProcedure
    .input(z.object({ shopId }))
    .query(({ ctx, input }) => myReview(ctx.db, { kind: 'shop', id: input.shopId }, ctx.user.id)),

  /** Creates or updates the caller's review; `updated` tells the form which message to show. */
  saveProductReview: authedProcedure
    .input(productReviewSchema)
    .mutation(({ ctx, input }) =>
      saveReview(ctx.db, { kind: 'product', id: input.productId }, { userId: ctx.user.id, rating: input.rating, comment: input.comment }, ctx.now()),
    ),

  saveShopReview: authedProcedure
    .input(shopReviewSchema)
    .mutation(({ ctx, input }) =>
      saveReview(ctx.db, { kind: 'shop', id: input.shopId }, { userId: ctx.user.id, rating: input.rating, comment: input.comment }, ctx.now()),
    ),
  /** An admin hides or shows one review (issue 49): off the public pages and the ratings, or back. */
  setHidden: adminProcedure.input(reviewVisibilitySchema).mutation(async ({ ctx, input }) => {
    await setReviewHidden(ctx.db, input.kind, input.id, input.hidden, adminActor(ctx.user), ctx.now());
    return { id: input.id, hidden: input.hidden };
  }),

  /** The shop owner's public reply to a review of their shop or its products; written again to edit it. */
  reply: shopProcedure
    .input(reviewReplySchema)
    .mutation(({ ctx, input }) => replyToReview(ctx.db, ctx.shop.id, input.kind, input.id, input.reply, ctx.now())),
});
