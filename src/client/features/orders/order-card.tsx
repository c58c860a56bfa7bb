import type { inferRouterOutputs } from '@trpc/server';
import type { ReactNode } from 'react';
import type { AppRouter } from '../../../server/trpc/app-router';
import { formatDate } from '../../../shared/i18n/intl';
import { formatMoney } from '../../../shared/money';
import { statusLabel } from '../../../shared/order-status';
import { Badge, type BadgeTone } from '../../components/ui/badge';
import { Card } from '../../components/ui/card';
import { OrderNumber } from '../../components/ui/order-number';
import orders from '../../i18n/catalogues/en/orders';
import { useLanguage, useT } from '../../i18n/language';
import { chosenOptionsText } from './order-line';
import * as styles from './orders.css';
import { ShopPolicies } from '../../components/ui/shop-policies';

type RouterOutputs = inferRouterOutputs<AppRouter>;
/** One order as the order screens read it (the server's one order view). */
export type OrderView = RouterOutputs['orders']['mine']['items'][number];
/** The shop's view of one of its orders: the same view plus what the shop acts on. */
export type ShopOrderView = RouterOutputs['shopOrders']['list']['items'][number];
/** Guest tracking's answer: the whole order by its number; by email alone, no contact and only the city. */
export type TrackedOrderView = RouterOutputs['orders']['track'][number];
type OrderSummaryView = Extract<TrackedOrderView, { buyer: null }>;

const PAYMENT_LABELS: Record<ShopOrderView['paymentMethod'], keyof typeof orders> = { cod: 'orders.card.cod' };

/** The buyer's contact and the address, as the shop sees them, with what the shop knows of the number (`record`). */
function ShopParty({ order, isGuest, record }: { order: OrderView; isGuest: boolean; record?: ReactNode }) {
  const t = useT(orders);
  return (
    <>
      <div className={styles.block}>
        <h3 className={styles.sectionTitle}>{isGuest ? t('orders.card.buyerGuest') : t('orders.card.buyer')}</h3>
        <span dir="auto">{order.buyer.name}</span>
        <a href={`mailto:${order.buyer.email}`} dir="ltr">
          {order.buyer.email}
        </a>
        <a href={`tel:${order.buyer.phone.replace(/[^\d+]/g, '')}`} dir="ltr">
          {order.buyer.phone}
        </a>
        {record}
      </div>
      <div className={styles.block}>
        <h3 className={styles.sectionTitle}>{t('orders.card.shipTo')}</h3>
        <span dir="auto">{order.shipping.address}</span>
        <span>
          <bdi>{order.shipping.city}</bdi> <bdi>{order.shipping.postalCode}</bdi>
        </span>
      </div>
    </>
  );
}

/** Where the order goes, as its buyer sees it; found by email alone, only the city (product-decisions 4). */
function BuyerParty({ order, addressHint }: { order: OrderView | OrderSummaryView; addressHint: boolean }) {
  const t = useT(orders);
  if (order.buyer === null) {
    return (
      <div className={styles.block}>
        <h3 className={styles.sectionTitle}>{t('orders.card.shippingTo')}</h3>
        <span className={styles.address} dir="auto">
          {order.shipping.city}
        </span>
        {addressHint && <p className={styles.muted}>{t('orders.card.fullAddressHint')}</p>}
      </div>
    );
  }
  return (
    <div className={styles.block}>
      <h3 className={styles.sectionTitle}>{t('orders.card.shippingAddress')}</h3>
      <address className={styles.address}>
        <bdi>{order.buyer.name}</bdi>
        <br />
        <bdi>{order.shipping.address}</bdi>
        <br />
        <bdi>{order.shipping.city}</bdi> <bdi>{order.shipping.postalCode}</bdi>
        <br />
        <bdi>{order.buyer.phone}</bdi>
      </address>
    </div>
  );
}

/** The courier and tracking number once shipped (product-decisions 6: the buyer sees both). */
function Shipment({ shipment }: { shipment: NonNullable<OrderView['shipment']> }) {
  const t = useT(orders);
  return (
    <div className={styles.block}>
      <h3 className={styles.sectionTitle}>{t('orders.card.shipment')}</h3>
      <span>{t('orders.card.courier', { courier: shipment.courier })}</span>
      {shipment.trackingNumber && <span>{t('orders.card.tracking', { trackingNumber: shipment.trackingNumber })}</span>}
    </div>
  );
}

/**
 * One order: number, date, status badge, items, who and where, the shipment, totals and status
 * history, with the screen's own actions below. `shop` is the shop's view: the buyer's contact, how
 * they pay, and what the shop knows of the number (`record`).
 */
