import { router } from '../trpc/init';

/** Categories of the owner's shop. */
export const categoriesRouter = router({});
