import { shopActor } from '../staff/staff.service';
import { applyCouponSchema, couponIdSchema, createCouponSchema, updateCouponSchema } from '../../shared/schemas/coupon';
import { POLICIES } from '../rate-limit';
import { router } from '../trpc/init';
import { publicProcedure, rateLimit, shopProcedure } from '../trpc/procedures';
import * as coupons from './coupons.service';

/** A shop's coupons (issue 32): the owner's list, form and dashboard figures; the cart's "Apply". */
export const couponsRouter = router({
  list: shopProcedure.query(({ ctx }) => coupons.listCoupons(ctx.db, ctx.shop, ctx.now())),

  create: shopProcedure.input(createCouponSchema).mutation(({ ctx, input }) => coupons.createCoupon(ctx.db, ctx.shop, input.coupon, ctx.now(), shopActor(ctx.user, ctx.shopRole))),

  update: shopProcedure.input(updateCouponSchema).mutation(async ({ ctx, input }) => {
    await coupons.updateCoupon(ctx.db, ctx.shop, input.id, input.coupon, ctx.now(), shopActor(ctx.user, ctx.shopRole));
    return { ok: true as const };
  }),

  delete: shopProcedure.input(couponIdSchema).mutation(async ({ ctx, input }) => {
    await coupons.deleteCoupon(ctx.db, ctx.shop, input.id, shopActor(ctx.user, ctx.shopRole), ctx.now());
    return { ok: true as const };
  }),

  /** Uses and discount given per coupon over the last 30 days (the dashboard). */
  stats: shopProcedure.query(({ ctx }) => coupons.couponStats(ctx.db, ctx.shop, ctx.now())),

  /** The cart's "Apply": a shop's code, answered with its terms or a refusal; rate-limited per client (counted before the input is read). */
  check: publicProcedure
    .use(rateLimit('coupon-apply', POLICIES.couponApplyPerClient, 'Too many coupon codes tried. Please wait a few minutes.'))
    .input(applyCouponSchema)
    .mutation(({ ctx, input }) => coupons.applyCoupon(ctx.db, { ...input, userId: ctx.sessionUserId, now: ctx.now() })),
});
