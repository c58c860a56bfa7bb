import { Ban, ClipboardList, MessageCircle, Printer, Truck } from 'lucide-react';
import { useState } from 'react';
import { ORDER_STATUSES, type OrderStatus } from '../../../shared/constants';
import { advanceLabel, awaitsShipping, statusBadgeTone, statusLabel } from '../../../shared/order-status';
import type { ShipmentInput } from '../../../shared/schemas/shipment';
import { Badge } from '../../components/ui/badge';
import { Button, ButtonLink } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { useConfirm } from '../../components/ui/confirm-dialog';
import { EmptyState } from '../../components/ui/empty-state';
import { SelectField } from '../../components/ui/field';
import { LoadMore } from '../../components/ui/load-more';
import { Page } from '../../components/ui/page';
import { PageSkeleton } from '../../components/ui/skeleton';
import { SLOT } from '../../components/ui/text-with';
import { WithOrderNumber } from '../../components/ui/order-number';
import { useToast } from '../../components/ui/toast';
import { OrderCard, type ShopOrderView } from '../../features/orders/order-card';
import { packingSlipsHref } from '../../features/orders/packing-slips-link';
import * as orderStyles from '../../features/orders/orders.css';
import * as styles from '../../features/shop/orders.css';
import { CashReceivedActions, MarkCashSelected } from '../../features/shop/cash-received';
import { OrdersExport } from '../../features/shop/orders-export';
import { TrialGate, useTrialExpired } from '../../features/shop/trial-expired-dialog';
import { SelectionBar } from '../../features/shop/selection-bar';
import { ShipDialog } from '../../features/shop/ship-dialog';
import { statusQuestion } from '../../features/shop/status-questions';
import { useNewOrderAlerts } from '../../features/shop/use-new-order-alerts';
import shop from '../../i18n/catalogues/en/shop';
import { useLanguage, useT } from '../../i18n/language';
import { errorMessage } from '../../error-message';
import { trpc } from '../../trpc';
import { useSession } from '../../session';

/** The toast after an order moves, and the list's count under a status filter, by status. */
const MOVED: Record<OrderStatus, keyof typeof shop> = {
  pending: 'shop.orders.moved.pending',
  confirmed: 'shop.orders.moved.confirmed',
  shipped: 'shop.orders.moved.shipped',
  delivered: 'shop.orders.moved.delivered',
  cancelled: 'shop.orders.moved.cancelled',
  returned: 'shop.orders.moved.returned',
};
const COUNT_OF_STATUS: Record<OrderStatus, keyof typeof shop> = {
  pending: 'shop.orders.subtitle.pending',
  confirmed: 'shop.orders.subtitle.confirmed',
  shipped: 'shop.orders.subtitle.shipped',
  delivered: 'shop.orders.subtitle.delivered',
  cancelled: 'shop.orders.subtitle.cancelled',
  returned: 'shop.orders.subtitle.returned',
};

/** A number's record with the shop, under the buyer's contact (product-decisions 6: this shop's own orders only). */
function BuyerRecordLine({ record }: { record: ShopOrderView['record'] }) {
  const t = useT(shop);
  return (
    <>
      <span className={styles.record}>{t('shop.orders.record', { delivered: record.delivered, returned: record.returned, cancelled: record.cancelled })}</span>
      {record.blocked && (
        <span>
          <Badge tone="destructive">{t('shop.orders.isBlocked')}</Badge>
        </span>
      )}
    </>
  );
}

/** The card's checkbox choosing it for packing slips: "Select", named with the order for screen readers. */
function SelectOrder({ order, selected, onSelect }: { order: ShopOrderView; selected: boolean; onSelect: (on: boolean) => void }) {
  const t = useT(shop);
  return (
    <label className={styles.select}>
      <input type="checkbox" checked={selected} onChange={(e) => onSelect(e.currentTarget.checked)} aria-label={t('shop.orders.select', { orderNumber: order.orderNumber })} />
      <span aria-hidden="true">{t('shop.orders.selectOne')}</span>
    </label>
  );
}

/**
 * The shop's buttons on one order: the next statuses of the workflow (shipping asks for the courier,
 * cancelling and a return for a confirmation), the courier's correction while shipped, the message to
 * the buyer on WhatsApp and blocking the number.
 */
