import { dayIn } from '../../shared/cash';
import { billingSettingsSchema, planSchema, recordPaymentSchema, undoPaymentSchema, updatePlanSchema } from '../../shared/schemas/billing';
import { adminActor } from '../activity/activity.service';
import { router } from '../trpc/init';
import { adminProcedure, shopProcedure } from '../trpc/procedures';
import * as billing from './billing.service';
import { billingSettings, endingThisWeek, saveBillingSettings } from './billing-settings.service';

/** Pro plans and payments (issue 48): the admin's /admin/billing, and the shop's own /shop/billing. */
export const billingRouter = router({
  /** Every plan, the latest payments, and the plans ending this week with their "Remind on WhatsApp". */
  admin: adminProcedure.query(async ({ ctx }) => ({
    ...(await billing.adminBilling(ctx.db)),
    endingThisWeek: await endingThisWeek(ctx.db, ctx.config, ctx.now(), ctx.language ?? 'en'),
  })),

  /** The "Billing" section of /admin/settings. */
  settings: adminProcedure.query(({ ctx }) => billingSettings(ctx.db)),

  saveSettings: adminProcedure.input(billingSettingsSchema).mutation(({ ctx, input }) => saveBillingSettings(ctx.db, input, ctx.now(), adminActor(ctx.user))),

  /** The Record payment dialog: the plans a payment may be for, and today (the latest date it may have). */
  plans: adminProcedure.query(async ({ ctx }) => ({ plans: await billing.listPlans(ctx.db, true), today: dayIn(ctx.now(), ctx.config.timeZone) })),

  createPlan: adminProcedure.input(planSchema).mutation(({ ctx, input }) => billing.savePlan(ctx.db, null, input, adminActor(ctx.user), ctx.now())),

  updatePlan: adminProcedure.input(updatePlanSchema).mutation(({ ctx, input }) => billing.savePlan(ctx.db, input.id, input, adminActor(ctx.user), ctx.now())),

  recordPayment: adminProcedure
    .input(recordPaymentSchema)
    .mutation(({ ctx, input }) => billing.recordPayment(ctx.db, input, adminActor(ctx.user), ctx.now(), ctx.config.timeZone)),

  undoPayment: adminProcedure.input(undoPaymentSchema).mutation(({ ctx, input }) => billing.undoPayment(ctx.db, input.paymentId, input.reason, adminActor(ctx.user), ctx.now())),

  /** The caller's own shop: where it stands, the plans to pay for, its payments. A query: open after the end too. */
  mine: shopProcedure.query(({ ctx }) => billing.shopBilling(ctx.db, ctx.config, ctx.user, ctx.now(), ctx.shop, ctx.language ?? 'en')),
});
