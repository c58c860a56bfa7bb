import { publicProcedure } from '../trpc/procedures';
import { router } from '../trpc/init';
import * as sliders from './sliders.repository';

/** Homepage sliders: the public carousel and their administration. */
export const slidersRouter = router({
  /** Active sliders for the /browse carousel, ordered by display order then id. */
  listActive: publicProcedure.query(({ ctx }) => sliders.listActive(ctx.db)),
});
