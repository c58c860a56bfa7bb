import type { OrderStatus } from './constants';
import whatsapp from './i18n/catalogues/en/whatsapp';
import type { Language } from './i18n/language';
import { type Translate, translator } from './i18n/translator';
import { formatMoney } from './money';

/** What the shop's message to its buyer about one order needs (issue 29, product-decisions 6). */
export interface BuyerUpdate {
  status: OrderStatus;
  orderNumber: string;
  buyerName: string;
  shopName: string;
  /** The order total: the cash the courier collects. */
  total: number;
  currency: string;
  courier: string | null;
  trackingNumber: string | null;
  /** The pages of the products bought, absolute URLs: a delivered order's message asks for reviews there. */
  productUrls: readonly string[];
}

type Text = Translate<typeof whatsapp>;
type Values = { name: string; orderNumber: string; shop: string; total: string };

/** One message per status, each carrying the order number, the shop and the total the courier collects. */
const MESSAGES: Record<OrderStatus, (t: Text, values: Values, order: BuyerUpdate) => string[]> = {
  pending: (t, v) => [t('whatsapp.buyer.pending', v)],
  confirmed: (t, v) => [t('whatsapp.buyer.confirmed', v)],
  shipped: (t, v, order) => [
    t('whatsapp.buyer.shipped', { ...v, courier: order.courier ?? '' }),
    ...(order.trackingNumber ? [t('whatsapp.buyer.tracking', { trackingNumber: order.trackingNumber })] : []),
  ],
  delivered: (t, v, order) => [
    t('whatsapp.buyer.delivered', v),
    ...(order.productUrls.length > 0 ? ['', t('whatsapp.buyer.review'), ...order.productUrls] : []),
  ],
  cancelled: (t, v) => [t('whatsapp.buyer.cancelled', v)],
  returned: (t, v) => [t('whatsapp.buyer.returned', v)],
};

/**
 * The text a shop sends its buyer on WhatsApp about an order in its current status, in the language the
 * buyer ordered in (names and numbers as written). A person taps it: nothing is sent by itself.
 */
export function buyerUpdateMessage(order: BuyerUpdate, language: Language = 'en'): string {
  const t = translator(language, whatsapp);
  const values = {
    name: order.buyerName,
    orderNumber: order.orderNumber,
    shop: order.shopName,
    total: formatMoney(order.total, order.currency, language),
  };
  return MESSAGES[order.status](t, values, order).join('\n');
}