function ShopOrderActions({ order }: { order: ShopOrderView }) {
  const isOwner = useSession().shopRole === 'owner';
  const toast = useToast();
  const confirm = useConfirm();
  const t = useT(shop);
  const language = useLanguage();
  const utils = trpc.useUtils();
  const change = trpc.shopOrders.changeStatus.useMutation();
  const correct = trpc.shopOrders.updateShipment.useMutation();
  const block = trpc.shopOrders.blockPhone.useMutation();
  const [pending, setPending] = useState<OrderStatus | 'block' | null>(null);
  const [shipping, setShipping] = useState<'ship' | 'edit' | null>(null);
  const refresh = () => Promise.all([utils.shopOrders.list.invalidate(), utils.shops.dashboard.invalidate()]);

  async function move(to: OrderStatus, shipment?: ShipmentInput) {
    if (to === 'shipped' && !shipment) return setShipping('ship');
    const question = statusQuestion(to, order, t, language);
    if (question) {
      const ok = await confirm({
        ...question,
        title: <WithOrderNumber text={question.title} orderNumber={order.orderNumber} />,
        message: <WithOrderNumber text={question.message} orderNumber={order.orderNumber} />,
      });
      if (!ok) return;
    }
    setPending(to);
    try {
      await change.mutateAsync({ orderId: order.id, status: to, shipment });
      toast.success(t(MOVED[to]));
      setShipping(null);
      await refresh();
    } catch (error) {
      toast.error(errorMessage(error, t('shop.orders.updateFailed')));
      await utils.shopOrders.list.invalidate();
    } finally {
      setPending(null);
    }
  }

  async function saveShipment(shipment: ShipmentInput) {
    try {
      await correct.mutateAsync({ orderId: order.id, shipment });
      toast.success(t('shop.ship.saved'));
      setShipping(null);
      await utils.shopOrders.list.invalidate();
    } catch (error) {
      toast.error(errorMessage(error, t('shop.ship.failed')));
    }
  }

  async function blockNumber() {
    const ok = await confirm({
      title: t('shop.orders.blockTitle'),
      message: t('shop.orders.blockMessage', { phone: order.buyer.phone }),
      confirmLabel: t('shop.orders.blockConfirm'),
    });
    if (!ok) return;
    setPending('block');
    try {
      await block.mutateAsync({ orderId: order.id });
      toast.success(t('shop.orders.blockDone'));
      await utils.shopOrders.list.invalidate();
      if (isOwner) await utils.shopOrders.blockedPhones.invalidate();
    } catch (error) {
      toast.error(errorMessage(error, t('shop.orders.blockFailed')));
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
          variant={to === 'cancelled' || to === 'returned' ? 'outline' : 'primary'}
          onClick={() => move(to)}
          loading={pending === to}
          disabled={pending !== null}
        >
          {advanceLabel(to, language)}
        </Button>
      ))}
      {isOwner && <CashReceivedActions orderId={order.id} orderNumber={order.orderNumber} cash={order.cash} />}
      {order.status === 'shipped' && (
        <Button size="sm" variant="outline" onClick={() => setShipping('edit')} disabled={pending !== null}>
          <Truck size={16} aria-hidden="true" /> {t('shop.ship.edit')}
        </Button>
      )}
      {order.whatsappUrl && (
        <ButtonLink href={order.whatsappUrl} external variant="whatsapp" size="sm">
          <MessageCircle size={16} aria-hidden="true" /> {t('shop.orders.whatsapp')}
        </ButtonLink>
      )}
      <ButtonLink href={packingSlipsHref([order.id])} variant="outline" size="sm">
        <Printer size={16} aria-hidden="true" /> {t('shop.slips.title', { count: 1 })}
      </ButtonLink>
      {!order.record.blocked && (
        <Button size="sm" variant="ghost" onClick={blockNumber} loading={pending === 'block'} disabled={pending !== null}>
          <Ban size={16} aria-hidden="true" /> {t('shop.orders.block')}
        </Button>
      )}
      {shipping && (
        <ShipDialog
          open
          title={shipping === 'ship' ? <WithOrderNumber text={t('shop.ship.title', { orderNumber: SLOT })} orderNumber={order.orderNumber} /> : t('shop.ship.editTitle')}
          submitLabel={shipping === 'ship' ? t('shop.ship.submit') : t('shop.ship.save')}
          initial={shipping === 'ship' ? { courier: null, trackingNumber: null } : { courier: order.shipment?.courier ?? null, trackingNumber: order.shipment?.trackingNumber ?? null }}
          onSave={(shipment) => (shipping === 'ship' ? move('shipped', shipment) : saveShipment(shipment))}
          onClose={() => setShipping(null)}
        />
      )}
    </>
  );
}

