import { lazy, Suspense } from 'react';
import { usePlacedOrders } from './placed-orders-store';

// Loaded once there is something to show: its texts (the cart catalogue) stay out of every page's first load.
const PlacedOrdersList = lazy(() => import('./placed-orders-list'));

/** After checkout, over whatever page comes next: each order's number, total (with its delivery) and its "open WhatsApp" link. */
export function PlacedOrdersDialog() {
  const orders = usePlacedOrders();
  if (!orders) return null;
  return (
    <Suspense fallback={null}>
      <PlacedOrdersList orders={orders} />
    </Suspense>
  );
}
