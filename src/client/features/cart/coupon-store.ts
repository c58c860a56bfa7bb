import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '../../../shared/constants';
import { COUPON_TYPES, type CouponTerms } from '../../../shared/coupons';
import { cartStore, couponsChanged } from './cart-store';

/**
 * The cart's coupons (issue 32): one per shop, kept in localStorage beside the cart so a code survives
 * a reload, with the terms the server answered when it was applied (the cart prices the group with
 * them; checkout sends only the codes and the server checks each again).
 */
export type CartCoupon = CouponTerms & { shopId: number };

let snapshot: CartCoupon[] = read();
const listeners = new Set<() => void>();

function isCoupon(value: unknown): value is CartCoupon {
  if (!value || typeof value !== 'object') return false;
  const c = value as Record<string, unknown>;
  return (
    Number.isSafeInteger(c.shopId) &&
    typeof c.code === 'string' &&
    COUPON_TYPES.includes(c.type as CartCoupon['type']) &&
    Number.isSafeInteger(c.value) &&
    (c.minOrder === null || Number.isSafeInteger(c.minOrder))
  );
}

function read(): CartCoupon[] {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(STORAGE_KEYS.cartCoupons) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isCoupon) : [];
  } catch {
    return [];
  }
}

function write(next: CartCoupon[]): void {
  snapshot = next;
  try {
    window.localStorage.setItem(STORAGE_KEYS.cartCoupons, JSON.stringify(next));
  } catch {
    // Storage full or disabled: the coupon still applies in this tab.
  }
  for (const listener of listeners) listener();
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === STORAGE_KEYS.cartCoupons || event.key === null) {
      snapshot = read();
      for (const listener of listeners) listener();
    }
  });
}

/**
 * Coupons are kept with the cart: an empty cart (placed, cleared, its last line removed) has none. The
 * cart store, on every page for its badge, does not import this one (it would add the coupons' code to
 * every page's first load): this store, loaded with the cart and checkout, watches the cart instead.
 */
function dropWhenCartEmpty(): void {
  if (cartStore.get().length === 0 && snapshot.length > 0) write([]);
}
if (typeof window !== 'undefined') {
  dropWhenCartEmpty();
  cartStore.subscribe(dropWhenCartEmpty);
}

export const couponStore = {
  get: () => snapshot,
  /** One coupon per shop: a new one replaces the shop's earlier one. */
  set: (coupon: CartCoupon) => {
    write([...snapshot.filter((c) => c.shopId !== coupon.shopId), coupon]);
    couponsChanged(snapshot);
  },
  remove: (shopId: number) => {
    write(snapshot.filter((c) => c.shopId !== shopId));
    couponsChanged(snapshot);
  },
};

const EMPTY: CartCoupon[] = [];

/** The cart's coupons; none on the server and while a page hydrates. */
export function useCartCoupons(): CartCoupon[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    couponStore.get,
    () => EMPTY,
  );
}

/** The coupons by shop, as the money rule takes them. */
export function couponsByShop(coupons: readonly CartCoupon[]): Map<number, CouponTerms> {
  return new Map(coupons.map(({ shopId, ...terms }) => [shopId, terms]));
}
