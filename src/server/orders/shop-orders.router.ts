import { z } from 'zod';
import { ORDER_STATUSES } from '../../shared/constants';
import { packingSlipsSchema } from '../../shared/schemas/packing-slips';
import { cursorSchema } from '../../shared/schemas/pagination';
import { router } from '../trpc/init';
import { authedProcedure, keptUntilWrite, shopOwnerProcedure } from '../trpc/procedures';
import * as orders from './orders.service';
import { packingSlips } from './packing-slips.service';

/** The shop's orders: list, status changes, live notifications. */
export const shopOrdersRouter = router({
  list: shopOwnerProcedure
    .use(keptUntilWrite())
    .input(z.object({ cursor: cursorSchema, status: z.enum(ORDER_STATUSES).optional() }))
    .query(({ ctx, input }) => orders.listShopOrders(ctx.db, ctx.shop, input, ctx.language ?? 'en')),

  changeStatus: shopOwnerProcedure
    .input(z.object({ orderId: z.number().int().positive(), status: z.enum(ORDER_STATUSES, { error: 'Unknown order status' }) }))
    .mutation(({ ctx, input }) =>
      orders.changeOrderStatus(ctx.db, ctx.events, {
        orderId: input.orderId,
        to: input.status,
        actor: { kind: 'shop', shopId: ctx.shop.id, userId: ctx.user.id },
        now: ctx.now(),
      }),
    ),

  /**
   * Packing slips to print, one per order asked. Any signed-in caller reaches the service, which lets
   * the shop's owner (their own shop's orders) and admins (any shop's) read them: the shopkeeper tier
   * would refuse admins. Everyone else: NOT_FOUND, as for an order of another shop.
   */
  packingSlips: authedProcedure
    .use(keptUntilWrite())
    .input(packingSlipsSchema)
    .query(({ ctx, input }) => packingSlips(ctx.db, ctx.user, input.orderIds)),

  /**
   * The caller's own shop's order activity over one server-sent-event stream: new orders as they are
   * placed, and status changes (a buyer cancelling, another tab), so open screens refresh.
   */
  onActivity: shopOwnerProcedure.subscription(async function* ({ ctx, signal }) {
    const shopId = ctx.shop.id;
    for await (const event of ctx.events.listenAny(['order.created', 'order.updated'], signal)) {
      if (event.payload.shopId !== shopId) continue;
      yield event.name === 'order.created'
        ? { kind: 'created' as const, orderId: event.payload.orderId, orderNumber: event.payload.orderNumber }
        : { kind: 'updated' as const, orderId: event.payload.orderId };
    }
  }),
});
