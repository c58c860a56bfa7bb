import { colorNamesIn } from '../../shared/colors';
import type { OrderStatus } from '../../shared/constants';
import email from '../../shared/i18n/catalogues/en/email';
import { formatNumber } from '../../shared/i18n/numbers';
import { type Language, localizedPath } from '../../shared/i18n/language';
import { translator } from '../../shared/i18n/translator';
import { formatMoney } from '../../shared/money';
import { siteName as siteNameIn } from '../../shared/page-titles';
import { DEFAULT_SITE, type SiteIdentity } from '../../shared/site';
import { statusLabel } from '../../shared/order-status';
import { variantLabel } from '../../shared/variants';
import { waLink } from '../../shared/whatsapp';
import { type Block, composeEmail, type EmailContent, leftToRight, lines, link, note, paragraph } from './message';
// It writes translated texts: the catalogues are compiled at import, whichever entry (server, CLI, seeds) got here.
import '../i18n/languages';

/** What an outbox row is; a password reset's body holds a live link, so it is erased once sent or failed. */
export type EmailKind = 'password-reset' | 'receipt' | 'shop-new-order' | 'order-status' | 'staff-invitation' | 'plan-ending' | 'cart-reminder' | 'back-in-stock';

type EmailKey = keyof typeof email;

/**
 * The text of each status a buyer is told of. A new status needs its line here and its text in both
 * catalogues (`email.status.<status>`); `pending` is the receipt itself.
 */
const STATUS_TEXT = {
  confirmed: 'email.status.confirmed',
  shipped: 'email.status.shipped',
  delivered: 'email.status.delivered',
  cancelled: 'email.status.cancelled',
  returned: 'email.status.returned',
} as const satisfies Record<Exclude<OrderStatus, 'pending'>, EmailKey>;

/** Whether a buyer is emailed when their order reaches `status`. */
export function statusHasEmail(status: OrderStatus): status is keyof typeof STATUS_TEXT {
  return status in STATUS_TEXT;
}

