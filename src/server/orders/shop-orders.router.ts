import { shopActor } from '../staff/staff.service';
import { countryCode } from '../settings/settings.service';
import { z } from 'zod';
import { dayIn } from '../../shared/cash';
import { ORDER_STATUSES } from '../../shared/constants';
import { markCashSchema } from '../../shared/schemas/cash';
import { packingSlipsSchema } from '../../shared/schemas/packing-slips';
import { cursorSchema } from '../../shared/schemas/pagination';
import { shipmentSchema, toShipment } from '../../shared/schemas/shipment';
import { router } from '../trpc/init';
import { authedProcedure, keptUntilWrite, shopProcedure } from '../trpc/procedures';
import * as cash from './cash.service';
import * as dispatch from './dispatch.service';
import * as orders from './orders.service';
import { packingSlips } from './packing-slips.service';

const orderId = z.number().int().positive();
/** Links in texts without a known origin (tests that call procedures directly). */
const DEFAULT_ORIGIN = 'http://localhost:3000';

/** The shop's orders: list, status changes, the shipment, the block list, packing slips, live notifications. */
export const shopOrdersRouter = router({
  list: shopProcedure
    .use(keptUntilWrite())
    .input(z.object({ cursor: cursorSchema, status: z.enum(ORDER_STATUSES).optional() }))
    .query(async ({ ctx, input }) => orders.listShopOrders(ctx.db, ctx.shop, input, { siteOrigin: ctx.siteOrigin ?? DEFAULT_ORIGIN, countryCode: await countryCode(ctx.db, ctx.config) })),

  /** Moves an order along the workflow; shipping names the courier (and optionally the tracking number). */
  changeStatus: shopProcedure
    .input(z.object({ orderId, status: z.enum(ORDER_STATUSES, { error: 'Unknown order status' }), shipment: shipmentSchema.optional() }))
    .mutation(({ ctx, input }) =>
      orders.changeOrderStatus(ctx.db, ctx.events, {
        orderId: input.orderId,
        to: input.status,
        actor: { kind: 'shop', shopId: ctx.shop.id, userId: ctx.user.id, as: shopActor(ctx.user, ctx.shopRole) },
        now: ctx.now(),
        shipment: input.shipment ? toShipment(input.shipment) : undefined,
        mail: ctx.config.mail,
      }),
    ),

  /** Corrects the courier and tracking number of a shipped order. */
  updateShipment: shopProcedure
    .input(z.object({ orderId, shipment: shipmentSchema }))
    .mutation(({ ctx, input }) =>
      dispatch.updateShipment(ctx.db, ctx.events, { orderId: input.orderId, shopId: ctx.shop.id, shipment: toShipment(input.shipment), now: ctx.now() }),
    ),

  /** Puts an order's phone number on the shop's block list: its checkouts are refused from then on. */
  blockPhone: shopProcedure
    .input(z.object({ orderId }))
    .mutation(({ ctx, input }) => dispatch.blockOrderPhone(ctx.db, { orderId: input.orderId, shopId: ctx.shop.id, now: ctx.now(), by: shopActor(ctx.user, ctx.shopRole) })),

  /** The shop's block list, newest first. */
  blockedPhones: shopProcedure.query(({ ctx }) => dispatch.listBlockedPhones(ctx.db, ctx.shop.id)),

  /** Takes a number off the shop's block list. */
  unblockPhone: shopProcedure
    .input(z.object({ phoneKey: z.string().regex(/^\d{1,10}$/, { error: 'Unknown phone number' }) }))
    .mutation(({ ctx, input }) => dispatch.unblockPhone(ctx.db, { shopId: ctx.shop.id, phoneKey: input.phoneKey, by: shopActor(ctx.user, ctx.shopRole), now: ctx.now() })),

  /** Marks the cash of one or several delivered orders received on one day (one transaction). */
  markCashReceived: shopProcedure
    .input(markCashSchema)
    .mutation(({ ctx, input }) => cash.markCashReceived(ctx.db, ctx.events, { ...input, shopId: ctx.shop.id, now: ctx.now(), timeZone: ctx.config.timeZone, by: shopActor(ctx.user, ctx.shopRole) })),

  /** Undoes "cash received" on one order: its cash is awaited again. */
  undoCashReceived: shopProcedure
    .input(z.object({ orderId }))
    .mutation(({ ctx, input }) => cash.undoCashReceived(ctx.db, ctx.events, { shopId: ctx.shop.id, orderId: input.orderId, now: ctx.now(), by: shopActor(ctx.user, ctx.shopRole) })),

  /** /shop/cash: awaiting from the courier, received this month and last, returns of the last 30 days (per currency). */
  cashSummary: shopProcedure
    .use(keptUntilWrite((ctx) => dayIn(ctx.now(), ctx.config.timeZone)))
    .query(({ ctx }) => cash.cashSummary(ctx.db, { shopId: ctx.shop.id, now: ctx.now(), timeZone: ctx.config.timeZone })),

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
  onActivity: shopProcedure.subscription(async function* ({ ctx, signal }) {
    const shopId = ctx.shop.id;
    for await (const event of ctx.events.listenAny(['order.created', 'order.updated'], signal)) {
      if (event.payload.shopId !== shopId) continue;
      yield event.name === 'order.created'
        ? { kind: 'created' as const, orderId: event.payload.orderId, orderNumber: event.payload.orderNumber }
        : { kind: 'updated' as const, orderId: event.payload.orderId };
    }
  }),
});
