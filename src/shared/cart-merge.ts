import { lineKeyString, MAX_CART_LINES, MAX_LINE_QUANTITY, type OrderLine } from './cart';

/**
 * One cart on every device (issue 50, product-decisions 7): the rule that puts lines into a signed-in
 * buyer's server cart, whether they come from a guest's cart at sign-in or from another device. The
 * same product, color and size add their quantities, capped by the stock, by the per-product maximum
 * (every color and size of a product counts) and by MAX_LINE_QUANTITY; a cart holds at most
 * MAX_CART_LINES lines. What the caps changed is reported, so the buyer is told.
 */

/** What the server knows of a line's product now: can it be sold, and how many are in stock for this line. */
export interface LineStock {
  sellable: boolean;
  stock: number;
}

export type CartNoteReason = 'unavailable' | 'stock' | 'maxPerProduct' | 'tooManyLines';

export interface CartNote {
  productId: number;
  color: string | null;
  size: string | null;
  /** What was kept of the line (0: dropped). */
  kept: number;
  reason: CartNoteReason;
}

export function mergeCartLines(
  account: readonly OrderLine[],
  incoming: readonly OrderLine[],
  stockOf: (line: OrderLine) => LineStock,
  maxPerProduct: number,
): { lines: OrderLine[]; notes: CartNote[] } {
  const notes: CartNote[] = [];
  const byKey = new Map<string, OrderLine>();
  const keyOf = (line: OrderLine) => lineKeyString({ product_id: line.productId, color: line.color, size: line.size });
  for (const line of [...account, ...incoming]) {
    if (!(line.quantity > 0)) continue;
    const key = keyOf(line);
    const seen = byKey.get(key);
    byKey.set(key, seen ? { ...seen, quantity: seen.quantity + line.quantity } : { ...line });
  }
  const lines: OrderLine[] = [];
  const unitsOfProduct = new Map<number, number>();
  for (const line of byKey.values()) {
    const stock = stockOf(line);
    const note = (kept: number, reason: CartNoteReason) => notes.push({ productId: line.productId, color: line.color, size: line.size, kept, reason });
    if (!stock.sellable) {
      note(0, 'unavailable');
      continue;
    }
    if (lines.length >= MAX_CART_LINES) {
      note(0, 'tooManyLines');
      continue;
    }
    let quantity = Math.min(Math.floor(line.quantity), MAX_LINE_QUANTITY);
    let reason: CartNoteReason | null = quantity < line.quantity ? 'maxPerProduct' : null;
    if (quantity > stock.stock) {
      quantity = Math.max(0, stock.stock);
      reason = 'stock';
    }
    const room = Math.max(0, maxPerProduct - (unitsOfProduct.get(line.productId) ?? 0));
    if (quantity > room) {
      quantity = room;
      reason = 'maxPerProduct';
    }
    if (reason) note(quantity, reason);
    if (quantity <= 0) continue;
    unitsOfProduct.set(line.productId, (unitsOfProduct.get(line.productId) ?? 0) + quantity);
    lines.push({ ...line, quantity });
  }
  return { lines, notes };
}
