import { forgetAccountCart, useCartSync } from '../features/cart/cart-sync';
import { savedStore } from '../features/saved/saved-store';
import { useSavedSync } from '../features/saved/saved-sync';

/**
 * The account's cart and saved products kept in step with this browser (issue 50): loaded by the shell
 * only for a signed-in buyer, or where an account's copy is left to clear, so a guest's first page does
 * not carry it.
 */
export default function AccountSync({ userId, loading }: { userId: number | null; loading: boolean }) {
  useSavedSync(userId, loading);
  useCartSync(userId, loading);
  return null;
}

/** Signing out: a shared phone keeps nothing of the account (product-decisions 7). */
export function forgetAccount(): void {
  savedStore.clear();
  forgetAccountCart();
}
