import { router } from '../trpc/init';

/** Moderation: counts, users, shops, products. */
export const adminRouter = router({});
