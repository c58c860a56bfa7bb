import { z } from 'zod';
import { cursorSchema } from '../../shared/schemas/pagination';
import { productReviewSchema, shopReviewSchema } from '../../shared/schemas/review';
import { notFound } from '../errors';
import { offsetPage } from '../pagination';
import { router } from '../trpc/init';
import { authedProcedure, publicProcedure } from '../trpc/procedures';
import * as repo from './reviews.repository';

const pageInput = {
  cursor: cursorSchema,
  limit: z.number().int().min(1).max(50).optional().default(20),
};
const productReviewsInput = z.object({ productId: z.number().int().positive(), ...pageInput });
const shopReviewsInput = z.object({ shopId: z.number().int().positive(), ...pageInput });

type ReviewRow = Awaited<ReturnType<typeof repo.listProductReviews>>[number];

function toReview(row: ReviewRow) {
  return {
    id: row.id,
    userId: row.user_id,
    rating: row.rating,
    comment: row.comment,
    createdAt: row.created_at,
    fullName: row.full_name?.trim() ? row.full_name : null,
    avatarUrl: row.avatar_url ?? null,
  };
}
export type ReviewData = ReturnType<typeof toReview>;

function page(rows: ReviewRow[], offset: number, limit: number) {
  const result = offsetPage(rows, offset, limit);
  return { ...result, items: result.items.map(toReview) };
}

const commentOrNull = (comment: string) => (comment.trim() ? comment.trim() : null);

/** Product and shop reviews. Reading is public; writing needs a signed-in user (one review each, updatable). */
export const reviewsRouter = router({
  productReviews: publicProcedure.input(productReviewsInput).query(async ({ ctx, input }) => {
    const offset = input.cursor ?? 0;
    return page(await repo.listProductReviews(ctx.db, input.productId, offset, input.limit), offset, input.limit);
  }),

  shopReviews: publicProcedure.input(shopReviewsInput).query(async ({ ctx, input }) => {
    const offset = input.cursor ?? 0;
    return page(await repo.listShopReviews(ctx.db, input.shopId, offset, input.limit), offset, input.limit);
  }),

  /** The caller's own review of a product (null when none), so the form opens in update mode. */
  myProductReview: authedProcedure.input(z.object({ productId: z.number().int().positive() })).query(async ({ ctx, input }) => {
    return (await repo.findProductReview(ctx.db, input.productId, ctx.user.id)) ?? null;
  }),

  myShopReview: authedProcedure.input(z.object({ shopId: z.number().int().positive() })).query(async ({ ctx, input }) => {
    return (await repo.findShopReview(ctx.db, input.shopId, ctx.user.id)) ?? null;
  }),

  /** Creates or updates the caller's review; `updated` tells the form which message to show. */
  saveProductReview: authedProcedure.input(productReviewSchema).mutation(async ({ ctx, input }) => {
    if (!(await repo.isProductReviewable(ctx.db, input.productId))) throw notFound('Product not found');
    const existing = await repo.findProductReview(ctx.db, input.productId, ctx.user.id);
    await repo.upsertProductReview(ctx.db, {
      productId: input.productId,
      userId: ctx.user.id,
      rating: input.rating,
      comment: commentOrNull(input.comment),
      now: ctx.now().toISOString(),
    });
    return { updated: Boolean(existing) };
  }),

  saveShopReview: authedProcedure.input(shopReviewSchema).mutation(async ({ ctx, input }) => {
    if (!(await repo.isShopReviewable(ctx.db, input.shopId))) throw notFound('Shop not found');
    const existing = await repo.findShopReview(ctx.db, input.shopId, ctx.user.id);
    await repo.upsertShopReview(ctx.db, {
      shopId: input.shopId,
      userId: ctx.user.id,
      rating: input.rating,
      comment: commentOrNull(input.comment),
      now: ctx.now().toISOString(),
    });
    return { updated: Boolean(existing) };
  }),
});
