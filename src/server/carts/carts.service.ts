import { lineKeyString, MAX_CART_LINES, type CartItem, type OrderLine } from '../../shared/cart';
import { type CartNote, type LineStock, mergeCartLines } from '../../shared/cart-merge';
import type { CartCouponRef, ChangeCartLineInput, MergeCartInput } from '../../shared/schemas/cart';
import { variantUnitPrice } from '../../shared/variants';
import type { Language } from '../../shared/i18n/language';
import type { DB } from '../db/client';
import { inTransaction } from '../db/transaction';
import { discountOf } from '../products/products.mapper';
import { productsWithShop, productVariants } from '../products/products.service';
import { browserUrlOf, type UploadStorage } from '../uploads/storage';
import * as repo from './carts.repository';

/**
 * One cart on every device (issue 50, product-decisions 7). Every change is applied inside one
 * transaction that first locks the account's cart row (read committed on PostgreSQL: it then reads the
 * lines as the last change left them), so two devices changing the cart at once are applied one after
 * the other and neither loses the other's lines. A device sends what it changed (a line added, a
 * quantity set), never its whole cart, so a stale device cannot overwrite a newer cart; the guest cart
 * at sign-in is merged (shared/cart-merge.ts), never copied over.
 */

type Images = Pick<UploadStorage, 'publicBaseUrl'>;

/** The most notes an answer carries (a cart of 10,000 lines is told how many were dropped, not each). */
const MAX_NOTES = 20;
/** Products looked up for one change: lines past these could never fit MAX_CART_LINES. */
const MAX_LOOKED_UP = MAX_CART_LINES * 2;

export interface CartChange {
  cart: Awaited<ReturnType<typeof cartOf>>;
  /** The lines a cap changed or dropped (at most MAX_NOTES), and how many such lines in all. */
  notes: CartNote[];
  noteCount: number;
}

function parseCoupons(text: string): CartCouponRef[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? (value as CartCouponRef[]) : [];
  } catch {
    return [];
  }
}

/** The stock each line may take now: a per-variant product's combination, else the product's. */
async function stockLookup(db: DB, lines: readonly OrderLine[]): Promise<(line: OrderLine) => LineStock | null> {
  const ids = [...new Set(lines.map((l) => l.productId))].slice(0, MAX_LOOKED_UP);
  const products = new Map((await productsWithShop(db, ids)).map((p) => [p.id, p]));
  const perVariant = [...products.values()].filter((p) => p.stock_mode === 'per_variant').map((p) => p.id);
  const variants = new Map((await productVariants(db, perVariant)).map((v) => [`${v.product_id}|${v.color}|${v.size}`, v]));
  return (line) => {
    if (!ids.includes(line.productId)) return null;
    const product = products.get(line.productId);
    if (!product?.is_public) return { sellable: false, stock: 0 };
    if (product.stock_mode !== 'per_variant') return { sellable: true, stock: product.stock_amount };
    const variant = variants.get(`${line.productId}|${line.color ?? ''}|${line.size ?? ''}`);
    return variant ? { sellable: true, stock: variant.stock } : { sellable: false, stock: 0 };
  };
}

/** The account's cart as the browser keeps it (shared/cart.ts CartItem), with its coupons and version. */
export async function cartOf(db: DB, storage: Images, userId: number) {
  const row = await repo.findCart(db, userId);
  const lines = await repo.listLines(db, userId);
  const products = new Map((await productsWithShop(db, lines.map((l) => l.productId))).map((p) => [p.id, p]));
  const perVariant = [...products.values()].filter((p) => p.stock_mode === 'per_variant').map((p) => p.id);
  const variants = new Map((await productVariants(db, perVariant)).map((v) => [`${v.product_id}|${v.color}|${v.size}`, v]));
  const items: CartItem[] = lines.flatMap((line) => {
    const p = products.get(line.productId);
    if (!p) return [];
    const variant = variants.get(`${line.productId}|${line.color ?? ''}|${line.size ?? ''}`);
    return [
      {
        product_id: p.id,
        color: line.color,
        size: line.size,
        quantity: line.quantity,
        price: variantUnitPrice(p.selling_price, discountOf(p), variant?.price),
        currency: p.currency,
        product_name: p.name,
        image_url: p.thumb_url === null ? null : browserUrlOf(storage, p.thumb_url),
        shop_id: p.shop_id,
        slug: p.slug,
      },
    ];
  });
  return { version: row ? Number(row.version) : 0, items, coupons: parseCoupons(row?.coupons ?? '[]') };
}

