import { router } from '../trpc/init';

/** The shopkeeper's own shop: create, read, settings, dashboard stats. */
export const shopsRouter = router({});
