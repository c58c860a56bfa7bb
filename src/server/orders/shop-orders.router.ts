import { z } from 'zod';
import { cursorSchema } from '../../shared/schemas/pagination';
import { ORDER_STATUSES } from '../../shared/constants';
import { nextStatuses } from '../../shared/order-status';
import { waLink } from '../../shared/whatsapp';
import { shopOwnerProcedure } from '../trpc/procedures';
import { router } from '../trpc/init';
import { listStatusEvents } from './order-status.repository';
import { changeOrderStatus } from './order-status.service';
import * as repo from './shop-orders.repository';

const PAGE_SIZE = 20;

/** The shop's orders: list, status changes, live notifications. */
export const shopOrdersRouter = router({
  list: shopOwnerProcedure
    .input(z.object({ cursor: cursorSchema, status: z.enum(ORDER_STATUSES).optional() }))
    .query(async ({ ctx, input }) => {
      const offset = input.cursor ?? 0;
      const [rows, total] = await Promise.all([
        repo.listByShop(ctx.db, ctx.shop.id, { limit: PAGE_SIZE, offset, status: input.status }),
        repo.countByShop(ctx.db, ctx.shop.id, input.status),
      ]);
      const ids = rows.map((r) => r.id);
      const [items, events] = await Promise.all([repo.listItems(ctx.db, ids), listStatusEvents(ctx.db, ids)]);
      return {
        total,
        nextCursor: rows.length === PAGE_SIZE ? offset + PAGE_SIZE : null,
        items: rows.map((o) => ({
          id: o.id,
          orderNumber: o.order_number,
          createdAt: o.created_at,
          status: o.status,
          nextStatuses: nextStatuses(o.status),
          isGuest: o.buyer_id === null,
          buyer: { name: o.buyer_name, email: o.buyer_email, phone: o.buyer_phone },
          shipping: { address: o.ship_address, city: o.ship_city, postalCode: o.ship_postal_code },
          notes: o.notes,
          subtotal: o.subtotal,
          tax: o.tax,
          total: o.total,
          currency: o.currency,
          paymentMethod: o.payment_method,
          whatsappUrl: waLink(o.buyer_phone, `Hello ${o.buyer_name}, about your order ${o.order_number} from ${ctx.shop.name}:`),
          items: items
            .filter((i) => i.order_id === o.id)
            .map((i) => ({
              productId: i.product_id,
              name: i.product_name,
              imageUrl: i.image_url,
              color: i.color,
              size: i.size,
              unitPrice: i.unit_price,
              quantity: i.quantity,
              lineTotal: i.line_total,
            })),
          history: events.filter((e) => e.order_id === o.id).map((e) => ({ status: e.status, at: e.created_at })),
        })),
      };
    }),

  changeStatus: shopOwnerProcedure
    .input(z.object({ orderId: z.number().int().positive(), status: z.enum(ORDER_STATUSES, { error: 'Unknown order status' }) }))
    .mutation(async ({ ctx, input }) => {
      return changeOrderStatus(ctx.db, ctx.events, {
        orderId: input.orderId,
        to: input.status,
        actor: { kind: 'shop', shopId: ctx.shop.id, userId: ctx.user.id },
        now: ctx.now(),
      });
    }),

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
