import { collectsCash } from '../../shared/order-status';
import type { SlipLineRow, SlipOrderRow } from './packing-slips.repository';

/** One packing slip: who sends, the order and its status, who receives and where, what is in the parcel, the cash to collect. */
export function toPackingSlip(order: SlipOrderRow, lines: readonly SlipLineRow[]) {
  return {
    orderId: order.id,
    orderNumber: order.order_number,
    createdAt: order.created_at,
    shop: { name: order.shop_name, whatsapp: order.shop_whatsapp },
    buyer: { name: order.buyer_name, phone: order.buyer_phone },
    shipping: { address: order.ship_address, city: order.ship_city, postalCode: order.ship_postal_code },
    lines: lines.map((line) => ({
      name: line.product_name,
      /** A per_variant line's combination as ordered ('Red / M'); otherwise the screen names color and size. */
      variantLabel: line.variant_label,
      color: line.color,
      size: line.size,
      sku: line.sku,
      quantity: line.quantity,
    })),
    /** Where the order stands: a slip printed again later says so (issue 53). */
    status: order.status,
    /** The order total. */
    total: order.total,
    /**
     * What the courier collects: the total (cash on delivery) while the order is still to be delivered;
     * null once delivered, cancelled or returned, whose slip asks for no cash (issue 53).
     */
    collect: collectsCash(order.status) ? order.total : null,
    /** The order's coupon (issue 32): the total already has it off; the slip says why it is lower. */
    coupon: order.coupon_code && order.coupon_type ? { code: order.coupon_code, type: order.coupon_type, discount: Number(order.coupon_discount) } : null,
    currency: order.currency,
    /** The shop's policies as they were at checkout (issue 47): '' where it had none. */
    policies: { returnsPolicy: order.returns_policy, deliveryTime: order.delivery_time },
  };
}

export type PackingSlip = ReturnType<typeof toPackingSlip>;
