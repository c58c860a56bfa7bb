import { type CartItem, lineKeyString } from '../../../shared/cart';
import { groupByShop } from '../../../shared/cart-summary';
import type { CouponTerms } from '../../../shared/coupons';
import { findVariant } from '../../../shared/variants';
import { trpc } from '../../trpc';

export type LineIssue =
  | { kind: 'unavailable' }
  | { kind: 'price'; was: number; now: number }
  | { kind: 'stock'; left: number };

/**
 * Checks the cart against the server's current products: lines whose product became inactive or was
 * deleted, changed price or has less stock are flagged; prices shown are the server's.
 */
export function useCartCheck(items: CartItem[]) {
  const ids = [...new Set(items.map((i) => i.product_id))].sort((a, b) => a - b);
  const query = trpc.catalog.cartLines.useQuery({ productIds: ids }, { enabled: ids.length > 0, staleTime: 5_000 });
  const byId = new Map((query.data?.products ?? []).map((p) => [p.id, p]));
  const issues = new Map<string, LineIssue>();
  const prices = new Map<string, { price: number; currency: string; shopId: number }>();
  if (query.data) {
    for (const item of items) {
      const key = lineKeyString(item);
      const current = byId.get(item.product_id);
      if (!current || !current.available) {
        issues.set(key, { kind: 'unavailable' });
        continue;
      }
      // Stock per variant: the line's combination has its own price and stock; one that is gone is unavailable.
      const variant = current.variants.length > 0 ? findVariant(current.variants, item) : null;
      if (variant === undefined) {
        issues.set(key, { kind: 'unavailable' });
        continue;
      }
      const price = variant?.price ?? current.price;
      const stock = variant?.stock ?? current.stock;
      prices.set(key, { price, currency: current.currency, shopId: current.shopId });
      if (stock < item.quantity) issues.set(key, { kind: 'stock', left: stock });
      else if (price !== item.price || current.currency !== item.currency) issues.set(key, { kind: 'price', was: item.price, now: price });
    }
  }
  // The shops' tax and delivery rules, for the totals (shared/cart-summary.ts).
  const shops = query.data?.shops ?? [];
  // The marketplace's Returns page, which a shop without returns text links at checkout (issue 47).
  const returnsPage = query.data?.returnsPage ?? null;
  return { checked: Boolean(query.data) || ids.length === 0, loading: query.isFetching, issues, prices, shops, returnsPage };
}

/**
 * The line at the server's current price, currency and shop where known (the last ones shown
 * otherwise): the cart groups and prices lines as checkout will, whatever the stored cart says.
 */
export function atCurrentPrice(item: CartItem, check: ReturnType<typeof useCartCheck>): CartItem {
  const current = check.prices.get(lineKeyString(item));
  return current ? { ...item, price: current.price, currency: current.currency, shop_id: current.shopId } : item;
}

/**
 * The cart grouped by shop as checkout will place it, at the server's current prices where known,
 * skipping unavailable lines, with each shop's coupon (the cart's), tax and delivery fee for `city` ('' while unknown).
 */
export function shopGroups(items: CartItem[], check: ReturnType<typeof useCartCheck>, city: string, coupons?: ReadonlyMap<number, CouponTerms>) {
  const available = items.filter((item) => check.issues.get(lineKeyString(item))?.kind !== 'unavailable');
  return groupByShop(available.map((item) => atCurrentPrice(item, check)), check.shops, city, coupons);
}
