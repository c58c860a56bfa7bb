import { createShopSchema, updateShopSchema } from '../../shared/schemas/shop';
import { isTrialExpired } from '../../shared/trial';
import { waLink } from '../../shared/whatsapp';
import { shopkeeperProcedure, shopOwnerProcedure } from '../trpc/procedures';
import { router } from '../trpc/init';
import { findSessionUser, startTrialIfUnset } from '../users/users.repository';
import * as repo from './shops.repository';
import { createShop, dashboard, updateShopSettings } from './shops.service';

/** The shopkeeper's own shop: create, read, settings, dashboard stats. */
export const shopsRouter = router({
  create: shopkeeperProcedure.input(createShopSchema).mutation(async ({ ctx, input }) => {
    return createShop(ctx.db, ctx.user.id, input, ctx.now());
  }),

  /** The settings form's values. */
  mine: shopOwnerProcedure.query(async ({ ctx }) => {
    const shop = await repo.findSettings(ctx.db, ctx.shop.id);
    if (!shop) return null;
    return {
      id: shop.id,
      name: shop.name,
      slug: shop.slug,
      description: shop.description,
      contactEmail: shop.contact_email,
      contactPhone: shop.contact_phone,
      whatsappNumber: shop.whatsapp_number,
      currency: shop.currency,
      taxRateBps: shop.tax_rate_bps,
      logoUrl: shop.logo_url,
      profilePictureUrl: shop.profile_picture_url,
      coverImageUrl: shop.cover_image_url,
      isActive: shop.is_active === 1,
    };
  }),

  update: shopOwnerProcedure.input(updateShopSchema).mutation(async ({ ctx, input }) => {
    await updateShopSettings(ctx.db, ctx.config.uploadsDir, ctx.user.id, ctx.shop.id, input, ctx.now());
    return { ok: true as const };
  }),

  /**
   * The dashboard: stats, the 30-day chart and the trial state. Spec section 4: the first time a
   * non-pro shopkeeper's dashboard is checked without a trial start, the trial starts now.
   */
  dashboard: shopOwnerProcedure.query(async ({ ctx }) => {
    const now = ctx.now();
    let user = ctx.user;
    if (!user.isPro && !user.trialStartAt) {
      await startTrialIfUnset(ctx.db, user.id, now);
      user = (await findSessionUser(ctx.db, user.id)) ?? user;
    }
    const data = await dashboard(ctx.db, ctx.shop, now);
    return {
      shop: { name: ctx.shop.name, slug: ctx.shop.slug, currency: ctx.shop.currency, isActive: ctx.shop.is_active === 1 },
      ...data,
      trialExpired: isTrialExpired(user, now, ctx.config.trialMinutes),
      trialMinutes: ctx.config.trialMinutes,
    };
  }),

  /** Where the trial dialog's WhatsApp button goes; the number itself is never shown as text. */
  supportLink: shopkeeperProcedure.query(({ ctx }) => {
    const number = ctx.config.supportWhatsapp;
    return { url: number ? waLink(number, 'Hello, my shopkeeper free trial has expired. I would like to continue.') : null };
  }),
});
