import { z } from 'zod';
import { cursorSchema } from '../../shared/schemas/pagination';
import { checkoutSchema } from '../../shared/schemas/checkout';
import { guestTrackSchema } from '../../shared/schemas/catalog';
import { isOrderNumber } from '../../shared/order-number';
import { offsetPage } from '../pagination';
import { POLICIES } from '../rate-limit';
import { router } from '../trpc/init';
import { authedProcedure, publicProcedure, rateLimit } from '../trpc/procedures';
import { placeCheckout } from './checkout.service';
import { listStatusEvents } from './order-status.repository';
import { changeOrderStatus } from './order-status.service';
import * as repo from './orders.repository';
import type { DB } from '../db/client';
import { findSessionUser } from '../users/users.repository';


type OrderRow = Awaited<ReturnType<typeof repo.findGuestOrders>>[number];

/** Orders with their items and status history, in the shape the order screens read. */
async function withDetails<T extends OrderRow>(db: DB, rows: T[]) {
  const ids = rows.map((o) => o.id);
  const [items, events] = await Promise.all([repo.listOrderItems(db, ids), listStatusEvents(db, ids)]);
  return rows.map((o) => ({
    id: o.id,
    orderNumber: o.order_number,
    shopName: o.shop_name,
    shopSlug: 'shop_slug' in o ? ((o as { shop_slug: string | null }).shop_slug ?? null) : null,
    currency: o.currency,
    subtotal: o.subtotal,
    tax: o.tax,
    total: o.total,
    status: o.status,
    createdAt: o.created_at,
    notes: o.notes,
    buyer: { name: o.buyer_name, email: o.buyer_email, phone: o.buyer_phone },
    shipping: { address: o.ship_address, city: o.ship_city, postalCode: o.ship_postal_code },
    items: items
      .filter((i) => i.order_id === o.id)
      .map((i) => ({
        name: i.product_name,
        slug: i.slug ?? null,
        imageUrl: i.image_url,
        color: i.color,
        size: i.size,
        unitPrice: i.unit_price,
        quantity: i.quantity,
        lineTotal: i.line_total,
      })),
    history: events.filter((e) => e.order_id === o.id).map((e) => ({ status: e.status, at: e.created_at })),
  }));
}

/** Checkout, the buyer's orders and guest order tracking. */
export const ordersRouter = router({
  /** Places the cart: one order per shop, priced and stocked by the server. Guests get buyer_id null. */
  checkout: publicProcedure
    .use(rateLimit('checkout', POLICIES.checkoutPerClient, 'Too many orders from this device. Please wait a few minutes.'))
    .input(checkoutSchema)
    .mutation(async ({ ctx, input }) => {
      // A session whose account is gone orders as a guest rather than failing on the buyer reference.
      const buyer = ctx.sessionUserId === null ? null : await findSessionUser(ctx.db, ctx.sessionUserId);
      const orders = await placeCheckout(ctx.db, ctx.events, { ...input, buyerId: buyer?.id ?? null, now: ctx.now() });
      return {
        orders: orders.map((o) => ({
          id: o.id,
          orderNumber: o.orderNumber,
          shopName: o.shopName,
          total: o.total,
          currency: o.currency,
          whatsappUrl: o.whatsappUrl,
        })),
      };
    }),

  /** The signed-in buyer's own orders, newest first. */
  mine: authedProcedure
    .input(z.object({ cursor: cursorSchema, limit: z.number().int().min(1).max(50).optional().default(10) }))
    .query(async ({ ctx, input }) => {
      const offset = input.cursor ?? 0;
      const page = offsetPage(await repo.listBuyerOrders(ctx.db, ctx.user.id, offset, input.limit), offset, input.limit);
      return { items: await withDetails(ctx.db, page.items), nextCursor: page.nextCursor };
    }),

  /** Tells the signed-in buyer's screen that one of their orders changed (status moved by the shop). */
  onMineChanged: authedProcedure.subscription(async function* ({ ctx, signal }) {
    for await (const event of ctx.events.listen('order.updated', signal)) {
      if (event.buyerId === ctx.user.id) yield { orderId: event.orderId };
    }
  }),

  /** A buyer cancels their own pending order (stock goes back; the shop sees it live). */
  cancel: authedProcedure.input(z.object({ orderId: z.number().int().positive() })).mutation(async ({ ctx, input }) => {
    return changeOrderStatus(ctx.db, ctx.events, {
      orderId: input.orderId,
      to: 'cancelled',
      actor: { kind: 'buyer', userId: ctx.user.id },
      now: ctx.now(),
    });
  }),

  /**
   * Guest tracking (spec sections 2 and 5): orders without a buyer, by order number (wins when both are
   * given) or by email. A number of another shape finds nothing. Rate-limited per client.
   */
  track: publicProcedure
    .use(rateLimit('guest-tracking', POLICIES.guestTrackingPerClient, 'Too many searches. Please wait a few minutes and try again.'))
    .input(guestTrackSchema)
    .query(async ({ ctx, input }) => {
      if (input.orderNumber) {
        if (!isOrderNumber(input.orderNumber)) return [];
        return withDetails(ctx.db, await repo.findGuestOrders(ctx.db, { orderNumber: input.orderNumber }, 1));
      }
      return withDetails(ctx.db, await repo.findGuestOrders(ctx.db, { email: input.email }, 50));
    }),
});
