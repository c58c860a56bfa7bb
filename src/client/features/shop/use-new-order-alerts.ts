import { useToast } from '../../components/ui/toast';
import { trpc } from '../../trpc';

/**
 * Live notifications (product-decisions 3): a new order for the shop arrives over server-sent events;
 * the dashboard and the orders list refresh without a reload, with a toast.
 */
export function useNewOrderAlerts(enabled = true) {
  const toast = useToast();
  const utils = trpc.useUtils();
  trpc.shopOrders.onNewOrder.useSubscription(undefined, {
    enabled,
    onData(order) {
      toast.info(`New order received: ${order.orderNumber}`);
      void utils.shopOrders.list.invalidate();
      void utils.shops.dashboard.invalidate();
    },
  });
  // A buyer cancelling, or another tab moving an order along: refresh quietly.
  trpc.shopOrders.onOrderUpdated.useSubscription(undefined, {
    enabled,
    onData() {
      void utils.shopOrders.list.invalidate();
      void utils.shops.dashboard.invalidate();
    },
  });
}
