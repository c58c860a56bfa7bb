import { router } from '../trpc/init';

/** What buyers and guests browse: products, product pages, shops, storefronts. */
export const catalogRouter = router({});
