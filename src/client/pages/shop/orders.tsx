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
import shop from '../../i18n/catalogues/en/shop';
import { useLanguage, useT } from '../../i18n/language';
import { errorMessage, trpc } from '../../trpc';

/** The toast after an order moves, and the list's count under a status filter, by status. */
const MOVED: Record<OrderStatus, keyof typeof shop> = {
  pending: 'shop.orders.moved.pending',
  confirmed: 'shop.orders.moved.confirmed',
  shipped: 'shop.orders.moved.shipped',
  delivered: 'shop.orders.moved.delivered',
  cancelled: 'shop.orders.moved.cancelled',
};
const COUNT_OF_STATUS: Record<OrderStatus, keyof typeof shop> = {
  pending: 'shop.orders.subtitle.pending',
  confirmed: 'shop.orders.subtitle.confirmed',
  shipped: 'shop.orders.subtitle.shipped',
  delivered: 'shop.orders.subtitle.delivered',
  cancelled: 'shop.orders.subtitle.cancelled',
};

/** The shop's buttons on one order: the next statuses of the workflow, and WhatsApp to the buyer. */
function ShopOrderActions({ order }: { order: ShopOrderView }) {
  const toast = useToast();
  const confirm = useConfirm();
  const t = useT(shop);
  const language = useLanguage();
  const utils = trpc.useUtils();
  const change = trpc.shopOrders.changeStatus.useMutation();
  const [pending, setPending] = useState<OrderStatus | null>(null);

  async function move(to: OrderStatus) {
    if (to === 'cancelled') {
      const ok = await confirm({
        title: t('shop.orders.cancelTitle'),
        message: t('shop.orders.cancelMessage', { orderNumber: order.orderNumber }),
        confirmLabel: t('shop.orders.cancelConfirm'),
      });
      if (!ok) return;
    }
    setPending(to);
    try {
      await change.mutateAsync({ orderId: order.id, status: to });
      toast.success(t(MOVED[to]));
      await Promise.all([utils.shopOrders.list.invalidate(), utils.shops.dashboard.invalidate()]);
    } catch (error) {
      toast.error(errorMessage(error, t('shop.orders.updateFailed')));
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
          {advanceLabel(to, language)}
        </Button>
      ))}
      {order.whatsappUrl && (
        <ButtonLink href={order.whatsappUrl} external variant="whatsapp" size="sm" aria-label={t('shop.orders.chat', { name: order.buyer.name })}>
          <MessageCircle size={16} aria-hidden="true" /> {t('shop.orders.whatsapp')}
        </ButtonLink>
      )}
    </>
  );
}

export default function ShopOrdersPage() {
  const { expired } = useTrialExpired();
  const t = useT(shop);
  const language = useLanguage();
  const [status, setStatus] = useState<OrderStatus | ''>('');
  useNewOrderAlerts(!expired);
  const query = trpc.shopOrders.list.useInfiniteQuery(status ? { status } : {}, { getNextPageParam: (last) => last.nextCursor });
  const orders = query.data?.pages.flatMap((p) => p.items) ?? [];
  const total = query.data?.pages[0]?.total ?? 0;

  return (
    <Page
      title={t('shop.orders.title')}
      subtitle={query.data ? t(status ? COUNT_OF_STATUS[status] : 'shop.orders.subtitle', { count: total }) : t('shop.orders.subtitleLoading')}
    >
      <TrialGate />
      <div className={styles.toolbar}>
        <div style={{ minWidth: 200 }}>
          <SelectField label={t('shop.orders.status')} value={status} onChange={(e) => setStatus(e.currentTarget.value as OrderStatus | '')}>
            <option value="">{t('shop.orders.all')}</option>
            {ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {statusLabel(s, language)}
              </option>
            ))}
          </SelectField>
        </div>
        <span className={styles.live}>
          <span className={styles.liveDot} aria-hidden="true" /> {t('shop.orders.live')}
        </span>
      </div>
      {query.isPending ? (
        <PageSkeleton label={t('shop.orders.loading')} />
      ) : query.error ? (
        <Card role="alert">{errorMessage(query.error, t('shop.orders.loadFailed'))}</Card>
      ) : orders.length === 0 ? (
        <EmptyState icon={<ClipboardList size={32} />} title={t('shop.orders.empty')}>
          <p>{t('shop.orders.emptyText')}</p>
        </EmptyState>
      ) : (
        <>
          <ul className={orderStyles.list} aria-label={t('shop.orders.list')}>
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
