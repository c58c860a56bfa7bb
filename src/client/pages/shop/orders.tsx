import { ClipboardList, MessageCircle } from 'lucide-react';
import { useState } from 'react';
import { colorName } from '../../../shared/colors';
import { ORDER_STATUSES, type OrderStatus } from '../../../shared/constants';
import { formatMoney } from '../../../shared/money';
import { advanceLabel, statusBadgeTone, statusLabel } from '../../../shared/order-status';
import { Badge } from '../../components/ui/badge';
import { Button, ButtonLink } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { useConfirm } from '../../components/ui/confirm-dialog';
import { EmptyState } from '../../components/ui/empty-state';
import { SelectField } from '../../components/ui/field';
import { LoadMore } from '../../components/ui/load-more';
import { Page } from '../../components/ui/page';
import { PageSkeleton } from '../../components/ui/skeleton';
import { useToast } from '../../components/ui/toast';
import * as styles from '../../features/shop/orders.css';
import { useNewOrderAlerts } from '../../features/shop/use-new-order-alerts';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/trpc/app-router';
import { errorMessage, trpc } from '../../trpc';
import { TrialGate, useTrialExpired } from '../../features/shop/trial-expired-dialog';

type Order = inferRouterOutputs<AppRouter>['shopOrders']['list']['items'][number];

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function OrderCard({ order }: { order: Order }) {
  const toast = useToast();
  const confirm = useConfirm();
  const utils = trpc.useUtils();
  const change = trpc.shopOrders.changeStatus.useMutation();
  const [pending, setPending] = useState<OrderStatus | null>(null);

  async function move(to: OrderStatus) {
    if (to === 'cancelled') {
      const ok = await confirm({
        title: 'Cancel this order?',
        message: `Order ${order.orderNumber} will be cancelled and its items go back into stock.`,
        confirmLabel: 'Cancel order',
      });
      if (!ok) return;
    }
    setPending(to);
    try {
      await change.mutateAsync({ orderId: order.id, status: to });
      toast.success(`Order ${statusLabel(to).toLowerCase()}`);
      await Promise.all([utils.shopOrders.list.invalidate(), utils.shops.dashboard.invalidate()]);
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to update order status'));
      await utils.shopOrders.list.invalidate();
    } finally {
      setPending(null);
    }
  }

  return (
    <Card as="article" className={styles.order} aria-label={`Order ${order.orderNumber}`}>
      <div className={styles.head}>
        <div>
          <div className={styles.number}>{order.orderNumber}</div>
          <time className={styles.muted} dateTime={order.createdAt}>
            {dateTime.format(new Date(order.createdAt))}
          </time>
        </div>
        <Badge tone={statusBadgeTone(order.status)}>{statusLabel(order.status)}</Badge>
      </div>

      <div className={styles.columns}>
        <div className={styles.block}>
          <span className={styles.blockTitle}>Buyer{order.isGuest ? ' (guest)' : ''}</span>
          <span>{order.buyer.name}</span>
          <a href={`mailto:${order.buyer.email}`}>{order.buyer.email}</a>
          <a href={`tel:${order.buyer.phone.replace(/[^\d+]/g, '')}`}>{order.buyer.phone}</a>
        </div>
        <div className={styles.block}>
          <span className={styles.blockTitle}>Ship to</span>
          <span>{order.shipping.address}</span>
          <span>
            {order.shipping.city} {order.shipping.postalCode}
          </span>
          {order.notes && (
            <span>
              <strong>Notes:</strong> {order.notes}
            </span>
          )}
        </div>
      </div>

      <ul className={styles.items} aria-label="Items">
        {order.items.map((item, index) => (
          <li key={index} className={styles.item}>
            {item.imageUrl ? <img src={item.imageUrl} alt="" className={styles.itemImage} loading="lazy" /> : <span className={styles.itemImage} aria-hidden="true" />}
            <span className={styles.itemName}>
              {item.name} x {item.quantity}
              <br />
              <span className={styles.muted}>
                {item.color && (
                  <>
                    <span className={styles.swatch} style={{ background: item.color }} aria-hidden="true" />
                    {colorName(item.color)}{' '}
                  </>
                )}
                {item.size && <>Size {item.size} </>}
                {formatMoney(item.unitPrice, order.currency)} each
              </span>
            </span>
            <span>{formatMoney(item.lineTotal, order.currency)}</span>
          </li>
        ))}
      </ul>

      <div className={styles.totals}>
        <span>Subtotal</span>
        <span>{formatMoney(order.subtotal, order.currency)}</span>
        {order.tax > 0 && (
          <>
            <span>Tax</span>
            <span>{formatMoney(order.tax, order.currency)}</span>
          </>
        )}
        <span className={styles.total}>Total</span>
        <span className={styles.total}>{formatMoney(order.total, order.currency)}</span>
        <span className={styles.muted}>Payment</span>
        <span className={styles.muted}>Cash on delivery</span>
      </div>

      {order.history.length > 0 && (
        <ol className={styles.history} aria-label="Status history">
          {order.history.map((h, i) => (
            <li key={i}>
              {statusLabel(h.status)} {dateTime.format(new Date(h.at))}
              {i < order.history.length - 1 ? ' ·' : ''}
            </li>
          ))}
        </ol>
      )}

      <div className={styles.actions}>
        {order.nextStatuses.map((to) => (
          <Button
            key={to}
            size="sm"
            variant={to === 'cancelled' ? 'outline' : 'primary'}
            onClick={() => move(to)}
            loading={pending === to}
            disabled={pending !== null}
          >
            {advanceLabel(to)}
          </Button>
        ))}
        {order.whatsappUrl && (
          <ButtonLink href={order.whatsappUrl} external variant="whatsapp" size="sm" aria-label={`Chat with ${order.buyer.name} on WhatsApp`}>
            <MessageCircle size={16} aria-hidden="true" /> WhatsApp
          </ButtonLink>
        )}
      </div>
    </Card>
  );
}

