import { useEffect, useRef } from 'react';
import { useToast } from '../../components/ui/toast';
import type { CartItem } from '../../../shared/cart';
import { STORAGE_KEYS } from '../../../shared/constants';
import common from '../../i18n/catalogues/en/common';
import { useT } from '../../i18n/language';
import { type Reads, useReads } from '../../reads';
import { type CartChange, cartStore, setCartRemote } from './cart-store';

/**
 * One cart on every device (issue 50, product-decisions 7). A signed-in buyer's cart lives on the
 * server; this browser keeps a copy for speed (`cart`, owned by the account named under `cart-owner`).
 * At sign-in the guest cart merges into the account's (the buyer is told when a cap lowered a line);
 * each change here is sent as what it is (a line added, a quantity set), so the server applies it to its
 * newest cart and no other device's line is lost; at load and whenever the page comes back into view the
 * server's cart replaces the copy. Signing out clears the copy: phones are shared.
 */
const OWNER_KEY = 'cart-owner';
/** The guest cart's name while its merge is on its way (cart.merge's `key`): sent again, it is not merged twice. */
const MERGE_KEY = 'cart-merge-key';

interface ServerCart {
  items: CartItem[];
  coupons: unknown[];
}

function owner(): number | null {
  try {
    const value = Number(window.localStorage.getItem(OWNER_KEY));
    return Number.isSafeInteger(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

function setOwner(userId: number | null): void {
  try {
    if (userId === null) window.localStorage.removeItem(OWNER_KEY);
    else window.localStorage.setItem(OWNER_KEY, String(userId));
  } catch {
    // Storage disabled: the next load merges again, which adds nothing twice on the server but quantities.
  }
}

/** The key this browser's guest cart is merged under: made once, kept until the merge is answered. */
function mergeKey(): string | undefined {
  try {
    const stored = window.localStorage.getItem(MERGE_KEY);
    if (stored && stored.length >= 8 && stored.length <= 64) return stored;
    const made = crypto.randomUUID();
    window.localStorage.setItem(MERGE_KEY, made);
    return made;
  } catch {
    // Storage disabled (or an old browser with no randomUUID): merged without a key, as before keys existed.
    return undefined;
  }
}

function forgetMergeKey(): void {
  try {
    window.localStorage.removeItem(MERGE_KEY);
  } catch {
    // Nothing stored.
  }
}

function storedCoupons(): unknown[] {
  try {
    const value: unknown = JSON.parse(window.localStorage.getItem(STORAGE_KEYS.cartCoupons) ?? '[]');
    return Array.isArray(value) ? value : [];
  } catch {
    return [];
  }
}

function takeServerCart(cart: ServerCart): void {
  try {
    window.localStorage.setItem(STORAGE_KEYS.cartCoupons, JSON.stringify(cart.coupons));
    // coupon-store.ts, when loaded, reads them again (it listens for other tabs' writes).
    window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.cartCoupons }));
  } catch {
    // As above: the coupons still apply at checkout, which checks them again.
  }
  cartStore.replace(cart.items);
}

/** Signing out (or a session that ended): nothing of the account's cart stays in this browser. */
export function forgetAccountCart(): void {
  // A guest's cart is named afresh at each sign-in: an old key could be one the account has merged.
  forgetMergeKey();
  if (owner() === null) return;
  setOwner(null);
  setCartRemote(null);
  try {
    window.localStorage.removeItem(STORAGE_KEYS.cartCoupons);
  } catch {
    // Nothing stored.
  }
  cartStore.replace([]);
}

function sendChange(reads: Reads, change: CartChange): Promise<unknown> {
  if (change.kind === 'clear') return reads.call('mutation', 'cart.clear', undefined);
  if (change.kind === 'coupons') return reads.call('mutation', 'cart.setCoupons', { coupons: change.coupons as never });
  const line = change.kind === 'add' ? change.item : change.key;
  const quantity = change.kind === 'add' ? change.item.quantity : change.quantity;
  return reads
    .call('mutation', 'cart.change', { productId: line.product_id, color: line.color, size: line.size, quantity, mode: change.kind })
    .then((answer) => (answer as { cart: ServerCart }).cart);
}

let merging: Promise<ServerCart> | null = null;

/** Sends the guest cart to the account's, under its key; answers the merged cart (taken by the caller). */
async function mergeGuestCart(reads: Reads, userId: number, tellCapped: () => void): Promise<ServerCart> {
  const guest = owner() === null;
  const answer = (await reads.call('mutation', 'cart.merge', {
    key: guest ? mergeKey() : undefined,
    lines: guest ? cartStore.get().map((i) => ({ productId: i.product_id, color: i.color, size: i.size, quantity: i.quantity })) : [],
    coupons: guest ? (storedCoupons() as never) : [],
  })) as { cart: ServerCart; noteCount: number };
  setOwner(userId);
  forgetMergeKey();
  if (answer.noteCount > 0) tellCapped();
  return answer.cart;
}

export function useCartSync(userId: number | null, loading: boolean): void {
  const reads = useReads();
  const toast = useToast();
  const t = useT(common);
  const tellCapped = useRef(() => toast.error(t('common.cart.capped')));
  tellCapped.current = () => toast.error(t('common.cart.capped'));

  useEffect(() => {
    if (loading) return;
    if (userId === null) {
      forgetAccountCart();
      return;
    }
    let live = true;
    // Answers of changes still on their way are older than the next change's: only the last is taken.
    let sent = 0;
    // Changes sent so far: a read of the cart started before the last of them is older than its answer.
    let generation = 0;
    // Changes made before the server's cart has arrived (a tap while the page loads) wait for it, then
    // go in order; the server's cart is then taken from their answers, not from the older read.
    let waiting: CartChange[] | null = [];
    const send = (change: CartChange) => {
      sent += 1;
      generation += 1;
      sendChange(reads, change)
        .then((cart) => {
          sent -= 1;
          takeIfQuiet(cart as ServerCart | null, generation);
        })
        .catch(() => {
          sent -= 1;
          const at = generation;
          void refresh().then((cart) => takeIfQuiet(cart, at));
        });
    };
    const refresh = () =>
      reads
        .call('query', 'cart.get', undefined)
        .then((cart) => cart as ServerCart)
        .catch(() => null);
    const takeIfQuiet = (cart: ServerCart | null, at: number) => {
      if (live && sent === 0 && generation === at && cart) takeServerCart(cart);
    };
    setCartRemote((change) => (waiting ? waiting.push(change) : send(change)));
    const start = async () => {
      let cart: ServerCart | null;
      if (owner() !== userId) {
        // One merge at a time, its answer kept even if this screen has gone; the key keeps a page that
        // left before the answer from adding the guest cart's quantities again.
        merging ??= mergeGuestCart(reads, userId, () => tellCapped.current()).finally(() => {
          merging = null;
        });
        cart = await merging;
      } else {
        cart = await refresh();
      }
      if (!live) return;
      const changes = waiting ?? [];
      waiting = null;
      if (changes.length === 0) takeIfQuiet(cart, generation);
      for (const change of changes) send(change);
    };
    start().catch(() => {
      // The merge failed: this browser's cart stays a guest's (the next page merges it, changes and all).
      waiting = null;
      if (live) setCartRemote(null);
    });
    const onVisible = () => {
      if (document.visibilityState !== 'visible' || waiting) return;
      const at = generation;
      void refresh().then((cart) => takeIfQuiet(cart, at));
    };
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('focus', onVisible);
    return () => {
      live = false;
      setCartRemote(null);
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('focus', onVisible);
    };
  }, [userId, loading, reads]);
}
