import { cartCouponsSchema, changeCartLineSchema, mergeCartSchema } from '../../shared/schemas/cart';
import { router } from '../trpc/init';
import { authedProcedure } from '../trpc/procedures';
import { cartOf, changeCartLine, clearCart, mergeGuestCart, setCartCoupons } from './carts.service';

/** A signed-in buyer's cart on the server (issue 50); a guest's stays in the browser. */
export const cartsRouter = router({
  /** The cart as the server has it: each device takes it at load and on focus. */
  get: authedProcedure.query(({ ctx }) => cartOf(ctx.db, ctx.config.storage, ctx.user.id)),

  /** At sign-in: the guest cart merges into the account's. */
  merge: authedProcedure
    .input(mergeCartSchema)
    .mutation(({ ctx, input }) => mergeGuestCart(ctx.db, ctx.config.storage, ctx.user.id, input, ctx.config.maxUnitsPerProduct, ctx.now(), ctx.language ?? 'en')),

  change: authedProcedure
    .input(changeCartLineSchema)
    .mutation(({ ctx, input }) => changeCartLine(ctx.db, ctx.config.storage, ctx.user.id, input, ctx.config.maxUnitsPerProduct, ctx.now(), ctx.language ?? 'en')),

  clear: authedProcedure.mutation(({ ctx }) => clearCart(ctx.db, ctx.config.storage, ctx.user.id, ctx.now())),

  setCoupons: authedProcedure.input(cartCouponsSchema).mutation(({ ctx, input }) => setCartCoupons(ctx.db, ctx.config.storage, ctx.user.id, input.coupons, ctx.now())),
});
