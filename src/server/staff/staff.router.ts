import { changeStaffRoleSchema, invitationIdSchema, invitationTokenSchema, inviteStaffSchema, removeStaffSchema } from '../../shared/schemas/staff';
import { POLICIES } from '../rate-limit';
import { router } from '../trpc/init';
import { authedProcedure, publicProcedure, rateLimit, shopContext, shopProcedure } from '../trpc/procedures';
import * as staff from './staff.service';

/** Links in texts without a known origin (tests that call procedures directly). */
const DEFAULT_ORIGIN = 'http://localhost:3000';
const TOO_MANY = 'Too many attempts. Try again in a few minutes.';

/** A shop's staff (issue 51): the owner's list and invitations; the invited person's screen. */
export const staffRouter = router({
  /** /shop/staff: the owner, the staff, the open invitations. */
  list: shopProcedure.query(({ ctx }) => staff.listStaff(ctx.db, shopContext(ctx), ctx.now())),

  /** "Add staff": an invitation link (shown once: only its hash is kept), emailed when mail is set up. */
  invite: shopProcedure.input(inviteStaffSchema).mutation(({ ctx, input }) =>
    staff.inviteStaff(ctx.db, shopContext(ctx), input, { origin: ctx.siteOrigin ?? DEFAULT_ORIGIN, language: ctx.language ?? 'en', mail: ctx.config.mail, now: ctx.now() }),
  ),

  changeRole: shopProcedure.input(changeStaffRoleSchema).mutation(async ({ ctx, input }) => {
    await staff.changeStaffRole(ctx.db, shopContext(ctx), input, ctx.now());
    return { ok: true as const };
  }),

  remove: shopProcedure.input(removeStaffSchema).mutation(async ({ ctx, input }) => {
    await staff.removeStaff(ctx.db, shopContext(ctx), input.userId, ctx.now());
    return { ok: true as const };
  }),

  revokeInvitation: shopProcedure.input(invitationIdSchema).mutation(async ({ ctx, input }) => {
    await staff.revokeInvitation(ctx.db, shopContext(ctx), input.id, ctx.now());
    return { ok: true as const };
  }),

  /** The invitation screen: the shop, the role and the email it is for, or why the link does not work. */
  invitation: publicProcedure
    .use(rateLimit('staff-invitation', POLICIES.signInPerClient, TOO_MANY))
    .input(invitationTokenSchema)
    .query(({ ctx, input }) => staff.describeInvitation(ctx.db, input.token, ctx.now())),

  /** Accepting, signed in with the invited email. */
  accept: authedProcedure
    .use(rateLimit('staff-accept', POLICIES.signInPerClient, TOO_MANY))
    .input(invitationTokenSchema)
    .mutation(({ ctx, input }) => staff.acceptInvitation(ctx.db, ctx.user, input.token, ctx.now())),
});
