import { type CartItem, lineKeyString } from '../../../shared/cart';
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
  const byId = new Map((query.data ?? []).map((p) => [p.id, p]));
  const issues = new Map<string, LineIssue>();
  const prices = new Map<string, { price: number; currency: string }>();
  if (query.data) {
    for (const item of items) {
      const key = lineKeyString(item);
      const current = byId.get(item.product_id);
      if (!current || !current.available) {
        issues.set(key, { kind: 'unavailable' });
        continue;
      }
      prices.set(key, { price: current.price, currency: current.currency });
      if (current.stock < item.quantity) issues.set(key, { kind: 'stock', left: current.stock });
      else if (current.price !== item.price || current.currency !== item.currency) issues.set(key, { kind: 'price', was: item.price, now: current.price });
    }
  }
  return { checked: Boolean(query.data) || ids.length === 0, loading: query.isFetching, issues, prices };
}

/** Totals per currency using the server's current prices where known, skipping unavailable lines. */
export function currentSubtotals(items: CartItem[], check: ReturnType<typeof useCartCheck>) {
  const totals = new Map<string, number>();
  for (const item of items) {
    const key = lineKeyString(item);
    if (check.issues.get(key)?.kind === 'unavailable') continue;
    const known = check.prices.get(key);
    const currency = known?.currency ?? item.currency;
    totals.set(currency, (totals.get(currency) ?? 0) + (known?.price ?? item.price) * item.quantity);
  }
  return [...totals].map(([currency, amount]) => ({ currency, amount }));
}
