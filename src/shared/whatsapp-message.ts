import { colorName, colorNamesIn } from './colors';
import whatsapp from './i18n/catalogues/en/whatsapp';
import { formatNumber } from './i18n/numbers';
import type { Language } from './i18n/language';
import { translator } from './i18n/translator';
import type { CouponType } from './coupons';
import { formatMoney } from './money';

/** What the WhatsApp confirmation message needs to know about one order (spec section 7, "Outside"). */
export interface OrderMessage {
  orderNumber: string;
  customerName: string;
  phone: string;
  email: string;
  items: ReadonlyArray<{
    name: string;
    quantity: number;
    lineTotal: number;
    /** The colour as chosen: a hex code, which the message names ("Brown"), never writes. */
    color?: string | null;
    size?: string | null;
    /** A per_variant line's combination ('Red / M', English), shown instead of the color and size. */
    variantLabel?: string | null;
    sku?: string | null;
  }>;
  subtotal: number;
  /** The order's coupon snapshot (code, type, what it saved); null or absent without one. */
  coupon?: { code: string; type: CouponType; discount: number } | null;
  tax: number;
  /** The delivery fee (0: free); null for an order placed before delivery fees. */
  delivery: number | null;
  total: number;
  currency: string;
  address: string;
  city: string;
  postalCode: string;
  notes: string;
  /** The marketplace's name (its settings), said last: where the order was placed. */
  site?: string;
}

/**
 * The pre-filled text sent to the shop: order number, customer, items, delivery, total, address and
 * notes, in the buyer's language (its labels and amounts; names, addresses and notes as written).
 */
export function buildOrderMessage(order: OrderMessage, language: Language = 'en'): string {
  const t = translator(language, whatsapp);
  const money = (minor: number) => formatMoney(minor, order.currency, language);
  const lines = [
    t('whatsapp.order.title', { orderNumber: order.orderNumber }),
    '',
    t('whatsapp.order.customer', { name: order.customerName }),
    t('whatsapp.order.phone', { phone: order.phone }),
    t('whatsapp.order.email', { email: order.email }),
    '',
    t('whatsapp.order.items'),
    ...order.items.map((item) => {
      // Colours by name in the buyer's language (issue 53), as the cart and every order text say them.
      const chosen = item.variantLabel ? [colorNamesIn(item.variantLabel, language)] : [item.color && colorName(item.color, language), item.size];
      const options = [...chosen, item.sku ? t('whatsapp.order.sku', { sku: item.sku }) : null]
        .filter(Boolean)
        .join(t('whatsapp.order.optionSeparator'));
      const values = { name: item.name, options, quantity: formatNumber(item.quantity, language), total: money(item.lineTotal) };
      return options ? t('whatsapp.order.itemWithOptions', values) : t('whatsapp.order.item', values);
    }),
    '',
  ];
  const { coupon } = order;
  if (order.tax > 0 || order.delivery !== null || coupon) lines.push(t('whatsapp.order.subtotal', { amount: money(order.subtotal) }));
  if (coupon) {
    lines.push(
      coupon.type === 'free_delivery'
        ? t('whatsapp.order.couponFreeDelivery', { code: coupon.code })
        : t('whatsapp.order.coupon', { code: coupon.code, amount: money(coupon.discount) }),
    );
  }
  if (order.tax > 0) lines.push(t('whatsapp.order.tax', { amount: money(order.tax) }));
  if (order.delivery !== null) {
    lines.push(order.delivery === 0 ? t('whatsapp.order.deliveryFree') : t('whatsapp.order.delivery', { amount: money(order.delivery) }));
  }
  lines.push(
    t('whatsapp.order.total', { amount: money(order.total) }),
    '',
    t('whatsapp.order.address', { address: order.address, city: order.city, postalCode: order.postalCode }),
  );
  if (order.notes.trim()) lines.push(t('whatsapp.order.notes', { notes: order.notes.trim() }));
  lines.push('', t('whatsapp.order.payment'));
  if (order.site) lines.push(t('whatsapp.order.placedOn', { site: order.site }));
  return lines.join('\n');
}
