import { adminListSchema, idSchema, setActiveSchema, setAdminSchema, setProSchema } from '../../shared/schemas/admin';
import { notFound } from '../errors';
import { router } from '../trpc/init';
import { adminProcedure } from '../trpc/procedures';
import * as admin from './admin.repository';
import { deleteProduct, deleteShop, PRODUCT_NOT_FOUND, SHOP_NOT_FOUND, setAdminRole, USER_NOT_FOUND } from './admin.service';

/** Moderation: counts, users, shops, products. Every procedure requires the admin role. */
export const adminRouter = router({
  /** The dashboard's four counts, each one SQL count. */
  stats: adminProcedure.query(({ ctx }) => admin.counts(ctx.db)),

  users: adminProcedure.input(adminListSchema).query(async ({ ctx, input }) => {
    const offset = input.cursor ?? 0;
    const [page, total] = await Promise.all([
      admin.listUsers(ctx.db, input.search, offset, input.limit),
      admin.countUsers(ctx.db, input.search),
    ]);
    return { items: page.items, total, nextCursor: page.hasMore ? offset + input.limit : null };
  }),

  setPro: adminProcedure.input(setProSchema).mutation(async ({ ctx, input }) => {
    if (!(await admin.setPro(ctx.db, input.userId, input.isPro, ctx.now()))) throw notFound(USER_NOT_FOUND);
    return { userId: input.userId, isPro: input.isPro };
  }),

  setAdmin: adminProcedure.input(setAdminSchema).mutation(async ({ ctx, input }) => {
    await setAdminRole(ctx.db, input.userId, input.isAdmin, ctx.now());
    return { userId: input.userId, isAdmin: input.isAdmin };
  }),

  shops: adminProcedure.input(adminListSchema).query(async ({ ctx, input }) => {
    const offset = input.cursor ?? 0;
    const [page, total] = await Promise.all([
      admin.listShops(ctx.db, input.search, offset, input.limit),
      admin.countShops(ctx.db, input.search),
    ]);
    return { items: page.items, total, nextCursor: page.hasMore ? offset + input.limit : null };
  }),

  setShopActive: adminProcedure.input(setActiveSchema).mutation(async ({ ctx, input }) => {
    if (!(await admin.setShopActive(ctx.db, input.id, input.isActive, ctx.now()))) throw notFound(SHOP_NOT_FOUND);
    return { id: input.id, isActive: input.isActive };
  }),

  deleteShop: adminProcedure.input(idSchema).mutation(async ({ ctx, input }) => {
    await deleteShop(ctx.db, ctx.config, input.id);
    return { id: input.id };
  }),

  products: adminProcedure.input(adminListSchema).query(async ({ ctx, input }) => {
    const offset = input.cursor ?? 0;
    const [page, total] = await Promise.all([
      admin.listProducts(ctx.db, input.search, offset, input.limit),
      admin.countProducts(ctx.db, input.search),
    ]);
    return { items: page.items, total, nextCursor: page.hasMore ? offset + input.limit : null };
  }),

  setProductActive: adminProcedure.input(setActiveSchema).mutation(async ({ ctx, input }) => {
    if (!(await admin.setProductActive(ctx.db, input.id, input.isActive, ctx.now()))) throw notFound(PRODUCT_NOT_FOUND);
    return { id: input.id, isActive: input.isActive };
  }),

  deleteProduct: adminProcedure.input(idSchema).mutation(async ({ ctx, input }) => {
    await deleteProduct(ctx.db, ctx.config, input.id);
    return { id: input.id };
  }),
});
