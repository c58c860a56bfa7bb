import type { OrderStatus } from '../../shared/constants';
import type { Language } from '../../shared/i18n/language';
import type { MailConfig } from '../config';
import type { DB } from '../db/client';
import type { OrderItemsTable, OrdersTable } from '../db/schema';
import { type EmailOrder, receiptEmail, shopOrderEmail, type Shipment, statusEmail, statusHasEmail } from '../mail/emails';
import { enqueueEmail } from '../mail/outbox.service';
import { siteIdentity } from '../settings/settings.service';
import { newOrderRecipients } from '../shops/shops.service';
import { orderUpdatesUrl, receivesOrderUpdates } from '../users/order-updates.service';
import * as repo from './orders.repository';
import type { Insertable } from 'kysely';

/** An order as the checkout wrote it, with its lines. */
export interface WrittenOrder {
  order: Insertable<OrdersTable>;
  items: ReadonlyArray<Insertable<OrderItemsTable>>;
}

function toEmailOrder({ order, items }: WrittenOrder): EmailOrder {
  return {
    orderNumber: order.order_number,
    buyerId: order.buyer_id ?? null,
    shopName: order.shop_name,
    shopWhatsapp: order.shop_whatsapp,
    currency: order.currency,
    buyerName: order.buyer_name,
    buyerEmail: order.buyer_email,
    buyerPhone: order.buyer_phone,
    address: order.ship_address,
    city: order.ship_city,
    postalCode: order.ship_postal_code,
    notes: order.notes ?? '',
    subtotal: order.subtotal,
    tax: order.tax ?? 0,
    deliveryFee: order.delivery_fee ?? 0,
    deliveryBasis: order.delivery_basis ?? null,
    total: order.total,
    returnsPolicy: order.returns_policy ?? '',
    deliveryTime: order.delivery_time ?? '',
    items: items.map((item) => ({
      name: item.product_name,
      variantLabel: item.variant_label ?? null,
      color: item.color ?? null,
      size: item.size ?? null,
      quantity: item.quantity,
      lineTotal: item.line_total,
    })),
  };
}

/**
 * In the checkout's transaction: the buyer's receipt for each order, and the shop's "new order" to its
 * contact email where the shop keeps "Email me new orders" on. Both in the buyer's language. A
 * checkout that rolls back takes its emails with it.
 */
export async function queueCheckoutEmails(
  trx: DB,
  mail: MailConfig,
  orders: readonly WrittenOrder[],
  { language, countryCode }: { language: Language; countryCode: string },
  now: Date,
): Promise<void> {
  const shops = await newOrderRecipients(trx, [...new Set(orders.map(({ order }) => order.shop_id).filter((id): id is number => typeof id === 'number'))]);
  const site = await siteIdentity(trx);
  for (const written of orders) {
    const order = toEmailOrder(written);
    await enqueueEmail(trx, { kind: 'receipt', to: order.buyerEmail, language, content: receiptEmail(language, mail.publicUrl, order, countryCode, site), now });
    const shopEmail = typeof written.order.shop_id === 'number' ? shops.get(written.order.shop_id) : undefined;
    if (shopEmail) await enqueueEmail(trx, { kind: 'shop-new-order', to: shopEmail, language, content: shopOrderEmail(language, mail.publicUrl, order, site), now });
  }
}

/**
 * In the status change's transaction: the buyer's email about the new status, when the status has one
 * and the buyer, an account or a guest, has not switched order updates off. Written in the language of
 * the order; it ends with the link, signed for the address, that switches them off (also the mail
 * program's one-click "Unsubscribe").
 */
export async function queueStatusEmail(trx: DB, mail: MailConfig, orderId: number, status: OrderStatus, now: Date, shipment: Shipment = {}): Promise<void> {
  if (!statusHasEmail(status)) return;
  const order = await repo.findForStatusEmail(trx, orderId);
  if (!order || !(await receivesOrderUpdates(trx, { buyerId: order.buyer_id, email: order.buyer_email }))) return;
  const view = { orderNumber: order.order_number, buyerId: order.buyer_id, shopName: order.shop_name, buyerName: order.buyer_name };
  const stopUrl = orderUpdatesUrl(mail.publicUrl, mail.linkKey, order.buyer_language, order.buyer_email);
  const content = statusEmail(order.buyer_language, mail.publicUrl, status, view, stopUrl, shipment, await siteIdentity(trx));
  await enqueueEmail(trx, { kind: 'order-status', to: order.buyer_email, language: order.buyer_language, content, now, unsubscribeUrl: stopUrl });
}
