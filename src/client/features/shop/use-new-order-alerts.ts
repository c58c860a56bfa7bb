import { useToast } from '../../components/ui/toast';
import shop from '../../i18n/catalogues/en/shop';
import { useT } from '../../i18n/language';
import { trpc } from '../../trpc';

/**
 * Live notifications (product-decisions 3): a new order for the shop arrives over server-sent events;
 * the dashboard and the orders list refresh without a reload, with a toast.
 */
export function useNewOrderAlerts(enabled = true) {
  const toast = useToast();
  const t = useT(shop);
  const utils = trpc.useUtils();
  trpc.shopOrders.onActivity.useSubscription(undefined, {
    enabled,
    onData(event) {
      // A new order gets a toast; a buyer cancelling, or another tab moving an order along, refreshes quietly.
      if (event.kind === 'created') toast.info(t('shop.alerts.newOrder', { orderNumber: event.orderNumber }));
      void utils.shopOrders.list.invalidate();
      void utils.shops.dashboard.invalidate();
    },
  });
}