export function OrderCard({
  order,
  tone,
  shop,
  actions,
  addressHint = true,
  select,
}: {
  order: OrderView | OrderSummaryView;
  tone: BadgeTone;
  shop?: Pick<ShopOrderView, 'isGuest' | 'paymentMethod'> & { record?: ReactNode };
  actions?: ReactNode;
  /** With the city alone: say how guest tracking shows the rest (the admin's lookup never does). */
  addressHint?: boolean;
  /** A control beside the status (the shop's checkbox choosing orders for packing slips). */
  select?: ReactNode;
}) {
  const t = useT(orders);
  const language = useLanguage();
  const money = (minor: number) => formatMoney(minor, order.currency, language);
  return (
    <Card as="article" className={styles.card} aria-label={t('orders.card.label', { orderNumber: order.orderNumber })}>
      <div className={styles.head}>
        <div>
          <h2 className={styles.number}>
            <OrderNumber value={order.orderNumber} />
          </h2>
          <div className={styles.muted}>
            {!shop && (
              <>
                <bdi>{order.shopName}</bdi>
                {' · '}
              </>
            )}
            <time dateTime={order.createdAt}>{formatDate(order.createdAt, language, 'longDateTime')}</time>
          </div>
        </div>
        <div className={styles.headEnd}>
          <Badge tone={tone}>{statusLabel(order.status, language)}</Badge>
          {select}
        </div>
      </div>

      <ul className={styles.items} aria-label={t('orders.card.items')}>
        {order.items.map((item, index) => (
          <li key={index} className={styles.item}>
            {item.imageUrl ? <img src={item.imageUrl} alt="" className={styles.itemImage} loading="lazy" /> : <span className={styles.itemImage} aria-hidden="true" />}
            <span className={styles.itemName}>
              <span>
                <bdi>{item.name}</bdi> {t('orders.card.times', { quantity: item.quantity })}
              </span>
              {(item.color || item.size) && (
                <span className={styles.muted}>
                  {item.color && <span className={styles.swatch} style={{ background: item.color }} aria-hidden="true" />}
                  <bdi>{chosenOptionsText(item, language, (size) => t('orders.card.size', { size }))}</bdi>
                </span>
              )}
              {item.sku && (
                <span className={styles.muted}>
                  {t('orders.card.sku')} <bdi>{item.sku}</bdi>
                </span>
              )}
              <span className={styles.muted}>{t('orders.card.each', { price: money(item.unitPrice) })}</span>
            </span>
            <bdi>{money(item.lineTotal)}</bdi>
          </li>
        ))}
      </ul>

      <div className={styles.grid}>
        <div className={styles.party}>
          {shop && order.buyer ? <ShopParty order={order} isGuest={shop.isGuest} record={shop.record} /> : <BuyerParty order={order} addressHint={addressHint} />}
          {order.shipment && <Shipment shipment={order.shipment} />}
          {order.notes && (
            <p className={styles.notes}>
              <strong>{t('orders.card.notes')}</strong> <bdi>{order.notes}</bdi>
            </p>
          )}
          {/* The shop's policies as they were at checkout (issue 47): what the buyer agreed to. */}
          <ShopPolicies policies={order.policies} />
        </div>
        <div className={styles.totals}>
          <div className={styles.totalRow}>
            <span>{t('orders.card.subtotal')}</span>
            <bdi>{money(order.subtotal)}</bdi>
          </div>
          {order.coupon && (
            <div className={styles.totalRow} data-testid="order-coupon">
              <span>{t('orders.card.coupon', { code: order.coupon.code })}</span>
              <bdi>{order.coupon.type === 'free_delivery' ? t('orders.card.couponFreeDelivery') : `−${money(order.coupon.discount)}`}</bdi>
            </div>
          )}
          {order.tax > 0 && (
            <div className={styles.totalRow}>
              <span>{t('orders.card.tax')}</span>
              <bdi>{money(order.tax)}</bdi>
            </div>
          )}
          {order.deliveryBasis !== null && (
            <div className={styles.totalRow}>
              <span>{t('orders.card.delivery')}</span>
              <bdi>{order.deliveryFee === 0 ? t('orders.card.free') : money(order.deliveryFee)}</bdi>
            </div>
          )}
          <div className={styles.grand}>
            <span>{t('orders.card.total')}</span>
            <bdi>{money(order.total)}</bdi>
          </div>
          {shop && (
            <div className={[styles.totalRow, styles.muted].join(' ')}>
              <span>{t('orders.card.payment')}</span>
              <span>{t(PAYMENT_LABELS[shop.paymentMethod])}</span>
            </div>
          )}
          {order.history.length > 0 && (
            <>
              <h3 className={styles.historyTitle} id={`history-${order.id}`}>
                {t('orders.card.history')}
              </h3>
              <ol className={styles.history} aria-labelledby={`history-${order.id}`}>
                {order.history.map((event, i) => {
                  // The shop's view names who moved it (issue 51): "Shipped by Ali".
                  const by = 'by' in event && typeof event.by === 'string' ? event.by : null;
                  const status = statusLabel(event.status, language);
                  return (
                    <li key={i}>
                      {by ? t('orders.card.historyBy', { status, name: by }) : status} · <time dateTime={event.at}>{formatDate(event.at, language, 'dateTime')}</time>
                    </li>
                  );
                })}
              </ol>
            </>
          )}
        </div>
      </div>
      {actions && <div className={styles.actions}>{actions}</div>}
    </Card>
  );
}
