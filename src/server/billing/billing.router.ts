import { dayIn } from '../../shared/cash';
import { planSchema, recordPaymentSchema, undoPaymentSchema, updatePlanSchema } from '../../shared/schemas/billing';
import { adminActor } from '../activity/activity.service';
import { router } from '../trpc/init';
import { adminProcedure, shopOwnerProcedure } from '../trpc/procedures';
import * as billing from './billing.service';

/** Pro plans and payments (issue 48): the admin's /admin/billing, and the shop's own /shop/billing. */
export const billingRouter = router({
  /** Every plan and the latest payments. */
  admin: adminProcedure.query(({ ctx }) => billing.adminBilling(ctx.db)),

  /** The Record payment dialog: the plans a payment may be for, and today (the latest date it may have). */
  plans: adminProcedure.query(async ({ ctx }) => ({ plans: await billing.listPlans(ctx.db, true), today: dayIn(ctx.now(), ctx.config.timeZone) })),

  createPlan: adminProcedure.input(planSchema).mutation(({ ctx, input }) => billing.savePlan(ctx.db, null, input, adminActor(ctx.user), ctx.now())),

  updatePlan: adminProcedure.input(updatePlanSchema).mutation(({ ctx, input }) => billing.savePlan(ctx.db, input.id, input, adminActor(ctx.user), ctx.now())),

  recordPayment: adminProcedure
    .input(recordPaymentSchema)
    .mutation(({ ctx, input }) => billing.recordPayment(ctx.db, input, adminActor(ctx.user), ctx.now(), ctx.config.timeZone)),

  undoPayment: adminProcedure.input(undoPaymentSchema).mutation(({ ctx, input }) => billing.undoPayment(ctx.db, input.paymentId, input.reason, adminActor(ctx.user), ctx.now())),

  /** The caller's own shop: where it stands, the plans to pay for, its payments. A query: open after the end too. */
  mine: shopOwnerProcedure.query(({ ctx }) => billing.shopBilling(ctx.db, ctx.config, ctx.user, ctx.shop, ctx.language ?? 'en')),
});
