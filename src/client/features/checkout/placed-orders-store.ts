import type { inferRouterOutputs } from '@trpc/server';
import { useSyncExternalStore } from 'react';
import type { AppRouter } from '../../../server/trpc/app-router';

export type PlacedOrder = inferRouterOutputs<AppRouter>['orders']['checkout']['orders'][number];

/**
 * The orders just placed, kept outside the checkout page: checkout moves on to /buyer/orders or
 * /browse at once (spec section 2), and the confirmation with order numbers and WhatsApp links stays
 * on screen over the next page until the buyer closes it.
 */
let current: PlacedOrder[] | null = null;
const listeners = new Set<() => void>();

function set(next: PlacedOrder[] | null): void {
  current = next;
  for (const listener of listeners) listener();
}

export const placedOrders = {
  show: (orders: PlacedOrder[]) => set(orders),
  clear: () => set(null),
};

export function usePlacedOrders(): PlacedOrder[] | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
    () => current,
  );
}
