import { router } from '../trpc/init';

/** Product and shop reviews. */
export const reviewsRouter = router({});
