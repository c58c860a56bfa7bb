import { adminActor } from '../activity/activity.service';
import { addSliderSchema, setSliderActiveSchema, setSliderOrderSchema, sliderIdSchema } from '../../shared/schemas/slider';
import { router } from '../trpc/init';
import { adminProcedure, publicProcedure } from '../trpc/procedures';
import * as sliders from './sliders.service';

/** Homepage sliders: the public carousel and their administration. */
export const slidersRouter = router({
  listActive: publicProcedure.query(({ ctx }) => sliders.listActive(ctx.db, ctx.config.storage)),

  adminList: adminProcedure.query(({ ctx }) => sliders.listAll(ctx.db, ctx.config.storage)),

  add: adminProcedure.input(addSliderSchema).mutation(async ({ ctx, input }) => {
    const id = await sliders.addSlider(ctx.db, ctx.user.id, input, ctx.now());
    return { id };
  }),

  setActive: adminProcedure.input(setSliderActiveSchema).mutation(async ({ ctx, input }) => {
    await sliders.setActive(ctx.db, input.id, input.isActive, adminActor(ctx.user), ctx.now());
    return { id: input.id, isActive: input.isActive };
  }),

  setDisplayOrder: adminProcedure.input(setSliderOrderSchema).mutation(async ({ ctx, input }) => {
    await sliders.setDisplayOrder(ctx.db, input.id, input.displayOrder);
    return { id: input.id, displayOrder: input.displayOrder };
  }),

  delete: adminProcedure.input(sliderIdSchema).mutation(async ({ ctx, input }) => {
    await sliders.deleteSlider(ctx.db, ctx.config, input.id, adminActor(ctx.user), ctx.now());
    return { id: input.id };
  }),
});
