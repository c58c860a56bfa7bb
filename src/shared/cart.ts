/**
 * The cart kept in the browser under the `cart` key (spec section 3), with the spec's field names.
 * Lines are keyed by (product_id, color, size) for add, update and remove (product-decisions 2.2).
 * The price stored here is only what the buyer last saw: the server prices every order itself.
 */
export interface CartItem {
  product_id: number;
  color: string | null;
  size: string | null;
  quantity: number;
  /** Unit price in minor units, as last shown. */
  price: number;
  currency: string;
  product_name: string;
  image_url: string | null;
  shop_id: number;
  slug?: string | null;
}

export type CartLineKey = Pick<CartItem, 'product_id' | 'color' | 'size'>;

export const MAX_LINE_QUANTITY = 999;

export function sameLine(a: CartLineKey, b: CartLineKey): boolean {
  return a.product_id === b.product_id && (a.color ?? null) === (b.color ?? null) && (a.size ?? null) === (b.size ?? null);
}

export function lineKeyString(key: CartLineKey): string {
  return `${key.product_id}|${key.color ?? ''}|${key.size ?? ''}`;
}

function clampQuantity(quantity: number): number {
  return Math.min(MAX_LINE_QUANTITY, Math.floor(quantity));
}

/** Adding the same product, color and size increases its quantity; anything else is appended. */
export function addToCart(items: readonly CartItem[], item: CartItem): CartItem[] {
  if (!(item.quantity > 0)) return [...items];
  const existing = items.find((line) => sameLine(line, item));
  if (!existing) return [...items, { ...item, quantity: clampQuantity(item.quantity) }];
  return items.map((line) =>
    sameLine(line, item) ? { ...line, ...item, quantity: clampQuantity(line.quantity + item.quantity) } : line,
  );
}

/** A quantity of 0 or less removes the line (spec section 4). */
export function setQuantity(items: readonly CartItem[], key: CartLineKey, quantity: number): CartItem[] {
  if (!(quantity > 0)) return removeFromCart(items, key);
  return items.map((line) => (sameLine(line, key) ? { ...line, quantity: clampQuantity(quantity) } : line));
}

export function removeFromCart(items: readonly CartItem[], key: CartLineKey): CartItem[] {
  return items.filter((line) => !sameLine(line, key));
}

/** The nav badge counts units, the sum of quantities. */
export function cartUnitCount(items: readonly CartItem[]): number {
  return items.reduce((sum, line) => sum + line.quantity, 0);
}

/** Subtotals per currency, as a cart may hold shops with different currencies. */
export function subtotalsByCurrency(items: readonly CartItem[]): Array<{ currency: string; amount: number }> {
  const totals = new Map<string, number>();
  for (const line of items) totals.set(line.currency, (totals.get(line.currency) ?? 0) + line.price * line.quantity);
  return [...totals].map(([currency, amount]) => ({ currency, amount }));
}

function isPositiveInt(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
}

function optionalText(value: unknown, max: number): string | null | undefined {
  if (value === null || value === undefined || value === '') return null;
  return typeof value === 'string' && value.length <= max ? value : undefined;
}

/**
 * Reads whatever is stored under `cart`, which any script or person may have changed:
 * bad JSON gives an empty cart, malformed lines are dropped, quantities are clamped, duplicates merged.
 */
export function parseStoredCart(raw: string | null): CartItem[] {
  if (!raw) return [];
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(data)) return [];
  let items: CartItem[] = [];
  for (const entry of data.slice(0, 200)) {
    if (!entry || typeof entry !== 'object') continue;
    const line = entry as Record<string, unknown>;
    const color = optionalText(line.color, 64);
    const size = optionalText(line.size, 64);
    const imageUrl = optionalText(line.image_url, 2048);
    if (!isPositiveInt(line.product_id) || color === undefined || size === undefined || imageUrl === undefined) continue;
    if (typeof line.quantity !== 'number' || !Number.isFinite(line.quantity) || line.quantity < 1) continue;
    const price = typeof line.price === 'number' && Number.isSafeInteger(line.price) && line.price >= 0 ? line.price : 0;
    const currency = typeof line.currency === 'string' && /^[A-Z]{3}$/.test(line.currency) ? line.currency : 'USD';
    items = addToCart(items, {
      product_id: line.product_id,
      color,
      size,
      quantity: clampQuantity(line.quantity),
      price,
      currency,
      product_name: typeof line.product_name === 'string' ? line.product_name.slice(0, 200) : 'Product',
      image_url: imageUrl,
      shop_id: isPositiveInt(line.shop_id) ? line.shop_id : 0,
      slug: typeof line.slug === 'string' ? line.slug.slice(0, 200) : null,
    });
  }
  return items;
}
