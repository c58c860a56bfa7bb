import { countryCode } from '../settings/settings.service';
import { z } from 'zod';
import { guestTrackSchema } from '../../shared/schemas/catalog';
import { checkoutSchema } from '../../shared/schemas/checkout';
import { cursorSchema, limitSchema } from '../../shared/schemas/pagination';
import { POLICIES } from '../rate-limit';
import { router } from '../trpc/init';
import { authedProcedure, keptUntilWrite, publicProcedure, rateLimit } from '../trpc/procedures';
import * as orders from './orders.service';

/** Checkout, the buyer's orders and guest order tracking. */
export const ordersRouter = router({
  /** Places the cart: one order per shop, priced and stocked by the server. Guests get buyer_id null. */
  checkout: publicProcedure
    .use(rateLimit('checkout', POLICIES.checkoutPerClient, 'Too many orders from this device. Please wait a few minutes.'))
    .input(checkoutSchema)
    .mutation(async ({ ctx, input }) =>
      orders.checkout(ctx.db, ctx.events, {
        ...input,
        sessionUserId: ctx.sessionUserId,
        now: ctx.now(),
        maxUnitsPerProduct: ctx.config.maxUnitsPerProduct,
        deliveryFeeDefault: ctx.config.deliveryFeeDefault,
        language: ctx.language ?? 'en',
        mail: ctx.config.mail,
        countryCode: await countryCode(ctx.db, ctx.config),
        trialMinutes: ctx.config.trialMinutes,
      }),
    ),

  /** The signed-in buyer's own orders, newest first. */
  mine: authedProcedure
    .use(keptUntilWrite())
    .input(z.object({ cursor: cursorSchema, limit: limitSchema }))
    .query(({ ctx, input }) => orders.listBuyerOrders(ctx.db, ctx.user.id, input)),

  /** Tells the signed-in buyer's screen that one of their orders changed (status moved by the shop). */
  onMineChanged: authedProcedure.subscription(async function* ({ ctx, signal }) {
    for await (const event of ctx.events.listen('order.updated', signal)) {
      if (event.buyerId === ctx.user.id) yield { orderId: event.orderId };
    }
  }),

  /** A buyer cancels their own pending order (stock goes back; the shop sees it live). */
  cancel: authedProcedure.input(z.object({ orderId: z.number().int().positive() })).mutation(({ ctx, input }) =>
    orders.changeOrderStatus(ctx.db, ctx.events, {
      orderId: input.orderId,
      to: 'cancelled',
      actor: { kind: 'buyer', userId: ctx.user.id },
      now: ctx.now(),
      mail: ctx.config.mail,
    }),
  ),

  /** Guest tracking (spec sections 2 and 5), rate-limited per client. */
  track: publicProcedure
    .use(rateLimit('guest-tracking', POLICIES.guestTrackingPerClient, 'Too many searches. Please wait a few minutes and try again.'))
    .use(keptUntilWrite())
    .input(guestTrackSchema)
    .query(({ ctx, input }) => orders.trackGuestOrders(ctx.db, input)),
});
