import { countryCode } from '../settings/settings.service';
import { adminActor } from '../activity/activity.service';
import { adminListSchema, idSchema, resetLinkSchema, setActiveSchema, setAdminSchema, setProSchema, suspendSchema, unsuspendSchema } from '../../shared/schemas/admin';
import { setSuspended } from '../users/suspension.service';
import { orderLookupSchema } from '../../shared/schemas/order-lookup';
import { issueResetLink } from '../auth/password-reset.service';
import { emailStatus } from '../mail/outbox.service';
import { marketplaceMonth } from './month.service';
import { router } from '../trpc/init';
import { adminProcedure, keptUntilWrite } from '../trpc/procedures';
import * as admin from './admin.service';

/** Moderation: counts, users, shops, products. Every procedure requires the admin role. */
export const adminRouter = router({
  stats: adminProcedure.use(keptUntilWrite()).query(({ ctx }) => admin.stats(ctx.db)),

  users: adminProcedure.input(adminListSchema).query(({ ctx, input }) => admin.listUsers(ctx.db, input)),

  setPro: adminProcedure.input(setProSchema).mutation(async ({ ctx, input }) => {
    await admin.setPro(ctx.db, input.userId, input.isPro, adminActor(ctx.user), ctx.now());
    return { userId: input.userId, isPro: input.isPro };
  }),

  setAdmin: adminProcedure.input(setAdminSchema).mutation(async ({ ctx, input }) => {
    await admin.setAdmin(ctx.db, input.userId, input.isAdmin, adminActor(ctx.user), ctx.now());
    return { userId: input.userId, isAdmin: input.isAdmin };
  }),

  /** Suspends an account (issue 49): no sign-in, its sessions end everywhere, its shop and reviews hidden. */
  suspend: adminProcedure.input(suspendSchema).mutation(async ({ ctx, input }) => {
    await setSuspended(ctx.db, input.userId, { reason: input.reason }, adminActor(ctx.user), ctx.user.id, ctx.now());
    return { userId: input.userId, suspended: true };
  }),

  /** Ends a suspension: the account signs in again, its shop and reviews are shown again. */
  unsuspend: adminProcedure.input(unsuspendSchema).mutation(async ({ ctx, input }) => {
    await setSuspended(ctx.db, input.userId, null, adminActor(ctx.user), ctx.user.id, ctx.now());
    return { userId: input.userId, suspended: false };
  }),

  /**
   * A one-time link to reset the user's password, valid 24 hours (voiding older links), for the admin
   * to hand over (WhatsApp). Logged with who issued it for whom.
   */
  resetLink: adminProcedure.input(resetLinkSchema).mutation(async ({ ctx, input }) => {
    const link = await issueResetLink(ctx.db, { userId: input.userId, issuedBy: ctx.user.id, publicUrl: ctx.siteOrigin ?? 'http://localhost:3000', language: ctx.language ?? 'en', now: ctx.now(), actor: adminActor(ctx.user) });
    ctx.log?.info({ adminId: ctx.user.id, userId: input.userId }, 'an admin issued a password reset link');
    // The phone as the user typed it: the client's WhatsApp link gives a local number the marketplace's country code.
    return { url: link.url, expiresAt: link.expiresAt, phone: link.phone, countryCode: await countryCode(ctx.db, ctx.config) };
  }),

  /** The dashboard's "Email:" line: not configured, working, or how many emails are failing. */
  emailStatus: adminProcedure.query(({ ctx }) => emailStatus(ctx.db, ctx.config.mail !== null, ctx.now())),
  /** The dashboard's "This month" per currency and "Needs attention" (issue 48 part 6). */
  month: adminProcedure.query(({ ctx }) => marketplaceMonth(ctx.db, ctx.config, ctx.now())),

  shops: adminProcedure.input(adminListSchema).query(({ ctx, input }) => admin.listShops(ctx.db, ctx.config.storage, input)),

  setShopActive: adminProcedure.input(setActiveSchema).mutation(async ({ ctx, input }) => {
    await admin.setShopActive(ctx.db, input.id, input.isActive, adminActor(ctx.user), ctx.now());
    return { id: input.id, isActive: input.isActive };
  }),

  deleteShop: adminProcedure.input(idSchema).mutation(async ({ ctx, input }) => {
    await admin.deleteShop(ctx.db, ctx.config, input.id, adminActor(ctx.user), ctx.now());
    return { id: input.id };
  }),

  products: adminProcedure.input(adminListSchema).query(({ ctx, input }) => admin.listProducts(ctx.db, ctx.config.storage, input)),

  setProductActive: adminProcedure.input(setActiveSchema).mutation(async ({ ctx, input }) => {
    await admin.setProductActive(ctx.db, input.id, input.isActive, adminActor(ctx.user), ctx.now());
    return { id: input.id, isActive: input.isActive };
  }),

  /** Any shop's orders by order number, buyer email or phone, newest first; read-only, and logged. */
  orders: adminProcedure.input(orderLookupSchema).query(({ ctx, input }) => admin.lookupOrders(ctx.db, ctx.log, ctx.user.id, input)),

  deleteProduct: adminProcedure.input(idSchema).mutation(async ({ ctx, input }) => {
    await admin.deleteProduct(ctx.db, ctx.config, input.id, adminActor(ctx.user), ctx.now());
    return { id: input.id };
  }),
});