export default function ShopOrdersPage() {
  const { expired } = useTrialExpired();
  const [status, setStatus] = useState<OrderStatus | ''>('');
  useNewOrderAlerts(!expired);
  const query = trpc.shopOrders.list.useInfiniteQuery(status ? { status } : {}, { getNextPageParam: (last) => last.nextCursor });
  const orders = query.data?.pages.flatMap((p) => p.items) ?? [];
  const total = query.data?.pages[0]?.total ?? 0;

  return (
    <Page title="Orders" subtitle={query.data ? `${total} order${total === 1 ? '' : 's'}${status ? ` ${status}` : ''}, newest first` : 'Your shop\'s orders.'}>
      <TrialGate />
      <div className={styles.toolbar}>
        <div style={{ minWidth: 200 }}>
          <SelectField label="Status" value={status} onChange={(e) => setStatus(e.currentTarget.value as OrderStatus | '')}>
            <option value="">All orders</option>
            {ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {statusLabel(s)}
              </option>
            ))}
          </SelectField>
        </div>
        <span className={styles.live}>
          <span className={styles.liveDot} aria-hidden="true" /> New orders appear here automatically
        </span>
      </div>
      {query.isPending ? (
        <PageSkeleton label="Loading orders..." />
      ) : query.error ? (
        <Card role="alert">{errorMessage(query.error, 'Failed to load orders')}</Card>
      ) : orders.length === 0 ? (
        <EmptyState icon={<ClipboardList size={32} />} title="No orders yet">
          <p>When buyers order from your shop, their orders show up here.</p>
        </EmptyState>
      ) : (
        <>
          {orders.map((order) => (
            <OrderCard key={order.id} order={order} />
          ))}
          <LoadMore hasMore={Boolean(query.hasNextPage)} loading={query.isFetchingNextPage} onLoadMore={() => void query.fetchNextPage()} />
        </>
      )}
    </Page>
  );
}
