import { signUpSchema } from '../../shared/schemas/auth';
import { isTrialExpired } from '../../shared/trial';
import { POLICIES } from '../rate-limit';
import { findByOwner } from '../shops/shops.repository';
import { publicProcedure, rateLimit } from '../trpc/procedures';
import { router } from '../trpc/init';
import { findSessionUser } from '../users/users.repository';
import { signUp } from '../users/users.service';

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
  me: publicProcedure.query(async ({ ctx }) => {
    if (ctx.sessionUserId === null) return null;
    const user = await findSessionUser(ctx.db, ctx.sessionUserId);
    if (!user) return null;
    const shop = user.roles.includes('shopkeeper') ? await findByOwner(ctx.db, user.id) : undefined;
    return {
      ...user,
      shop: shop ? { id: shop.id, name: shop.name, slug: shop.slug } : null,
      trialMinutes: ctx.config.trialMinutes,
      trialExpired: user.roles.includes('shopkeeper') && isTrialExpired(user, ctx.now(), ctx.config.trialMinutes),
    };
  }),
});
