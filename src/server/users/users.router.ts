import { chooseRoleSchema, emailSwitchSchema, toggleRoleSchema, updateProfileSchema } from '../../shared/schemas/auth';
import { router } from '../trpc/init';
import { authedProcedure } from '../trpc/procedures';
import { setOwnOrderUpdates } from './order-updates.service';
import { chooseRole, setCartReminders, startTrial, toggleRole, updateProfile } from './users.service';

export const usersRouter = router({
  chooseRole: authedProcedure.input(chooseRoleSchema).mutation(async ({ ctx, input }) => {
    await chooseRole(ctx.db, ctx.user.id, input.role, ctx.now());
    return { role: input.role };
  }),

  toggleRole: authedProcedure.input(toggleRoleSchema).mutation(async ({ ctx, input }) => {
    const roles = await toggleRole(ctx.db, ctx.user.id, input.role, input.enabled, ctx.now());
    return { roles };
  }),

  /** Starts a shopkeeper's trial if it has not started; harmless to call again. */
  startTrial: authedProcedure.mutation(async ({ ctx }) => {
    await startTrial(ctx.db, ctx.user, ctx.now());
    return { ok: true as const };
  }),

  updateProfile: authedProcedure.input(updateProfileSchema).mutation(async ({ ctx, input }) => {
    await updateProfile(ctx.db, ctx.user.id, input, ctx.now());
    return { ok: true as const };
  }),

  /** /settings "Order updates by email": the caller's own status emails on or off. */
  setOrderEmails: authedProcedure.input(emailSwitchSchema).mutation(async ({ ctx, input }) => {
    await setOwnOrderUpdates(ctx.db, ctx.user.id, input.enabled, ctx.now());
    return { enabled: input.enabled };
  }),

  /** /settings "Cart reminders" (issue 50): the caller's forgotten-cart email on or off. */
  setCartReminders: authedProcedure.input(emailSwitchSchema).mutation(async ({ ctx, input }) => {
    await setCartReminders(ctx.db, ctx.user.id, input.enabled, ctx.now());
    return { enabled: input.enabled };
  }),
});