export default function ShopOrdersPage() {
  const { expired } = useTrialExpired();
  const isOwner = useSession().shopRole === 'owner';
  const t = useT(shop);
  const language = useLanguage();
  const [status, setStatus] = useState<OrderStatus | ''>('');
  useNewOrderAlerts(!expired);
  const query = trpc.shopOrders.list.useInfiniteQuery(status ? { status } : {}, { getNextPageParam: (last) => last.nextCursor });
  const orders = query.data?.pages.flatMap((p) => p.items) ?? [];
  const total = query.data?.pages[0]?.total ?? 0;
  // The orders ticked for packing slips, in the order they are listed; only those still listed count.
  const [ticked, setTicked] = useState<ReadonlySet<number>>(new Set());
  const selected = orders.filter((o) => ticked.has(o.id)).map((o) => o.id);
  // "Select all" ticks the orders still to pack and ship (pending, confirmed): a batch of slips never
  // holds one already shipped, delivered, cancelled or returned (issue 53); those are ticked one by one.
  // Filtered to Delivered, where nothing is left to pack, it ticks those whose cash is awaited instead.
  const forCash = status === 'delivered';
  const selectable = orders.filter((o) => (forCash ? o.cash?.receivedOn === null : awaitsShipping(o.status))).map((o) => o.id);
  const allTicked = selectable.length > 0 && selectable.every((id) => ticked.has(id));
  const tick = (id: number, on: boolean) =>
    setTicked((now) => {
      const next = new Set(now);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

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
        {/* CSV exports and cash are the owner's (issue 51): the server refuses them to staff. */}
        {isOwner && <OrdersExport status={status} />}
        <span className={styles.live}>
          <span className={styles.liveDot} aria-hidden="true" /> {t('shop.orders.live')}
        </span>
      </div>
      {orders.length > 0 && (
        <div className={styles.selection}>
          <label className={styles.select}>
            <input type="checkbox" checked={allTicked} disabled={selectable.length === 0} onChange={(e) => setTicked(new Set(e.currentTarget.checked ? selectable : []))} />
            <span>{t(forCash ? 'shop.orders.selectAllCash' : 'shop.orders.selectAll')}</span>
          </label>
        </div>
      )}
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
                <OrderCard
                  order={order}
                  tone={statusBadgeTone(order.status)}
                  shop={{ ...order, record: <BuyerRecordLine record={order.record} /> }}
                  actions={<ShopOrderActions order={order} />}
                  select={<SelectOrder order={order} selected={ticked.has(order.id)} onSelect={(on) => tick(order.id, on)} />}
                />
              </li>
            ))}
          </ul>
          <LoadMore hasMore={Boolean(query.hasNextPage)} loading={query.isFetchingNextPage} onLoadMore={() => void query.fetchNextPage()} />
          {/* The ticked orders' actions follow the scroll: the list of a busy day is thousands of pixels tall on a phone. */}
          {selected.length > 0 && (
            <SelectionBar label={t('shop.orders.selection')} count={t('shop.orders.selectedCount', { count: selected.length })}>
              <ButtonLink href={packingSlipsHref(selected)} size="sm">
                <Printer size={16} aria-hidden="true" /> {t('shop.orders.printSlips', { count: selected.length })}
              </ButtonLink>
              {isOwner && <MarkCashSelected orderIds={orders.filter((o) => ticked.has(o.id) && o.cash?.receivedOn === null).map((o) => o.id)} onDone={() => setTicked(new Set())} />}
            </SelectionBar>
          )}
        </>
      )}
    </Page>
  );
}
