import { commissionPaymentSchema, shopCommissionRateSchema, shopIdSchema } from '../../shared/schemas/billing';
import { adminActor } from '../activity/activity.service';
import { router } from '../trpc/init';
import { adminProcedure, shopProcedure } from '../trpc/procedures';
import * as commission from './commission.service';

/** Commission on delivered orders (issue 48): the admin's balances and payments, the shop's own statement. */
export const commissionRouter = router({
  /** /admin/shops "Custom rate" (null: the marketplace's rate). */
  setShopRate: adminProcedure
    .input(shopCommissionRateSchema)
    .mutation(({ ctx, input }) => commission.setShopCommissionRate(ctx.db, input.shopId, input.rate, adminActor(ctx.user), ctx.now())),

  /** /admin/billing "Balances". */
  balances: adminProcedure.query(({ ctx }) => commission.commissionBalances(ctx.db)),

  /** Any shop's statement, for the admin. */
  statement: adminProcedure.input(shopIdSchema).query(({ ctx, input }) => commission.commissionStatement(ctx.db, input.shopId, ctx.config.timeZone)),

  recordPayment: adminProcedure
    .input(commissionPaymentSchema)
    .mutation(({ ctx, input }) => commission.recordCommissionPayment(ctx.db, input, adminActor(ctx.user), ctx.now(), ctx.config.timeZone, ctx.language ?? 'en')),

  /** The caller's own shop's statement (never another's: the shop comes from the tier). */
  mine: shopProcedure.query(({ ctx }) => commission.commissionStatement(ctx.db, ctx.shop.id, ctx.config.timeZone)),

  /** "Download statement (CSV)". */
  mineCsv: shopProcedure.query(({ ctx }) => commission.commissionStatementCsv(ctx.db, ctx.shop.id, ctx.config.timeZone)),
});
