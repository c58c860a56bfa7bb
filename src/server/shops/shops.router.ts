import { deliveryFormSchema } from '../../shared/schemas/delivery';
import { emailSwitchSchema } from '../../shared/schemas/auth';
import { createShopSchema, updateShopSchema } from '../../shared/schemas/shop';
import { shopPoliciesSchema } from '../../shared/schemas/shop-policies';
import { router } from '../trpc/init';
import { keptUntilWrite, shopkeeperProcedure, shopPersonProcedure, shopProcedure } from '../trpc/procedures';
import { createShop, dashboard, dashboardMoment, setDeliveryRule, setEmailNewOrders, setShopPolicies, shopSettings, supportLink, updateShopSettings } from './shops.service';

/** The shopkeeper's own shop: create, read, settings, dashboard stats. */
export const shopsRouter = router({
  create: shopkeeperProcedure.input(createShopSchema).mutation(async ({ ctx, input }) => {
    return createShop(ctx.db, ctx.user.id, input, ctx.now());
  }),

  /** The settings form's values. */
  mine: shopProcedure.query(({ ctx }) => shopSettings(ctx.db, ctx.shop.id, ctx.config.deliveryFeeDefault)),

  update: shopProcedure.input(updateShopSchema).mutation(async ({ ctx, input }) => {
    await updateShopSettings(ctx.db, ctx.config.storage, ctx.user.id, ctx.shop.id, input, ctx.now());
    return { ok: true as const };
  }),

  /** The shop's delivery rule (the Delivery section of the settings), typed in major units of its currency. */
  setDelivery: shopProcedure.input(deliveryFormSchema).mutation(async ({ ctx, input }) => {
    await setDeliveryRule(ctx.db, ctx.shop, input, ctx.now());
    return { ok: true as const };
  }),

  /** The Policies section (issue 47): "Returns and exchanges" and "Delivery time"; only the shop's owner changes them. */
  setPolicies: shopProcedure.input(shopPoliciesSchema).mutation(async ({ ctx, input }) => {
    await setShopPolicies(ctx.db, ctx.shop.id, input, ctx.now());
    return input;
  }),

  /** The setting "Email me new orders": each new order emailed to the shop's contact email. */
  setEmailNewOrders: shopProcedure.input(emailSwitchSchema).mutation(async ({ ctx, input }) => {
    await setEmailNewOrders(ctx.db, ctx.shop.id, input.enabled, ctx.now());
    return { enabled: input.enabled };
  }),

  /** Stats, the 30-day chart and the trial state; it never writes (the screen starts an unset trial). */
  dashboard: shopProcedure.use(keptUntilWrite(dashboardMoment)).query(({ ctx }) =>
    dashboard(ctx.db, { user: ctx.user, shop: ctx.shop, now: ctx.now(), trialMinutes: ctx.config.trialMinutes }),
  ),

  /** Where the trial dialog's WhatsApp button goes; the number itself is never shown as text. */
  supportLink: shopPersonProcedure.query(({ ctx }) => supportLink(ctx.db, ctx.config, ctx.language ?? 'en')),
});
