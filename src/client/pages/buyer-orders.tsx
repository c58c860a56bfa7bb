import { Package } from 'lucide-react';
import { buyerCanCancel, statusBadgeTone } from '../../shared/order-status';
import { Button, ButtonLink } from '../components/ui/button';
import { useConfirm } from '../components/ui/confirm-dialog';
import { EmptyState } from '../components/ui/empty-state';
import { LoadMore } from '../components/ui/load-more';
import { WithOrderNumber } from '../components/ui/order-number';
import { Page } from '../components/ui/page';
import { PageSkeleton } from '../components/ui/skeleton';
import { SLOT } from '../components/ui/text-with';
import { useToast } from '../components/ui/toast';
import { OrderCard } from '../features/orders/order-card';
import * as styles from '../features/orders/orders.css';
import ordersCatalogue from '../i18n/catalogues/en/orders';
import { useLanguage, useT } from '../i18n/language';
import { errorMessage } from '../error-message';
import { trpc } from '../trpc';

/** /buyer/orders: the signed-in buyer's orders, newest first, with history; cancel while pending. */
export default function BuyerOrdersPage() {
  const toast = useToast();
  const t = useT(ordersCatalogue);
  const language = useLanguage();
  const confirm = useConfirm();
  const utils = trpc.useUtils();
  const orders = trpc.orders.mine.useInfiniteQuery({ limit: 10 }, { getNextPageParam: (last) => last.nextCursor });
  const cancel = trpc.orders.cancel.useMutation();
  const items = orders.data?.pages.flatMap((p) => p.items) ?? [];
  // A shop moving an order along shows here without a reload.
  trpc.orders.onMineChanged.useSubscription(undefined, { onData: () => void utils.orders.mine.invalidate() });

  async function onCancel(orderId: number, orderNumber: string) {
    if (!(await confirm({
        title: t('orders.cancel.confirmTitle'),
        message: <WithOrderNumber text={t('orders.cancel.confirmMessage', { orderNumber: SLOT })} orderNumber={orderNumber} />,
        confirmLabel: t('orders.cancel.confirmLabel'),
        destructive: true,
      }))) return;
    try {
      await cancel.mutateAsync({ orderId });
      toast.success(t('orders.cancel.done'));
      await utils.orders.mine.invalidate();
    } catch (error) {
      toast.error(errorMessage(error, undefined, language));
    }
  }

  return (
    <Page title={t('orders.mine.title')} subtitle={t('orders.mine.subtitle')}>
      {orders.isPending ? (
        <PageSkeleton label={t('orders.mine.loading')} />
      ) : orders.isError ? (
        <EmptyState title={t('orders.mine.loadFailed')}>
          <p>{errorMessage(orders.error, undefined, language)}</p>
        </EmptyState>
      ) : items.length === 0 ? (
        <EmptyState icon={<Package size={28} />} title={t('orders.mine.empty')}>
          <ButtonLink href="/browse">{t('orders.mine.startShopping')}</ButtonLink>
        </EmptyState>
      ) : (
        <>
          <ul className={styles.list} aria-label={t('orders.mine.list')}>
            {items.map((order) => (
              <li key={order.id}>
                <OrderCard
                  order={order}
                  tone={statusBadgeTone(order.status)}
                  actions={
                    buyerCanCancel(order.status) ? (
                      <Button variant="danger" size="sm" loading={cancel.isPending && cancel.variables?.orderId === order.id} onClick={() => void onCancel(order.id, order.orderNumber)}>
                        {t('orders.cancel.button')}
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
