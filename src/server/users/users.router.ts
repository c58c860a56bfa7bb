import { chooseRoleSchema, toggleRoleSchema, updateProfileSchema } from '../../shared/schemas/auth';
import { router } from '../trpc/init';
import { authedProcedure } from '../trpc/procedures';
import * as users from './users.repository';
import { chooseRole, toggleRole } from './users.service';

export const usersRouter = router({
  chooseRole: authedProcedure.input(chooseRoleSchema).mutation(async ({ ctx, input }) => {
    await chooseRole(ctx.db, ctx.user.id, input.role, ctx.now());
    return { role: input.role };
  }),

  toggleRole: authedProcedure.input(toggleRoleSchema).mutation(async ({ ctx, input }) => {
    const roles = await toggleRole(ctx.db, ctx.user.id, input.role, input.enabled, ctx.now());
    return { roles };
  }),

  updateProfile: authedProcedure.input(updateProfileSchema).mutation(async ({ ctx, input }) => {
    await users.updateProfile(
      ctx.db,
      ctx.user.id,
      {
        fullName: input.fullName,
        phone: input.phone,
        address: input.shippingAddress.address,
        city: input.shippingAddress.city,
        postalCode: input.shippingAddress.postalCode,
      },
      ctx.now(),
    );
    return { ok: true as const };
  }),
});
