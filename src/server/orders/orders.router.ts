import { router } from '../trpc/init';

/** Checkout, the buyer's orders and guest order tracking. */
export const ordersRouter = router({});
