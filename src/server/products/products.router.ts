import { router } from '../trpc/init';

/** The shop owner's products: list, create, edit, delete. */
export const productsRouter = router({});
