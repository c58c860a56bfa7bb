import { countryCode, supportWhatsapp } from '../settings/settings.service';
import { changePasswordSchema, forgotPasswordSchema, resetPasswordSchema, resetTokenSchema, signUpSchema } from '../../shared/schemas/auth';
import { POLICIES } from '../rate-limit';
import { authedProcedure, publicProcedure, rateLimit } from '../trpc/procedures';
import { router } from '../trpc/init';
import { signUp } from '../users/users.service';
import { changePassword, describeSession, endAllSessions } from './auth.service';
import { isResetTokenLive, requestPasswordReset, resetPassword, TOO_MANY_RESETS } from './password-reset.service';

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

  /**
   * Whether "Forgot password?" can email a link (SMTP_URL is set). Without it the page offers the
   * support WhatsApp when one is set (issue 53): its number and the country code the client's link uses.
   */
  resetOptions: publicProcedure.query(async ({ ctx }) => {
    const email = ctx.config.mail !== null;
    const support = email ? null : await supportWhatsapp(ctx.db, ctx.config);
    return { email, supportWhatsapp: support ? { number: support, countryCode: await countryCode(ctx.db, ctx.config) } : null };
  }),

  /** "Forgot password?": the same answer whether or not the email has an account; limited per client and per email. */
  requestPasswordReset: publicProcedure.input(forgotPasswordSchema).mutation(({ ctx, input }) =>
    requestPasswordReset(ctx.db, {
      mail: ctx.config.mail,
      limiter: ctx.limiter,
      clientIp: ctx.clientIp,
      email: input.email,
      language: ctx.language ?? 'en',
      now: ctx.now(),
    }),
  ),

  /** Whether a reset link is still live, so the page says at once when it is not. Limited as sign-in attempts are. */
  checkResetToken: publicProcedure
    .use(rateLimit('reset-link', POLICIES.signInPerClient, TOO_MANY_RESETS))
    .input(resetTokenSchema)
    .query(async ({ ctx, input }) => ({ valid: await isResetTokenLive(ctx.db, input.token, ctx.now()) })),

  /** Sets a new password from a reset link; ends every session of the account and does not sign in. */
  resetPassword: publicProcedure
    .use(rateLimit('reset-link', POLICIES.signInPerClient, TOO_MANY_RESETS))
    .input(resetPasswordSchema)
    .mutation(async ({ ctx, input }) => {
      await resetPassword(ctx.db, { token: input.token, newPassword: input.newPassword, now: ctx.now() });
      return { ok: true as const };
    }),
});
