import { addSliderSchema, setSliderActiveSchema, setSliderOrderSchema, sliderIdSchema } from '../../shared/schemas/slider';
import { notFound } from '../errors';
import { router } from '../trpc/init';
import { adminProcedure, publicProcedure } from '../trpc/procedures';
import * as sliders from './sliders.repository';
import { addSlider, deleteSlider, SLIDER_NOT_FOUND } from './sliders.service';

/** Homepage sliders: the public carousel and their administration. */
export const slidersRouter = router({
  /** Active sliders for the /browse carousel, ordered by display order then id. */
  listActive: publicProcedure.query(({ ctx }) => sliders.listActive(ctx.db)),

  /** Every slider, active or not, for /admin/sliders. */
  adminList: adminProcedure.query(({ ctx }) => sliders.listAll(ctx.db)),

  add: adminProcedure.input(addSliderSchema).mutation(async ({ ctx, input }) => {
    const id = await addSlider(ctx.db, ctx.user.id, input, ctx.now());
    return { id };
  }),

  setActive: adminProcedure.input(setSliderActiveSchema).mutation(async ({ ctx, input }) => {
    if (!(await sliders.setActive(ctx.db, input.id, input.isActive))) throw notFound(SLIDER_NOT_FOUND);
    return { id: input.id, isActive: input.isActive };
  }),

  setDisplayOrder: adminProcedure.input(setSliderOrderSchema).mutation(async ({ ctx, input }) => {
    if (!(await sliders.setDisplayOrder(ctx.db, input.id, input.displayOrder))) throw notFound(SLIDER_NOT_FOUND);
    return { id: input.id, displayOrder: input.displayOrder };
  }),

  delete: adminProcedure.input(sliderIdSchema).mutation(async ({ ctx, input }) => {
    await deleteSlider(ctx.db, ctx.config, input.id);
    return { id: input.id };
  }),
});
