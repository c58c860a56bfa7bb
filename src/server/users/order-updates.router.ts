import { TRPCError } from '@trpc/server';
import { emailLinkSchema, emailLinkSwitchSchema } from '../../shared/schemas/auth';
import { router } from '../trpc/init';
import { publicProcedure } from '../trpc/procedures';
import { addressReceivesOrderUpdates, INVALID_LINK, isOrderUpdatesToken, setOrderUpdates } from './order-updates.service';

/**
 * The page a status email's link opens (/email-updates): no account needed, the link's signature is
 * the permission, and it covers its one address only.
 */
export const orderUpdatesRouter = router({
  check: publicProcedure.input(emailLinkSchema).query(async ({ ctx, input }) => {
    if (!isOrderUpdatesToken(ctx.config.linkKey, input.email, input.token)) return { valid: false as const };
    // Only whether updates are on: the address is the link's own, and the answer never names anything else.
    return { valid: true as const, enabled: await addressReceivesOrderUpdates(ctx.db, input.email) };
  }),

  set: publicProcedure.input(emailLinkSwitchSchema).mutation(async ({ ctx, input }) => {
    if (!isOrderUpdatesToken(ctx.config.linkKey, input.email, input.token)) throw new TRPCError({ code: 'BAD_REQUEST', message: INVALID_LINK });
    await setOrderUpdates(ctx.db, input.email, input.enabled, ctx.now());
    return { enabled: input.enabled };
  }),
});
