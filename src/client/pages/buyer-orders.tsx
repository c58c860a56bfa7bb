import { Package } from 'lucide-react';
import { buyerCanCancel, statusBadgeTone } from '../../shared/order-status';
import { Button, ButtonLink } from '../components/ui/button';
import { useConfirm } from '../components/ui/confirm-dialog';
import { EmptyState } from '../components/ui/empty-state';
import { LoadMore } from '../components/ui/load-more';
import { Page } from '../components/ui/page';
import { PageSkeleton } from '../components/ui/skeleton';
import { useToast } from '../components/ui/toast';
import { OrderCard } from '../features/orders/order-card';
import * as styles from '../features/orders/orders.css';
import { errorMessage, trpc } from '../trpc';

/** /buyer/orders: the signed-in buyer's orders, newest first, with history; cancel while pending. */
export default function BuyerOrdersPage() {
  const toast = useToast();
  const confirm = useConfirm();
  const utils = trpc.useUtils();
  const orders = trpc.orders.mine.useInfiniteQuery({ limit: 10 }, { getNextPageParam: (last) => last.nextCursor });
  const cancel = trpc.orders.cancel.useMutation();
  const items = orders.data?.pages.flatMap((p) => p.items) ?? [];
  // A shop moving an order along shows here without a reload.
  trpc.orders.onMineChanged.useSubscription(undefined, { onData: () => void utils.orders.mine.invalidate() });

  async function onCancel(orderId: number, orderNumber: string) {
    if (!(await confirm({ title: 'Cancel this order?', message: `Order ${orderNumber} will be cancelled and the shop told at once.`, confirmLabel: 'Yes, cancel it', destructive: true }))) return;
    try {
      await cancel.mutateAsync({ orderId });
      toast.success('Order cancelled');
      await utils.orders.mine.invalidate();
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }

  return (
    <Page title="My Orders" subtitle="Your orders, newest first.">
      {orders.isPending ? (
        <PageSkeleton label="Loading orders..." />
      ) : orders.isError ? (
        <EmptyState title="Could not load your orders">
          <p>{errorMessage(orders.error)}</p>
        </EmptyState>
      ) : items.length === 0 ? (
        <EmptyState icon={<Package size={28} />} title="No orders yet">
          <ButtonLink href="/browse">Start shopping</ButtonLink>
        </EmptyState>
      ) : (
        <>
          <ul className={styles.list} aria-label="Orders">
            {items.map((order) => (
              <li key={order.id}>
                <OrderCard
                  order={order}
                  tone={statusBadgeTone(order.status)}
                  actions={
                    buyerCanCancel(order.status) ? (
                      <Button variant="danger" size="sm" loading={cancel.isPending && cancel.variables?.orderId === order.id} onClick={() => void onCancel(order.id, order.orderNumber)}>
                        Cancel order
                      </Button>
                    ) : undefined
                  }
                />
              </li>
            ))}
          </ul>
          <LoadMore hasMore={Boolean(orders.hasNextPage)} loading={orders.isFetchingNextPage} onLoadMore={() => void orders.fetchNextPage()} />
        </>
      )}
    </Page>
  );
}
