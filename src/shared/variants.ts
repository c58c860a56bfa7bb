import type { Language } from './i18n/language';
import { colorName } from './colors';
import { LOW_STOCK_BELOW } from './constants';
import { type Discount, discountedPrice } from './pricing';

/**
 * Stock per variant (issue 19): a per_variant product has one variant per combination of its colors
 * and sizes (colors alone or sizes alone when it has one kind). The form, the product page, the cart
 * and the server's checkout name, find and price a combination with these functions.
 */

/** 10 colors x 10 sizes. */
export const MAX_VARIANTS = 100;
export const TOO_MANY_VARIANTS_MESSAGE = `A product can have at most ${MAX_VARIANTS} variants (colors × sizes)`;

export interface Combination {
  color: string | null;
  size: string | null;
}

/** Every combination of the product's options, colors first: Red / S, Red / M, Blue / S... */
export function combinations(colors: readonly string[], sizes: readonly string[]): Combination[] {
  if (colors.length === 0) return sizes.map((size) => ({ color: null, size }));
  if (sizes.length === 0) return colors.map((color) => ({ color, size: null }));
  return colors.flatMap((color) => sizes.map((size) => ({ color, size })));
}

export function combinationKey(c: Combination): string {
  return `${c.color ?? ''}|${c.size ?? ''}`;
}

/** "Red / M", "Red" or "M": the color named as the app names it everywhere. */
export function variantLabel(c: Combination, language: Language = 'en'): string {
  return [c.color === null ? null : colorName(c.color, language), c.size].filter((part) => part !== null).join(' / ');
}

/** The variant of a combination, when there is one. */
export function findVariant<V extends Combination>(variants: readonly V[], choice: Combination): V | undefined {
  const key = combinationKey({ color: choice.color?.toLowerCase() ?? null, size: choice.size });
  return variants.find((v) => combinationKey(v) === key);
}

/** What one unit of a variant costs: its own price when set, else the product's, then the discount. */
export function variantUnitPrice(sellingPrice: number, discount: Discount, variantPrice: number | null | undefined): number {
  return discountedPrice(variantPrice ?? sellingPrice, discount);
}

/** The Low Stock rule (spec section 9): above 0 and below 10. */
export function isLowStock(stock: number): boolean {
  return stock > 0 && stock < LOW_STOCK_BELOW;
}

/**
 * For a product page: which values of one option are sold out given the other option's choice (all
 * combinations with it at 0), e.g. the sizes of Red that are gone. Nothing chosen on the other side:
 * the values sold out in every combination.
 */
export function soldOutValues(
  variants: ReadonlyArray<Combination & { stock: number }>,
  option: 'color' | 'size',
  other: string | null,
): Set<string> {
  const otherKey = option === 'color' ? 'size' : 'color';
  const inStock = new Set<string>();
  const seen = new Set<string>();
  for (const v of variants) {
    const value = v[option];
    if (value === null) continue;
    if (other !== null && v[otherKey] !== other) continue;
    seen.add(value);
    if (v.stock > 0) inStock.add(value);
  }
  return new Set([...seen].filter((value) => !inStock.has(value)));
}