/** An absolute link into the app, in the reader's language (`/ur/...` for Urdu). */
export function appUrl(publicUrl: string, language: Language, path: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${localizedPath(language, path)}`;
}

/** What an email shows of the marketplace: its name and logo (settings.service siteIdentity), read by the caller in its transaction. */
export type EmailSite = Pick<SiteIdentity, 'name' | 'logo'>;

function texts(language: Language, publicUrl: string, site: EmailSite) {
  const t = translator(language, email);
  const siteName = siteNameIn(site.name, language);
  // The logo's small icon heads the email (an absolute address: mail programs load it from the site).
  const logo = site.logo ? { url: /^https?:\/\//.test(site.logo.icon) ? site.logo.icon : `${publicUrl.replace(/\/+$/, '')}${site.logo.icon}`, alt: t('email.logo', { site: siteName }) } : undefined;
  const footer = { text: t('email.footer', { site: siteName }), url: appUrl(publicUrl, language, '/'), logo };
  return { t, siteName, footer };
}

/** The password reset: the link, how long it lives, and what to do when it was not you. */
export function passwordResetEmail(language: Language, publicUrl: string, resetUrl: string, site: EmailSite = DEFAULT_SITE): EmailContent {
  const { t, siteName, footer } = texts(language, publicUrl, site);
  return composeEmail(
    language,
    t('email.reset.subject', { site: siteName }),
    [paragraph(t('email.reset.intro', { site: siteName })), link(t('email.reset.action'), resetUrl), paragraph(t('email.reset.ignore'))],
    footer,
  );
}

const STAFF_ROLE_TEXT = { orders: 'email.staff.role.orders', orders_products: 'email.staff.role.orders_products' } as const satisfies Record<'orders' | 'orders_products', EmailKey>;

/** A shop's invitation to its staff (issue 51): the shop, the role and the link, which lives 7 days. */
export function staffInvitationEmail(
  language: Language,
  publicUrl: string,
  invitation: { shopName: string; role: 'orders' | 'orders_products'; url: string },
  site: EmailSite = DEFAULT_SITE,
): EmailContent {
  const { t, siteName, footer } = texts(language, publicUrl, site);
  const shop = invitation.shopName;
  return composeEmail(
    language,
    t('email.staff.subject', { shop, site: siteName }),
    [
      paragraph(t('email.staff.intro', { shop, site: siteName, role: t(STAFF_ROLE_TEXT[invitation.role]) })),
      link(t('email.staff.action'), invitation.url),
      paragraph(t('email.staff.ignore')),
    ],
    footer,
  );
}

/**
 * The plan-end notice (issue 48): the shop, the day its Pro plan ends (written in the reader's language)
 * and how to renew: the support number's WhatsApp when the operator set one, and the shop's billing page.
 */
export function planEndingEmail(
  language: Language,
  publicUrl: string,
  notice: { shopName: string; date: string; renewUrl: string | null },
  site: EmailSite = DEFAULT_SITE,
): EmailContent {
  const { t, siteName, footer } = texts(language, publicUrl, site);
  const values = { shop: notice.shopName, site: siteName, date: notice.date };
  return composeEmail(
    language,
    t('email.planEnding.subject', values),
    [
      paragraph(t('email.planEnding.intro', values)),
      ...(notice.renewUrl ? [link(t('email.planEnding.renew'), notice.renewUrl)] : []),
      link(t('email.planEnding.billing'), appUrl(publicUrl, language, '/shop/billing')),
    ],
    footer,
  );
}

/** One order as its emails tell it (a snapshot: what was placed, not what the shop's rules are now). */
export interface EmailOrder {
  orderNumber: string;
  /** Null for a guest's order: its tracking link is guest tracking, prefilled with the order number. */
  buyerId: number | null;
  shopName: string;
  shopWhatsapp: string;
  currency: string;
  buyerName: string;
  buyerEmail: string;
  buyerPhone: string;
  address: string;
  city: string;
  postalCode: string;
  notes: string;
  subtotal: number;
  tax: number;
  deliveryFee: number;
  /** Null for an order placed before delivery fees: no delivery line. */
  deliveryBasis: string | null;
  total: number;
  /** The shop's policies as they were at checkout (issue 47); '' for none. */
  returnsPolicy?: string;
  deliveryTime?: string;
  items: ReadonlyArray<{ name: string; variantLabel: string | null; color: string | null; size: string | null; quantity: number; lineTotal: number }>;
}

/** Where the buyer follows the order: their orders when signed in, guest tracking with the number filled in otherwise. */
export function trackingUrl(publicUrl: string, language: Language, order: Pick<EmailOrder, 'orderNumber' | 'buyerId'>): string {
  return appUrl(publicUrl, language, order.buyerId === null ? `/guest/orders?order=${encodeURIComponent(order.orderNumber)}` : '/buyer/orders');
}

/** The order number, shop, lines with their variants, delivery and the cash to pay. */
function orderBlocks(t: ReturnType<typeof texts>['t'], language: Language, order: EmailOrder): Block[] {
  const money = (minor: number) => formatMoney(minor, order.currency, language);
  const items = order.items.map((item) => {
    // Colours by name in the reader's language ("Red / M"), as every screen says them.
    const chosen = item.color !== null || item.size !== null ? variantLabel({ color: item.color, size: item.size }, language) : null;
    const variant = item.variantLabel ? colorNamesIn(item.variantLabel, language) : chosen;
    const values = { name: item.name, quantity: formatNumber(item.quantity, language), total: money(item.lineTotal) };
    return variant ? t('email.order.itemWithVariant', { ...values, variant }) : t('email.order.item', values);
  });
  const deliveryLine = order.deliveryBasis === null ? null : order.deliveryFee > 0 ? t('email.order.delivery', { amount: money(order.deliveryFee) }) : t('email.order.deliveryFree');
  return [
    lines(t('email.order.number', { orderNumber: order.orderNumber }), t('email.order.shop', { shop: order.shopName })),
    lines(t('email.order.items'), ...items),
    lines(
      t('email.order.subtotal', { amount: money(order.subtotal) }),
      order.tax > 0 && t('email.order.tax', { amount: money(order.tax) }),
      deliveryLine,
      t('email.order.total', { amount: money(order.total) }),
      t('email.order.payment'),
    ),
    paragraph(t('email.order.address', { address: order.address, city: order.city, postalCode: leftToRight(language, order.postalCode) })),
  ];
}

/** The buyer's receipt, one per order: its lines, the total to pay on delivery, the shop's WhatsApp and the tracking link. */
export function receiptEmail(language: Language, publicUrl: string, order: EmailOrder, countryCode: string, site: EmailSite = DEFAULT_SITE): EmailContent {
  const { t, footer } = texts(language, publicUrl, site);
  const shopChat = waLink(order.shopWhatsapp, countryCode);
  return composeEmail(
    language,
    t('email.receipt.subject', { orderNumber: order.orderNumber, shop: order.shopName }),
    [
      paragraph(t('email.greeting', { name: order.buyerName })),
      paragraph(t('email.receipt.intro', { shop: order.shopName })),
      ...orderBlocks(t, language, order),
      // The shop's policies the buyer read at checkout, as the order keeps them.
      ...(order.deliveryTime || order.returnsPolicy
        ? [
            lines(
              order.deliveryTime ? t('email.receipt.deliveryTime', { text: order.deliveryTime }) : null,
              order.returnsPolicy ? t('email.receipt.returns', { text: order.returnsPolicy }) : null,
            ),
          ]
        : []),
      ...(shopChat ? [link(t('email.receipt.whatsapp'), shopChat)] : []),
      link(t('email.receipt.track'), trackingUrl(publicUrl, language, order)),
    ],
    footer,
  );
}

/** The shop's "new order", to its contact email, in the language the buyer ordered in (as the WhatsApp message is). */
export function shopOrderEmail(language: Language, publicUrl: string, order: EmailOrder, site: EmailSite = DEFAULT_SITE): EmailContent {
  const { t, footer } = texts(language, publicUrl, site);
  return composeEmail(
    language,
    t('email.shopOrder.subject', { orderNumber: order.orderNumber }),
    [
      paragraph(t('email.shopOrder.intro', { shop: order.shopName })),
      paragraph(t('email.shopOrder.customer', { name: order.buyerName, phone: leftToRight(language, order.buyerPhone), email: order.buyerEmail })),
      ...orderBlocks(t, language, order),
      ...(order.notes ? [paragraph(t('email.shopOrder.notes', { notes: order.notes }))] : []),
      link(t('email.shopOrder.open'), appUrl(publicUrl, language, '/shop/orders')),
      paragraph(t('email.shopOrder.why')),
    ],
    footer,
  );
}

/** What a shipment names, when known (the courier and its tracking number). */
export interface Shipment {
  courier?: string | null;
  trackingNumber?: string | null;
}

/**
 * The buyer's status email, to an account's or a guest's address; it ends with how to switch these
 * emails off: `stopUrl`, the link signed for this address (users/order-updates.service.ts).
 */
export function statusEmail(
  language: Language,
  publicUrl: string,
  status: keyof typeof STATUS_TEXT,
  order: Pick<EmailOrder, 'orderNumber' | 'buyerId' | 'shopName' | 'buyerName'>,
  stopUrl: string,
  shipment: Shipment = {},
  site: EmailSite = DEFAULT_SITE,
): EmailContent {
  const { t, footer } = texts(language, publicUrl, site);
  return composeEmail(
    language,
    t('email.status.subject', { orderNumber: order.orderNumber, status: statusLabel(status, language) }),
    [
      paragraph(t('email.greeting', { name: order.buyerName })),
      paragraph(t(STATUS_TEXT[status], { orderNumber: order.orderNumber, shop: order.shopName })),
      lines(
        shipment.courier ? t('email.status.courier', { courier: shipment.courier }) : null,
        shipment.trackingNumber ? t('email.status.trackingNumber', { number: leftToRight(language, shipment.trackingNumber) }) : null,
      ),
      link(t('email.status.track'), trackingUrl(publicUrl, language, order)),
      note(t('email.status.stop'), stopUrl),
    ].filter((block) => block.kind !== 'lines' || block.lines.length > 0),
    footer,
  );
}

/** A forgotten cart's one reminder (issue 50): its lines, a link to /cart, and how to stop these (`stopUrl`). */
export function cartReminderEmail(
  language: Language,
  publicUrl: string,
  cart: { buyerName: string; items: ReadonlyArray<{ name: string; quantity: number }> },
  stopUrl: string,
  site: EmailSite = DEFAULT_SITE,
): EmailContent {
  const { t, siteName, footer } = texts(language, publicUrl, site);
  return composeEmail(
    language,
    t('email.cart.subject', { site: siteName }),
    [
      paragraph(t('email.greeting', { name: cart.buyerName })),
      paragraph(t('email.cart.body')),
      lines(...cart.items.map((item) => t('email.cart.line', { quantity: formatNumber(item.quantity, language), name: item.name }))),
      link(t('email.cart.open'), appUrl(publicUrl, language, '/cart')),
      note(t('email.cart.stop'), stopUrl),
    ],
    footer,
  );
}

/**
 * "Back in stock" (issue 50): the one email of a buyer's request, in the language it was asked in, with
 * the product's link; it ends with `stopUrl`, which removes the address's other pending requests.
 */
export function backInStockEmail(
  language: Language,
  publicUrl: string,
  product: { name: string; slug: string; color: string | null; size: string | null },
  stopUrl: string,
  site: EmailSite = DEFAULT_SITE,
): EmailContent {
  const { t, siteName, footer } = texts(language, publicUrl, site);
  const values = { product: product.name, site: siteName };
  const chosen = product.color !== null || product.size !== null ? variantLabel({ color: product.color, size: product.size }, language) : null;
  return composeEmail(
    language,
    t('email.backInStock.subject', values),
    [
      paragraph(chosen ? t('email.backInStock.introVariant', { ...values, variant: chosen }) : t('email.backInStock.intro', values)),
      link(t('email.backInStock.action'), appUrl(publicUrl, language, `/product/${encodeURIComponent(product.slug)}`)),
      paragraph(t('email.backInStock.once')),
      note(t('email.backInStock.stop'), stopUrl),
    ],
    footer,
  );
}
