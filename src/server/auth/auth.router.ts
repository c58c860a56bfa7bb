import { changePasswordSchema, signUpSchema } from '../../shared/schemas/auth';
import { POLICIES } from '../rate-limit';
import { authedProcedure, publicProcedure, rateLimit } from '../trpc/procedures';
import { router } from '../trpc/init';
import { signUp } from '../users/users.service';
import { changePassword, describeSession, endAllSessions } from './auth.service';

export const authRouter = router({
  /** Creates an account; the client then signs in through /auth/callback/credentials. */
  signUp: publicProcedure
    .use(rateLimit('sign-up', POLICIES.signUpPerClient, 'Too many sign-ups from this device. Try again later.'))
    .input(signUpSchema)
    .mutation(async ({ ctx, input }) => {
      await signUp(ctx.db, input, ctx.now());
      return { ok: true as const };
    }),

  /** The signed-in user for the client's navigation and guards, or null for a guest. */
  me: publicProcedure.query(({ ctx }) => describeSession(ctx.db, ctx.sessionUserId, ctx.now(), ctx.config.trialMinutes)),

  /** Ends every session of the caller, on every device, this one included. */
  signOutEverywhere: authedProcedure.mutation(async ({ ctx }) => {
    await endAllSessions(ctx.db, ctx.user.id);
    return { ok: true as const };
  }),

  /** Replaces the caller's password (the current one required) and ends their other sessions. */
  changePassword: authedProcedure.input(changePasswordSchema).mutation(async ({ ctx, input }) => {
    await changePassword(ctx.db, ctx.limiter, ctx.user, ctx.sessionId ?? null, input);
    return { ok: true as const };
  }),
});
