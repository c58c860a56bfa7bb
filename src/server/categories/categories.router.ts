import { createCategorySchema } from '../../shared/schemas/category';
import { slugFromName } from '../../shared/slug';
import { badRequest, conflict, isUniqueViolation } from '../errors';
import { shopOwnerProcedure } from '../trpc/procedures';
import { router } from '../trpc/init';
import * as repo from './categories.repository';

/** The shop owner's categories (public category lists belong to the catalog). */
export const categoriesRouter = router({
  mine: shopOwnerProcedure.query(async ({ ctx }) => repo.listByShop(ctx.db, ctx.shop.id)),

  create: shopOwnerProcedure.input(createCategorySchema).mutation(async ({ ctx, input }) => {
    const slug = slugFromName(input.name);
    if (!slug) throw badRequest('Category names need at least one letter or digit');
    try {
      const id = await repo.insertCategory(ctx.db, { shopId: ctx.shop.id, name: input.name, slug, description: input.description, now: ctx.now() });
      return { id, name: input.name, slug };
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('A category with this name already exists');
      throw error;
    }
  }),
});