/** Applies `incoming` to the locked cart by the merge rule; `replace` lines are taken off first (a quantity set). */
async function applyToCart(
  db: DB,
  userId: number,
  change: { incoming: OrderLine[]; replace?: OrderLine; coupons?: (current: CartCouponRef[]) => CartCouponRef[]; mergeKey?: string; language?: Language },
  maxPerProduct: number,
  now: Date,
): Promise<{ notes: CartNote[]; noteCount: number }> {
  return inTransaction(
    db,
    async (trx) => {
      const cart = await repo.lockCart(trx, userId, now);
      // A guest cart merged before (its browser never heard the answer) is not added again.
      if (change.mergeKey !== undefined && !(await repo.recordMerge(trx, userId, change.mergeKey, now))) return { notes: [], noteCount: 0 };
      const replaced = change.replace ? lineKeyString({ product_id: change.replace.productId, color: change.replace.color, size: change.replace.size }) : null;
      const current = (await repo.listLines(trx, userId)).filter((l) => lineKeyString({ product_id: l.productId, color: l.color, size: l.size }) !== replaced);
      const lookup = await stockLookup(trx, [...current, ...change.incoming]);
      const tooMany: CartNote[] = [];
      const known = change.incoming.filter((line) => {
        if (lookup(line)) return true;
        tooMany.push({ productId: line.productId, color: line.color, size: line.size, kept: 0, reason: 'tooManyLines' });
        return false;
      });
      const { lines, notes } = mergeCartLines(current, known, (line) => lookup(line) ?? { sellable: false, stock: 0 }, maxPerProduct);
      const coupons = change.coupons ? change.coupons(parseCoupons(cart.coupons)) : parseCoupons(cart.coupons);
      // An empty cart has no coupons (as the browser's coupon store keeps them).
      await repo.replaceLines(trx, userId, lines, JSON.stringify(lines.length === 0 ? [] : coupons), now, change.language);
      const all = [...notes, ...tooMany];
      return { notes: all.slice(0, MAX_NOTES), noteCount: all.length };
    },
    { isolation: 'read committed' },
  );
}

/** At sign-in: the guest cart joins the account's (same lines add up, capped), and its coupons for shops the account's cart has none of. */
export async function mergeGuestCart(db: DB, storage: Images, userId: number, input: MergeCartInput, maxPerProduct: number, now: Date, language?: Language): Promise<CartChange> {
  const result = await applyToCart(
    db,
    userId,
    {
      incoming: input.lines,
      mergeKey: input.key,
      language,
      coupons: (current) => [...current, ...input.coupons.filter((c) => !current.some((k) => k.shopId === c.shopId))],
    },
    maxPerProduct,
    now,
  );
  return { cart: await cartOf(db, storage, userId), ...result };
}

/** One line changed on one device, applied to the cart as the server has it now. */
export async function changeCartLine(db: DB, storage: Images, userId: number, input: ChangeCartLineInput, maxPerProduct: number, now: Date, language?: Language): Promise<CartChange> {
  const line = { productId: input.productId, color: input.color, size: input.size, quantity: input.quantity };
  const result = await applyToCart(db, userId, { incoming: [line], replace: input.mode === 'set' ? line : undefined, language }, maxPerProduct, now);
  return { cart: await cartOf(db, storage, userId), ...result };
}

/** Empties the cart (cleared by the buyer, or placed as orders). */
export async function clearCart(db: DB, storage: Images, userId: number, now: Date) {
  await inTransaction(
    db,
    async (trx) => {
      await repo.lockCart(trx, userId, now);
      await repo.replaceLines(trx, userId, [], '[]', now);
    },
    { isolation: 'read committed' },
  );
  return cartOf(db, storage, userId);
}

/** The cart's coupons, one per shop, as the cart page applied them (checkout checks each again). */
export async function setCartCoupons(db: DB, storage: Images, userId: number, coupons: readonly CartCouponRef[], now: Date) {
  const perShop = [...new Map(coupons.map((c) => [c.shopId, c])).values()];
  await applyToCart(db, userId, { incoming: [], coupons: () => perShop }, Number.MAX_SAFE_INTEGER, now);
  return cartOf(db, storage, userId);
}

/** In the checkout's transaction: the ordered lines leave the buyer's server cart (a cart that became orders is never reminded of). */
export async function takeOrderedLines(trx: DB, userId: number, lines: readonly OrderLine[], now: Date): Promise<void> {
  await repo.removeOrderedLines(trx, userId, lines, now);
}
