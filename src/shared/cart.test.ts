import { describe, expect, it } from 'vitest';
import {
  addToCart,
  CART_FULL_MESSAGE,
  CartFullError,
  cartItemOf,
  cartUnitCount,
  type CartItem,
  MAX_CART_LINES,
  MAX_LINE_QUANTITY,
  mergeOrderLines,
  parseStoredCart,
  removeFromCart,
  setQuantity,
  subtotalsByCurrency,
  toOrderLines,
  unitsPerProduct,
} from './cart';
import { checkoutSchema } from './schemas/checkout';

const item = (over: Partial<CartItem> = {}): CartItem => ({
  product_id: 1,
  color: '#ff0000',
  size: 'M',
  quantity: 1,
  price: 1000,
  currency: 'USD',
  product_name: 'Shirt',
  image_url: null,
  shop_id: 1,
  ...over,
});

describe('addToCart', () => {
  it('merges the same product, color and size', () => {
    const cart = addToCart(addToCart([], item()), item({ quantity: 2 }));
    expect(cart).toHaveLength(1);
    expect(cart[0]?.quantity).toBe(3);
  });
  it('appends another color or size of the same product', () => {
    const cart = addToCart(addToCart(addToCart([], item()), item({ size: 'L' })), item({ color: '#000000' }));
    expect(cart).toHaveLength(3);
  });
  it('caps a line quantity', () => {
    const cart = addToCart([item({ quantity: MAX_LINE_QUANTITY })], item({ quantity: 5 }));
    expect(cart[0]?.quantity).toBe(MAX_LINE_QUANTITY);
  });
});

describe('the cart and checkout hold the same number of lines', () => {
  const full = Array.from({ length: MAX_CART_LINES }, (_, i) => item({ product_id: i + 1 }));
  it('refuses a new line in a full cart, still adding to one it holds', () => {
    expect(() => addToCart(full, item({ product_id: 999 }))).toThrow(CartFullError);
    expect(() => addToCart(full, item({ product_id: 999 }))).toThrow(CART_FULL_MESSAGE);
    expect(addToCart(full, item({ product_id: 1, quantity: 2 }))[0]?.quantity).toBe(3);
  });
  it('checkout takes a full cart and refuses one line more', () => {
    const shipping = { fullName: 'A', email: 'a@b.test', phone: '+923001234567', address: 'x', city: 'y', postalCode: '1' };
    const order = (items: CartItem[]) => checkoutSchema.safeParse({ items: toOrderLines(items), shipping });
    expect(order(full).success).toBe(true);
    expect(order([...full, item({ product_id: 999 })]).success).toBe(false);
  });
  it('counts units per product over its colors and sizes', () => {
    const lines = toOrderLines([item({ quantity: 2 }), item({ size: 'L', quantity: 3 }), item({ product_id: 2, quantity: 1 })]);
    expect(unitsPerProduct(lines)).toEqual(new Map([[1, 5], [2, 1]]));
  });
});

describe('setQuantity and removeFromCart', () => {
  const cart = [item(), item({ size: 'L', quantity: 4 })];
  it('changes only the line with the same product, color and size', () => {
    const next = setQuantity(cart, { product_id: 1, color: '#ff0000', size: 'L' }, 7);
    expect(next.map((l) => l.quantity)).toEqual([1, 7]);
  });
  it('removes a line at quantity 0 or less', () => {
    expect(setQuantity(cart, { product_id: 1, color: '#ff0000', size: 'M' }, 0)).toHaveLength(1);
    expect(setQuantity(cart, { product_id: 1, color: '#ff0000', size: 'M' }, -3)).toHaveLength(1);
  });
  it('removes only the matching line', () => {
    const next = removeFromCart(cart, { product_id: 1, color: '#ff0000', size: 'L' });
    expect(next).toEqual([cart[0]]);
  });
  it('counts units and subtotals per currency', () => {
    const mixed = [...cart, item({ product_id: 2, currency: 'PKR', price: 50000, quantity: 2 })];
    expect(cartUnitCount(mixed)).toBe(7);
    expect(subtotalsByCurrency(mixed)).toEqual([
      { currency: 'USD', amount: 5000 },
      { currency: 'PKR', amount: 100000 },
    ]);
  });
});

describe('parseStoredCart', () => {
  it('gives an empty cart for missing or bad JSON', () => {
    expect(parseStoredCart(null)).toEqual([]);
    expect(parseStoredCart('{not json')).toEqual([]);
    expect(parseStoredCart('{"a":1}')).toEqual([]);
  });
  it('drops malformed lines and clamps huge quantities', () => {
    const raw = JSON.stringify([
      item(),
      { ...item({ product_id: 2 }), quantity: -4 },
      { ...item({ product_id: 3 }), quantity: 1e12 },
      { ...item({ product_id: 4 }), product_id: 'x' },
      { ...item({ product_id: 5 }), quantity: 'lots' },
      null,
      42,
    ]);
    const cart = parseStoredCart(raw);
    expect(cart.map((l) => l.product_id)).toEqual([1, 3]);
    expect(cart[1]?.quantity).toBe(MAX_LINE_QUANTITY);
  });
  it('merges duplicate lines and repairs a bad price', () => {
    const raw = JSON.stringify([item(), item({ quantity: 2, price: -5 })]);
    const cart = parseStoredCart(raw);
    expect(cart).toHaveLength(1);
    expect(cart[0]?.quantity).toBe(3);
    expect(cart[0]?.price).toBe(0);
  });
});

describe('checkout lines', () => {
  it('sends the cart as order lines', () => {
    expect(toOrderLines([item({ quantity: 2 })])).toEqual([{ productId: 1, color: '#ff0000', size: 'M', quantity: 2 }]);
  });
  it('merges lines of the same product, color and size by the cart rule, without clamping', () => {
    const line = (productId: number, quantity: number, color: string | null = null, size: string | null = null) => ({ productId, color, size, quantity });
    expect(mergeOrderLines([line(1, 999), line(2, 1, '#000000'), line(1, 999), line(2, 1, '#000000', 'M'), line(2, 2, '#000000')])).toEqual([
      line(1, 1998),
      line(2, 3, '#000000'),
      line(2, 1, '#000000', 'M'),
    ]);
  });
});

describe('cartItemOf', () => {
  it('turns a shown product and the buyer choice into a cart line', () => {
    const product = { id: 1, slug: 'shirt', name: 'Shirt', price: 1000, currency: 'USD', imageUrl: null, shopId: 1 };
    expect(cartItemOf(product, { color: '#ff0000', size: 'M', quantity: 1 })).toEqual(item({ slug: 'shirt' }));
  });
});
