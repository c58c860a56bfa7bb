import type { Language } from '../../shared/i18n/language';
import { nextStatuses } from '../../shared/order-status';
import { waLink } from '../../shared/whatsapp';
import { buildOrderMessage } from '../../shared/whatsapp-message';
import { buyerUpdateMessage } from '../../shared/whatsapp-updates';
import type { BuyerRecord } from './dispatch.service';
import type { OrderItemRow, OrderRow, PlacedOrderRow, StatusEventRow } from './orders.repository';
// It writes translated texts: the catalogues are compiled at import, whichever entry (server, CLI, seeds) got here.
import '../i18n/languages';

/** The order's coupon snapshot (issue 32): code, type and what it saved in minor units; null without one. */
function orderCoupon(order: Pick<OrderRow, 'coupon_code' | 'coupon_type' | 'coupon_discount'>) {
  return order.coupon_code && order.coupon_type ? { code: order.coupon_code, type: order.coupon_type, discount: Number(order.coupon_discount) } : null;
}

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
    /** What the courier collects for delivery; basis null: placed before delivery fees (no row shown). */
    deliveryFee: order.delivery_fee,
    deliveryBasis: order.delivery_basis,
    total: order.total,
    coupon: orderCoupon(order),
    notes: order.notes,
    buyer: { name: order.buyer_name, email: order.buyer_email, phone: order.buyer_phone },
    shipping: { address: order.ship_address, city: order.ship_city, postalCode: order.ship_postal_code },
    items: items.map((item) => ({
      name: item.product_name,
      imageUrl: item.image_url,
      color: item.color,
      size: item.size,
      /** The combination of a per_variant product as chosen ('Red / M') and its SKU, snapshots. */
      variantLabel: item.variant_label,
      sku: item.sku,
      unitPrice: item.unit_price,
      quantity: item.quantity,
      lineTotal: item.line_total,
    })),
    history: history.map((event) => ({ status: event.status, at: event.created_at })),
    /** The courier and tracking number once shipped (product-decisions 6: the buyer sees both). */
    shipment: order.courier === null ? null : { courier: order.courier, trackingNumber: order.tracking_number },
    /** The shop's "Returns and exchanges" and "Delivery time" as they were at checkout (issue 47): a snapshot. */
    policies: { returnsPolicy: order.returns_policy, deliveryTime: order.delivery_time },
  };
}

/**
 * The order view without who and where to: for guest tracking by email alone, which anyone knowing
 * an email can do (product-decisions 4). It keeps the number, date, status, items, totals and the
 * city; the name, email, phone, address, postal code and notes need the order number.
 */
export function toOrderSummaryView(order: OrderRow, items: readonly OrderItemRow[], history: readonly StatusEventRow[]) {
  const { buyer: _buyer, shipping, notes: _notes, ...view } = toOrderView(order, items, history);
  return { ...view, buyer: null, notes: null, shipping: { city: shipping.city } };
}

/** What the shop's view adds to an order: its name, the page's origin for links, the number's record with the shop. */
export interface ShopViewContext {
  shopName: string;
  /** The site's origin ('https://shop.example.com'): the product links of a delivered order's message. */
  siteOrigin: string;
  /** The marketplace's country code (AppConfig.countryCode): the buyer's number as typed at checkout takes it. */
  countryCode: string;
  record: BuyerRecord | null;
}

/**
 * The shop's view of one of its orders: the same view plus what the shop acts on, the message to the
 * buyer for the order's status in the language the buyer ordered in, and the number's record with the shop.
 */
export function toShopOrderView(order: OrderRow, items: readonly OrderItemRow[], history: readonly StatusEventRow[], context: ShopViewContext) {
  const productUrls = [...new Set(items.flatMap((item) => (item.product_slug ? [`${context.siteOrigin}/product/${item.product_slug}`] : [])))];
  const message = buyerUpdateMessage(
    {
      status: order.status,
      orderNumber: order.order_number,
      buyerName: order.buyer_name,
      shopName: context.shopName,
      total: order.total,
      currency: order.currency,
      courier: order.courier,
      trackingNumber: order.tracking_number,
      productUrls,
    },
    order.buyer_language,
  );
  return {
    ...toOrderView(order, items, history),
    // The shop's timeline names who moved the order: "Shipped by Ali" (the buyer's view does not).
    history: history.map((event) => ({ status: event.status, at: event.created_at, by: event.actor_name })),
    nextStatuses: nextStatuses(order.status),
    isGuest: order.buyer_id === null,
    paymentMethod: order.payment_method,
    whatsappUrl: waLink(order.buyer_phone, context.countryCode, message),
    record: context.record ?? { delivered: 0, returned: 0, cancelled: 0, blocked: false },
    cash: toCashView(order),
  };
}

/**
 * An order as the admin's lookup shows it, read-only (no actions, no messages): the order view with its
 * cash; of where it went only the city, and no notes (support needs whom to call, not the address).
 */
export function toAdminOrderView(order: OrderRow, items: readonly OrderItemRow[], history: readonly StatusEventRow[]) {
  const { shipping, notes: _notes, ...view } = toOrderView(order, items, history);
  return { ...view, notes: null, shipping: { city: shipping.city }, isGuest: order.buyer_id === null, cash: toCashView(order) };
}

/** A delivered order's cash (product-decisions 6): when it was delivered, and the day and reference it was received (null: awaiting). */
export function toCashView(order: Pick<OrderRow, 'status' | 'status_changed_at' | 'cash_received_on' | 'cash_reference'>) {
  if (order.status !== 'delivered') return null;
  return { deliveredAt: order.status_changed_at, receivedOn: order.cash_received_on, reference: order.cash_reference };
}

/**
 * What the buyer is shown for each order a checkout placed, with the shop's WhatsApp message in the
 * buyer's language (the page they checked out from). Built from the stored order, so a repeated
 * checkout attempt answers as the first did.
 */
export function toPlacedOrder(
  order: Omit<PlacedOrderRow, 'status' | 'payment_method' | 'shop_id' | 'courier' | 'tracking_number' | 'buyer_language' | 'buyer_phone_key' | 'status_changed_at' | 'cash_received_on' | 'cash_reference' | 'returns_policy' | 'delivery_time'>,
  items: ReadonlyArray<Pick<OrderItemRow, 'product_name' | 'quantity' | 'line_total' | 'color' | 'size' | 'variant_label' | 'sku'>>,
  language: Language,
  countryCode: string,
  site?: string,
) {
  const message = buildOrderMessage({
    orderNumber: order.order_number,
    customerName: order.buyer_name,
    phone: order.buyer_phone,
    email: order.buyer_email,
    items: items.map((item) => ({
      name: item.product_name,
      quantity: item.quantity,
      lineTotal: item.line_total,
      color: item.color,
      size: item.size,
      variantLabel: item.variant_label,
      sku: item.sku,
    })),
    subtotal: order.subtotal,
    tax: order.tax,
    coupon: orderCoupon(order),
    delivery: order.delivery_basis === null ? null : order.delivery_fee,
    total: order.total,
    currency: order.currency,
    address: order.ship_address,
    city: order.ship_city,
    postalCode: order.ship_postal_code,
    notes: order.notes,
    site,
  }, language);
  return {
    id: order.id,
    orderNumber: order.order_number,
    shopName: order.shop_name,
    deliveryFee: order.delivery_fee,
    total: order.total,
    currency: order.currency,
    whatsappUrl: waLink(order.shop_whatsapp, countryCode, message),
  };
}
