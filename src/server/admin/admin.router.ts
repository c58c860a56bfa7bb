import { adminListSchema, idSchema, setActiveSchema, setAdminSchema, setProSchema } from '../../shared/schemas/admin';
import { orderLookupSchema } from '../../shared/schemas/order-lookup';
import { router } from '../trpc/init';
import { adminProcedure, keptUntilWrite } from '../trpc/procedures';
import * as admin from './admin.service';

/** Moderation: counts, users, shops, products. Every procedure requires the admin role. */
export const adminRouter = router({
  stats: adminProcedure.use(keptUntilWrite()).query(({ ctx }) => admin.stats(ctx.db)),

  users: adminProcedure.input(adminListSchema).query(({ ctx, input }) => admin.listUsers(ctx.db, input)),

  setPro: adminProcedure.input(setProSchema).mutation(async ({ ctx, input }) => {
    await admin.setPro(ctx.db, input.userId, input.isPro, ctx.now());
    return { userId: input.userId, isPro: input.isPro };
  }),

  setAdmin: adminProcedure.input(setAdminSchema).mutation(async ({ ctx, input }) => {
    await admin.setAdmin(ctx.db, input.userId, input.isAdmin, ctx.now());
    return { userId: input.userId, isAdmin: input.isAdmin };
  }),

  shops: adminProcedure.input(adminListSchema).query(({ ctx, input }) => admin.listShops(ctx.db, ctx.config.storage, input)),

  setShopActive: adminProcedure.input(setActiveSchema).mutation(async ({ ctx, input }) => {
    await admin.setShopActive(ctx.db, input.id, input.isActive, ctx.now());
    return { id: input.id, isActive: input.isActive };
  }),

  deleteShop: adminProcedure.input(idSchema).mutation(async ({ ctx, input }) => {
    await admin.deleteShop(ctx.db, ctx.config, input.id);
    return { id: input.id };
  }),

  products: adminProcedure.input(adminListSchema).query(({ ctx, input }) => admin.listProducts(ctx.db, ctx.config.storage, input)),

  setProductActive: adminProcedure.input(setActiveSchema).mutation(async ({ ctx, input }) => {
    await admin.setProductActive(ctx.db, input.id, input.isActive, ctx.now());
    return { id: input.id, isActive: input.isActive };
  }),

  /** Any shop's orders by order number, buyer email or phone, newest first; read-only, and logged. */
  orders: adminProcedure.input(orderLookupSchema).query(({ ctx, input }) => admin.lookupOrders(ctx.db, ctx.log, ctx.user.id, input)),

  deleteProduct: adminProcedure.input(idSchema).mutation(async ({ ctx, input }) => {
    await admin.deleteProduct(ctx.db, ctx.config, input.id);
    return { id: input.id };
  }),
});
