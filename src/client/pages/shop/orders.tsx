import { ClipboardList, MessageCircle } from 'lucide-react';
import { useState } from 'react';
import { ORDER_STATUSES, type OrderStatus } from '../../../shared/constants';
import { advanceLabel, statusBadgeTone, statusLabel } from '../../../shared/order-status';
import { Button, ButtonLink } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { useConfirm } from '../../components/ui/confirm-dialog';
import { EmptyState } from '../../components/ui/empty-state';
import { SelectField } from '../../components/ui/field';
import { LoadMore } from '../../components/ui/load-more';
import { Page } from '../../components/ui/page';
import { PageSkeleton } from '../../components/ui/skeleton';
import { useToast } from '../../components/ui/toast';
import { OrderCard, type ShopOrderView } from '../../features/orders/order-card';
import * as orderStyles from '../../features/orders/orders.css';
import * as styles from '../../features/shop/orders.css';
import { TrialGate, useTrialExpired } from '../../features/shop/trial-expired-dialog';
import { useNewOrderAlerts } from '../../features/shop/use-new-order-alerts';
import { errorMessage, trpc } from '../../trpc';

/** The shop's buttons on one order: the next statuses of the workflow, and WhatsApp to the buyer. */
function ShopOrderActions({ order }: { order: ShopOrderView }) {
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
    <>
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
    </>
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
          <ul className={orderStyles.list} aria-label="Orders">
            {orders.map((order) => (
              <li key={order.id}>
                <OrderCard order={order} tone={statusBadgeTone(order.status)} shop={order} actions={<ShopOrderActions order={order} />} />
              </li>
            ))}
          </ul>
          <LoadMore hasMore={Boolean(query.hasNextPage)} loading={query.isFetchingNextPage} onLoadMore={() => void query.fetchNextPage()} />
        </>
      )}
    </Page>
  );
}
