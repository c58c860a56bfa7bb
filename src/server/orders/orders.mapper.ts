import { nextStatuses } from '../../shared/order-status';
import { waLink } from '../../shared/whatsapp';
import type { OrderItemRow, OrderRow, StatusEventRow } from './orders.repository';

/** One order as every order screen reads it: buyer's orders, guest tracking and the shop's orders. */
export function toOrderView(order: OrderRow, items: readonly OrderItemRow[], history: readonly StatusEventRow[]) {
  return {
    id: order.id,
    orderNumber: order.order_number,
    shopName: order.shop_name,
    createdAt: order.created_at,
    status: order.status,
    currency: order.currency,
    subtotal: order.subtotal,
    tax: order.tax,
    total: order.total,
    notes: order.notes,
    buyer: { name: order.buyer_name, email: order.buyer_email, phone: order.buyer_phone },
    shipping: { address: order.ship_address, city: order.ship_city, postalCode: order.ship_postal_code },
    items: items.map((item) => ({
      name: item.product_name,
      imageUrl: item.image_url,
      color: item.color,
      size: item.size,
      unitPrice: item.unit_price,
      quantity: item.quantity,
      lineTotal: item.line_total,
    })),
    history: history.map((event) => ({ status: event.status, at: event.created_at })),
  };
}

/** The shop's view of one of its orders: the same view plus what the shop acts on. */
export function toShopOrderView(
  order: OrderRow,
  items: readonly OrderItemRow[],
  history: readonly StatusEventRow[],
  shopName: string,
) {
  return {
    ...toOrderView(order, items, history),
    nextStatuses: nextStatuses(order.status),
    isGuest: order.buyer_id === null,
    paymentMethod: order.payment_method,
    whatsappUrl: waLink(order.buyer_phone, `Hello ${order.buyer_name}, about your order ${order.order_number} from ${shopName}:`),
  };
}
