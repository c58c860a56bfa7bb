import { PlacedOrdersDialog } from '../features/checkout/placed-orders-dialog';
import { PwaLayer } from '../features/pwa/pwa-layer';

/**
 * What every screen may show over itself but never on its first paint: the offline notice, the install
 * prompt and the orders just placed (read from this browser's storage). app.tsx loads it once the page
 * is hydrated, so its code stays out of every page's first script (an early install offer is kept by
 * main.tsx).
 */
export default function AfterHydration() {
  return (
    <>
      <PwaLayer />
      <PlacedOrdersDialog />
    </>
  );
}
