import { emailLinkSchema, emailLinkSwitchSchema } from '../../shared/schemas/auth';
import { router } from '../trpc/init';
import { publicProcedure } from '../trpc/procedures';
import { cartRemindersOf, setCartRemindersByLink } from './cart-reminders.service';

/**
 * A cart reminder's stop link (/email-updates?about=cart-reminders, issue 50): no sign-in needed, the
 * link's signature is the permission, for its one address.
 */
export const cartRemindersRouter = router({
  check: publicProcedure.input(emailLinkSchema).query(({ ctx, input }) => cartRemindersOf(ctx.db, ctx.config.linkKey, input)),
  set: publicProcedure.input(emailLinkSwitchSchema).mutation(({ ctx, input }) => setCartRemindersByLink(ctx.db, ctx.config.linkKey, input, ctx.now())),
});
