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

/** What the cart needs to know about a product to add a line (the price is only what was shown). */
export interface CartProduct {
  id: number;
  slug: string;
  name: string;
  price: number;
  currency: string;
  imageUrl: string | null;
  shopId: number;
}

/** A product card's product, as its Add to cart button hands it over. */
export interface CartCardProduct extends CartProduct {
  hasOptions: boolean;
  stock: number;
}

export function cartItemOf(product: CartProduct, choice: Pick<CartItem, 'color' | 'size' | 'quantity'>): CartItem {
  return {
    product_id: product.id,
    color: choice.color,
    size: choice.size,
    quantity: choice.quantity,
    price: product.price,
    currency: product.currency,
    product_name: product.name,
    image_url: product.imageUrl,
    shop_id: product.shopId,
    slug: product.slug,
  };
}

/**
 * The most units of one product in one order, whatever its colors and sizes: a cart line's ceiling,
 * and the ceiling of the server's own per-product cap (MAX_UNITS_PER_PRODUCT). With MAX_CART_LINES
 * and pricing's MAX_PRICE_MINOR it bounds every order's amounts (see pricing.ts).
 */
export const MAX_LINE_QUANTITY = 999;
/** The server's per-product cap unless the operator sets MAX_UNITS_PER_PRODUCT. */
export const DEFAULT_MAX_UNITS_PER_PRODUCT = 50;
/** The longest color or size a line may carry. */
export const MAX_OPTION_LENGTH = 64;
/** The most different lines a cart holds and an order takes: one number for both. */
export const MAX_CART_LINES = 50;
export const CART_FULL_MESSAGE = `Your cart holds at most ${MAX_CART_LINES} different items. Place this order first, or remove something.`;

/** Thrown when a new line would not fit in a full cart; its message is for the buyer. */
export class CartFullError extends Error {
  constructor() {
    super(CART_FULL_MESSAGE);
    this.name = 'CartFullError';
  }
}

export function lineKeyString(key: CartLineKey): string {
  return `${key.product_id}|${key.color ?? ''}|${key.size ?? ''}`;
}

function sameLine(a: CartLineKey, b: CartLineKey): boolean {
  return lineKeyString(a) === lineKeyString(b);
}

/** A line as checkout sends it to the server. */
export interface OrderLine {
  productId: number;
  color: string | null;
  size: string | null;
  quantity: number;
}

/** The server's side of the cart merge: the same product, color and size sent twice is one line. */
export function mergeOrderLines<T extends OrderLine>(lines: readonly T[]): T[] {
  const merged = new Map<string, T>();
  for (const line of lines) {
    const key = lineKeyString({ product_id: line.productId, color: line.color, size: line.size });
    const seen = merged.get(key);
    merged.set(key, seen ? { ...seen, quantity: seen.quantity + line.quantity } : line);
  }
  return [...merged.values()];
}

/** Units per product across an order's lines (every color and size of it counts). */
export function unitsPerProduct(lines: readonly OrderLine[]): Map<number, number> {
  const units = new Map<number, number>();
  for (const line of lines) units.set(line.productId, (units.get(line.productId) ?? 0) + line.quantity);
  return units;
}

/** What checkout sends for the cart's lines. */
export function toOrderLines(items: readonly CartItem[]): OrderLine[] {
  return items.map((item) => ({ productId: item.product_id, color: item.color, size: item.size, quantity: item.quantity }));
}

function clampQuantity(quantity: number): number {
  return Math.min(MAX_LINE_QUANTITY, Math.floor(quantity));
}

/**
 * Adding the same product, color and size increases its quantity; anything else is appended, unless
 * the cart already holds MAX_CART_LINES lines (CartFullError: checkout would refuse the order).
 */
export function addToCart(items: readonly CartItem[], item: CartItem): CartItem[] {
  if (!(item.quantity > 0)) return [...items];
  const existing = items.find((line) => sameLine(line, item));
  if (!existing && items.length >= MAX_CART_LINES) throw new CartFullError();
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

type PricedLine = Pick<CartItem, 'price' | 'currency' | 'quantity'>;

export function lineTotal(line: PricedLine): number {
  return line.price * line.quantity;
}

/** Subtotals per currency, as a cart may hold shops with different currencies. */
export function subtotalsByCurrency(items: readonly PricedLine[]): Array<{ currency: string; amount: number }> {
  const totals = new Map<string, number>();
  for (const line of items) totals.set(line.currency, (totals.get(line.currency) ?? 0) + lineTotal(line));
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
  for (const entry of data.slice(0, MAX_CART_LINES)) {
    if (!entry || typeof entry !== 'object') continue;
    const line = entry as Record<string, unknown>;
    const color = optionalText(line.color, MAX_OPTION_LENGTH);
    const size = optionalText(line.size, MAX_OPTION_LENGTH);
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
