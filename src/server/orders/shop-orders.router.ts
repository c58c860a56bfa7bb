import { router } from '../trpc/init';

/** The shop's orders: list, status changes, live notifications. */
export const shopOrdersRouter = router({});
