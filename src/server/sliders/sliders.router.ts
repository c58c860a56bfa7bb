import { router } from '../trpc/init';

/** Homepage sliders: the public carousel and their administration. */
export const slidersRouter = router({});
