import type { ReactNode } from 'react';
import type { OrderStatus } from '../../../shared/constants';
import { colorName } from '../../../shared/colors';
import { formatMoney } from '../../../shared/money';
import { statusLabel } from '../../../shared/order-status';
import { Badge, type BadgeTone } from '../../components/ui/badge';
import { Card } from '../../components/ui/card';
import * as styles from './orders.css';

export interface OrderView {
  id: number;
  orderNumber: string;
  shopName: string;
  currency: string;
  subtotal: number;
  tax: number;
  total: number;
  status: OrderStatus;
  createdAt: string;
  notes: string;
  buyer: { name: string; email: string; phone: string };
  shipping: { address: string; city: string; postalCode: string };
  items: Array<{ name: string; color: string | null; size: string | null; quantity: number; lineTotal: number }>;
  history: Array<{ status: OrderStatus; at: string }>;
}

const longDate = new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeStyle: 'short' });
const shortDate = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** One order: number, shop, date, status badge, items, totals, shipping address and status history. */
export function OrderCard({ order, tone, actions }: { order: OrderView; tone: BadgeTone; actions?: ReactNode }) {
  const money = (minor: number) => formatMoney(minor, order.currency);
  return (
    <Card as="article" aria-label={`Order ${order.orderNumber}`}>
      <div className={styles.head}>
        <div>
          <h2 className={styles.number}>{order.orderNumber}</h2>
          <div className={styles.muted}>
            {order.shopName} · <time dateTime={order.createdAt}>{longDate.format(new Date(order.createdAt))}</time>
          </div>
        </div>
        <Badge tone={tone}>{statusLabel(order.status)}</Badge>
      </div>
      <ul className={styles.items} aria-label="Items">
        {order.items.map((item, i) => (
          <li key={i} className={styles.item}>
            <span>
              {item.name}
              {(item.color || item.size) && (
                <span className={styles.muted}> ({[item.color && colorName(item.color), item.size].filter(Boolean).join(', ')})</span>
              )}{' '}
              x {item.quantity}
            </span>
            <span>{money(item.lineTotal)}</span>
          </li>
        ))}
      </ul>
      <div className={styles.grid}>
        <div>
          <h3 className={styles.sectionTitle}>Shipping address</h3>
          <address className={styles.muted} style={{ fontStyle: 'normal' }}>
            {order.buyer.name}
            <br />
            {order.shipping.address}
            <br />
            {order.shipping.city} {order.shipping.postalCode}
            <br />
            {order.buyer.phone}
          </address>
          {order.notes && <p className={styles.muted}>Notes: {order.notes}</p>}
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
          <div className={styles.grand}>
            <span>Total</span>
            <span>{money(order.total)}</span>
          </div>
          {order.history.length > 0 && (
            <>
              <h3 className={styles.sectionTitle} style={{ marginTop: 12 }}>
                Status history
              </h3>
              <ol className={styles.history}>
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
