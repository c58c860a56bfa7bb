import { z } from 'zod';
import { ORDER_STATUSES } from '../../shared/constants';
import { cursorSchema } from '../../shared/schemas/pagination';
import { router } from '../trpc/init';
import { keptUntilWrite, shopOwnerProcedure } from '../trpc/procedures';
import * as orders from './orders.service';

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
        mail: ctx.config.mail,
      }),
    ),

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
