import type { inferRouterOutputs } from '@trpc/server';
import type { ReactNode } from 'react';
import type { AppRouter } from '../../../server/trpc/app-router';
import { colorName } from '../../../shared/colors';
import { formatMoney } from '../../../shared/money';
import { statusLabel } from '../../../shared/order-status';
import { Badge, type BadgeTone } from '../../components/ui/badge';
import { Card } from '../../components/ui/card';
import * as styles from './orders.css';

type RouterOutputs = inferRouterOutputs<AppRouter>;
/** One order as the order screens read it (the server's one order view). */
export type OrderView = RouterOutputs['orders']['mine']['items'][number];
/** The shop's view of one of its orders: the same view plus what the shop acts on. */
export type ShopOrderView = RouterOutputs['shopOrders']['list']['items'][number];
/** Guest tracking's answer: the whole order by its number; by email alone, no contact and only the city. */
export type TrackedOrderView = RouterOutputs['orders']['track'][number];
type OrderSummaryView = Extract<TrackedOrderView, { buyer: null }>;

const PAYMENT_LABELS: Record<ShopOrderView['paymentMethod'], string> = { cod: 'Cash on delivery' };

const longDate = new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeStyle: 'short' });
const shortDate = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The buyer's contact and the address, as the shop sees them. */
function ShopParty({ order, isGuest }: { order: OrderView; isGuest: boolean }) {
  return (
    <>
      <div className={styles.block}>
        <h3 className={styles.sectionTitle}>Buyer{isGuest ? ' (guest)' : ''}</h3>
        <span>{order.buyer.name}</span>
        <a href={`mailto:${order.buyer.email}`}>{order.buyer.email}</a>
        <a href={`tel:${order.buyer.phone.replace(/[^\d+]/g, '')}`}>{order.buyer.phone}</a>
      </div>
      <div className={styles.block}>
        <h3 className={styles.sectionTitle}>Ship to</h3>
        <span>{order.shipping.address}</span>
        <span>
          {order.shipping.city} {order.shipping.postalCode}
        </span>
      </div>
    </>
  );
}

/** Where the order goes, as its buyer sees it; found by email alone, only the city (product-decisions 4). */
function BuyerParty({ order }: { order: OrderView | OrderSummaryView }) {
  if (order.buyer === null) {
    return (
      <div className={styles.block}>
        <h3 className={styles.sectionTitle}>Shipping to</h3>
        <span className={styles.address}>{order.shipping.city}</span>
        <p className={styles.muted}>Search by order number to see the full address and phone.</p>
      </div>
    );
  }
  return (
    <div className={styles.block}>
      <h3 className={styles.sectionTitle}>Shipping address</h3>
      <address className={styles.address}>
        {order.buyer.name}
        <br />
        {order.shipping.address}
        <br />
        {order.shipping.city} {order.shipping.postalCode}
        <br />
        {order.buyer.phone}
      </address>
    </div>
  );
}

/**
 * One order: number, date, status badge, items, who and where, totals and status history, with the
 * screen's own actions below. `shop` is the shop's view: the buyer's contact and how they pay.
 */
export function OrderCard({
  order,
  tone,
  shop,
  actions,
}: {
  order: OrderView | OrderSummaryView;
  tone: BadgeTone;
  shop?: Pick<ShopOrderView, 'isGuest' | 'paymentMethod'>;
  actions?: ReactNode;
}) {
  const money = (minor: number) => formatMoney(minor, order.currency);
  return (
    <Card as="article" className={styles.card} aria-label={`Order ${order.orderNumber}`}>
      <div className={styles.head}>
        <div>
          <h2 className={styles.number}>{order.orderNumber}</h2>
          <div className={styles.muted}>
            {!shop && `${order.shopName} · `}
            <time dateTime={order.createdAt}>{longDate.format(new Date(order.createdAt))}</time>
          </div>
        </div>
        <Badge tone={tone}>{statusLabel(order.status)}</Badge>
      </div>

      <ul className={styles.items} aria-label="Items">
        {order.items.map((item, index) => (
          <li key={index} className={styles.item}>
            {item.imageUrl ? <img src={item.imageUrl} alt="" className={styles.itemImage} loading="lazy" /> : <span className={styles.itemImage} aria-hidden="true" />}
            <span className={styles.itemName}>
              <span>
                {item.name} x {item.quantity}
              </span>
              {(item.color || item.size) && (
                <span className={styles.muted}>
                  {item.color && <span className={styles.swatch} style={{ background: item.color }} aria-hidden="true" />}
                  {/* A per_variant line shows the combination as it was ordered ('Red / M'), a snapshot. */}
                  {item.variantLabel ?? (
                    <>
                      {item.color && colorName(item.color)}
                      {item.color && item.size && ' · '}
                      {item.size && `Size ${item.size}`}
                    </>
                  )}
                </span>
              )}
              {item.sku && <span className={styles.muted}>SKU {item.sku}</span>}
              <span className={styles.muted}>{money(item.unitPrice)} each</span>
            </span>
            <span>{money(item.lineTotal)}</span>
          </li>
        ))}
      </ul>

      <div className={styles.grid}>
        <div className={styles.party}>
          {shop && order.buyer ? <ShopParty order={order} isGuest={shop.isGuest} /> : <BuyerParty order={order} />}
          {order.notes && (
            <p className={styles.notes}>
              <strong>Notes:</strong> {order.notes}
            </p>
          )}
        </div>
        <div className={styles.totals}>
          <div className={styles.totalRow}>
            <span>Subtotal</span>
            <span>{money(order.subtotal)}</span>
          </div>
          {order.tax > 0 && (
            <div className={styles.totalRow}>
              <span>Tax</span>
              <span>{money(order.tax)}</span>
            </div>
          )}
          {order.deliveryBasis !== null && (
            <div className={styles.totalRow}>
              <span>Delivery</span>
              <span>{order.deliveryFee === 0 ? 'Free' : money(order.deliveryFee)}</span>
            </div>
          )}
          <div className={styles.grand}>
            <span>Total</span>
            <span>{money(order.total)}</span>
          </div>
          {shop && (
            <div className={[styles.totalRow, styles.muted].join(' ')}>
              <span>Payment</span>
              <span>{PAYMENT_LABELS[shop.paymentMethod]}</span>
            </div>
          )}
          {order.history.length > 0 && (
            <>
              <h3 className={styles.historyTitle} id={`history-${order.id}`}>
                Status history
              </h3>
              <ol className={styles.history} aria-labelledby={`history-${order.id}`}>
                {order.history.map((event, i) => (
                  <li key={i}>
                    {statusLabel(event.status)} · <time dateTime={event.at}>{shortDate.format(new Date(event.at))}</time>
                  </li>
                ))}
              </ol>
            </>
          )}
        </div>
      </div>
      {actions && <div className={styles.actions}>{actions}</div>}
    </Card>
  );
}
