import type { OrderStatus } from './constants';

/**
 * The order workflow (product-decisions section 3): pending -> confirmed -> shipped -> delivered, and
 * pending, confirmed or shipped -> cancelled. Delivered and cancelled are final.
 */
const NEXT: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ['confirmed', 'cancelled'],
  confirmed: ['shipped', 'cancelled'],
  shipped: ['delivered', 'cancelled'],
  delivered: [],
  cancelled: [],
};

export function nextStatuses(from: OrderStatus): readonly OrderStatus[] {
  return NEXT[from];
}

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return NEXT[from].includes(to);
}

/** A signed-in buyer may cancel their own order while it is pending. */
export function buyerCanCancel(status: OrderStatus): boolean {
  return status === 'pending';
}

export function statusLabel(status: OrderStatus): string {
  return status.charAt(0).toUpperCase() + status.slice(1);
}

/** Spec section 4: cancelled destructive, pending secondary, others default. */
export function statusBadgeTone(status: OrderStatus): 'destructive' | 'secondary' | 'default' {
  if (status === 'cancelled') return 'destructive';
  return status === 'pending' ? 'secondary' : 'default';
}

/** Guest tracking colours: delivered green, cancelled red, others yellow. */
export function trackingTone(status: OrderStatus): 'success' | 'danger' | 'warning' {
  if (status === 'delivered') return 'success';
  return status === 'cancelled' ? 'danger' : 'warning';
}

/** The shop's action button for moving an order forward. */
export function advanceLabel(to: OrderStatus): string {
  const labels: Record<OrderStatus, string> = {
    pending: 'Mark pending',
    confirmed: 'Confirm',
    shipped: 'Mark shipped',
    delivered: 'Mark delivered',
    cancelled: 'Cancel order',
  };
  return labels[to];
}
