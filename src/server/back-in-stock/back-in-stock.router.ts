import { emailLinkSchema } from '../../shared/schemas/auth';
import { askBackInStockSchema } from '../../shared/schemas/back-in-stock';
import { POLICIES } from '../rate-limit';
import { router } from '../trpc/init';
import { publicProcedure, rateLimit } from '../trpc/procedures';
import { askBackInStock, pendingOf, stopBackInStock, TOO_MANY_REQUESTS } from './back-in-stock.service';

/**
 * "Notify me when it's back" (issue 50): anyone may ask (guests too, limited per client, counted before
 * the input is read); the stop link's page needs no account, its signature is the permission.
 */
export const backInStockRouter = router({
  ask: publicProcedure
    .use(rateLimit('back-in-stock', POLICIES.backInStockPerClient, TOO_MANY_REQUESTS))
    .input(askBackInStockSchema)
    .mutation(({ ctx, input }) =>
      askBackInStock(ctx.db, input, { userId: ctx.sessionUserId, language: ctx.language ?? 'en', mail: ctx.config.mail, now: ctx.now() }),
    ),

  /** The stop link's page: whether the link is valid, and how many requests of its address wait. */
  check: publicProcedure.input(emailLinkSchema).query(({ ctx, input }) => pendingOf(ctx.db, ctx.config.linkKey, input)),

  /** The stop link's button: the address's pending requests are removed. */
  stop: publicProcedure.input(emailLinkSchema).mutation(({ ctx, input }) => stopBackInStock(ctx.db, ctx.config.linkKey, input)),
});
