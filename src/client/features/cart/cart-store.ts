import { useSyncExternalStore } from 'react';
import {
  addToCart,
  type CartItem,
  type CartLineKey,
  parseStoredCart,
  removeFromCart,
  setQuantity,
} from '../../../shared/cart';
import { STORAGE_KEYS } from '../../../shared/constants';

/**
 * The cart lives in localStorage under `cart` (spec section 3). One in-memory snapshot is shared by
 * every component; other tabs' changes arrive through the `storage` event, so badges update at once.
 */
let snapshot: CartItem[] = read();
const listeners = new Set<() => void>();

function read(): CartItem[] {
  try {
    return parseStoredCart(window.localStorage.getItem(STORAGE_KEYS.cart));
  } catch {
    return [];
  }
}

function emit(): void {
  for (const listener of listeners) listener();
}

function write(next: CartItem[]): void {
  snapshot = next;
  try {
    window.localStorage.setItem(STORAGE_KEYS.cart, JSON.stringify(next));
  } catch {
    // Storage full or disabled (private mode): the cart still works for this tab.
  }
  emit();
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === STORAGE_KEYS.cart || event.key === null) {
      snapshot = read();
      emit();
    }
  });
}

/** A change made on this device, which a signed-in buyer's server cart takes too (cart-sync.ts). */
export type CartChange =
  | { kind: 'add'; item: CartItem }
  | { kind: 'set'; key: CartLineKey; quantity: number }
  | { kind: 'clear' }
  /** The cart's coupons as coupon-store.ts keeps them (they follow the cart). */
  | { kind: 'coupons'; coupons: unknown[] };

let remote: ((change: CartChange) => void) | null = null;

/** Who else hears of each change: the server cart while a buyer is signed in (null: a guest's cart stays here). */
export function setCartRemote(listener: ((change: CartChange) => void) | null): void {
  remote = listener;
}

/** coupon-store.ts tells of its changes here, so that it need not know of the server cart. */
export function couponsChanged(coupons: unknown[]): void {
  remote?.({ kind: 'coupons', coupons });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const cartStore = {
  get: () => snapshot,
  add: (item: CartItem) => {
    write(addToCart(snapshot, item));
    remote?.({ kind: 'add', item });
  },
  setQuantity: (key: CartLineKey, quantity: number) => {
    write(setQuantity(snapshot, key, quantity));
    remote?.({ kind: 'set', key, quantity });
  },
  remove: (key: CartLineKey) => {
    write(removeFromCart(snapshot, key));
    remote?.({ kind: 'set', key, quantity: 0 });
  },
  /** The lines as they are, prices refreshed (the cart page's check) or the server's cart: not a change to send. */
  replace: (items: CartItem[]) => write(items),
  /** Empties the cart (its coupons go with it: coupon-store.ts watches for an empty cart). */
  clear: () => {
    write([]);
    remote?.({ kind: 'clear' });
  },
  subscribe,
};

const EMPTY: CartItem[] = [];

/** The cart; empty on the server and while a server-rendered page hydrates (the server cannot see localStorage). */
export function useCart(): CartItem[] {
  return useSyncExternalStore(subscribe, cartStore.get, () => EMPTY);
}
