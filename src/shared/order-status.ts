import type { OrderStatus } from './constants';
import orderStatus from './i18n/catalogues/en/order-status';
import type { Language } from './i18n/language';
import { translate } from './i18n/translator';

/**
 * The order workflow (product-decisions section 6): pending -> confirmed -> shipped -> delivered;
 * shipped -> returned (refused at the door or not collected: the goods come back); pending or
 * confirmed -> cancelled. Delivered, cancelled and returned are final.
 */
const NEXT: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ['confirmed', 'cancelled'],
  confirmed: ['shipped', 'cancelled'],
  shipped: ['delivered', 'returned'],
  delivered: [],
  cancelled: [],
  returned: [],
};

export function nextStatuses(from: OrderStatus): readonly OrderStatus[] {
  return NEXT[from];
}

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return NEXT[from].includes(to);
}

/** Whether the workflow can still take an order from `from` to `to` in one step or more. */
function liesAhead(from: OrderStatus, to: OrderStatus): boolean {
  const seen = new Set<OrderStatus>();
  const next = [...NEXT[from]];
  for (let status = next.pop(); status !== undefined; status = next.pop()) {
    if (status === to) return true;
    if (!seen.has(status)) {
      seen.add(status);
      next.push(...NEXT[status]);
    }
  }
  return false;
}

/**
 * An order still to be packed and handed to a courier: Shipped lies ahead of it (pending, confirmed).
 * "Select all" on /shop/orders ticks these only, so a packing slip is never printed by the batch for
 * an order that is shipped already, delivered, cancelled or returned (issue 53).
 */
export function awaitsShipping(status: OrderStatus): boolean {
  return liesAhead(status, 'shipped');
}

/**
 * Whether the courier still has cash to collect for an order: Delivered lies ahead of it (pending,
 * confirmed, shipped). Once delivered the cash is collected; cancelled or returned, nothing ever is:
 * their packing slips ask for none (issue 53).
 */
export function collectsCash(status: OrderStatus): boolean {
  return liesAhead(status, 'delivered');
}

/** A signed-in buyer may cancel their own order while it is pending. */
export function buyerCanCancel(status: OrderStatus): boolean {
  return status === 'pending';
}

type OrderStatusKey = keyof typeof orderStatus;

const STATUS_KEYS: Record<OrderStatus, OrderStatusKey> = {
  pending: 'order-status.status.pending',
  confirmed: 'order-status.status.confirmed',
  shipped: 'order-status.status.shipped',
  delivered: 'order-status.status.delivered',
  cancelled: 'order-status.status.cancelled',
  returned: 'order-status.status.returned',
};

/** A status as people read it ("Shipped"), in their language. */
export function statusLabel(status: OrderStatus, language: Language = 'en'): string {
  return translate(language, orderStatus, STATUS_KEYS[status]);
}

/** Spec section 4: cancelled (and returned, its kin after dispatch) destructive, pending secondary, others default. */
export function statusBadgeTone(status: OrderStatus): 'destructive' | 'secondary' | 'default' {
  if (status === 'cancelled' || status === 'returned') return 'destructive';
  return status === 'pending' ? 'secondary' : 'default';
}

/** Guest tracking colours: delivered green, cancelled and returned red, others yellow. */
export function trackingTone(status: OrderStatus): 'success' | 'danger' | 'warning' {
  if (status === 'delivered') return 'success';
  return status === 'cancelled' || status === 'returned' ? 'danger' : 'warning';
}

/** The shop's action button for moving an order forward. */
const ADVANCE_KEYS: Record<OrderStatus, OrderStatusKey> = {
  pending: 'order-status.advance.pending',
  confirmed: 'order-status.advance.confirmed',
  shipped: 'order-status.advance.shipped',
  delivered: 'order-status.advance.delivered',
  cancelled: 'order-status.advance.cancelled',
  returned: 'order-status.advance.returned',
};

export function advanceLabel(to: OrderStatus, language: Language = 'en'): string {
  return translate(language, orderStatus, ADVANCE_KEYS[to]);
}

/**
 * A shop's return rate (product-decisions 6): returned ÷ (delivered + returned), from 0 to 1; null
 * while no order was delivered or returned (no rate to show yet).
 */
export function returnRate(counts: { delivered: number; returned: number }): number | null {
  const done = counts.delivered + counts.returned;
  return done === 0 ? null : counts.returned / done;
}
