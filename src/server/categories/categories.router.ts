import { createCategorySchema } from '../../shared/schemas/category';
import { shopProcedure } from '../trpc/procedures';
import { router } from '../trpc/init';
import { createCategory, listShopCategories } from './categories.service';

/** The shop owner's categories (public category lists belong to the catalog). */
export const categoriesRouter = router({
  mine: shopProcedure.query(({ ctx }) => listShopCategories(ctx.db, ctx.shop.id)),

  create: shopProcedure
    .input(createCategorySchema)
    .mutation(({ ctx, input }) => createCategory(ctx.db, ctx.shop.id, input, ctx.now())),
});
