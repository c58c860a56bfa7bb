import type { DiscountType } from '../constants';
import { colorName } from '../colors';
import { formatMoney, parseMajorToMinor, typedAmountExample } from '../money';
import { MAX_PRICE_MINOR } from '../pricing';
import { type Combination, combinationKey, combinations, MAX_VARIANTS, TOO_MANY_VARIANTS_MESSAGE, variantLabel } from '../variants';

/** A variant as the product form's grid sends it (major units and text, as typed). */
export interface VariantForm {
  color: string | null;
  size: string | null;
  stock: string | number;
  price?: string | number | null;
  sku?: string | null;
}

/** A variant as it is saved: stock and price in minor units, SKU or null. */
export interface VariantInput extends Combination {
  stock: number;
  price: number | null;
  sku: string | null;
}

const blank = (v: unknown) => v === undefined || v === null || String(v).trim() === '';

/**
 * The grid of a per_variant product read against its colors and sizes (issue 19): one variant per
 * combination, in the grid's order; a combination the form left out has stock 0. Refused with the
 * first problem's message: a variant of a color or size the product does not have, a combination
 * given twice, more than MAX_VARIANTS, a stock that is not a whole number of 0 or more, a price
 * outside the money bounds or below a fixed discount, a SKU used twice.
 */
export function readVariants(
  given: readonly VariantForm[],
  product: { colors: string[]; sizes: string[]; currency: string; discountType: DiscountType | null; discountValue: number | null },
): { ok: true; variants: VariantInput[] } | { ok: false; message: string } {
  const { colors, sizes, currency } = product;
  const refuse = (message: string) => ({ ok: false as const, message });
  if (colors.length === 0 && sizes.length === 0) return refuse('Add a color or a size to track stock per variant');
  const all = combinations(colors, sizes);
  if (all.length > MAX_VARIANTS) return refuse(TOO_MANY_VARIANTS_MESSAGE);
  const byKey = new Map<string, VariantForm>();
  for (const v of given) {
    const color = blank(v.color) ? null : String(v.color).trim().toLowerCase();
    const size = blank(v.size) ? null : String(v.size).trim();
    if (color !== null && !colors.includes(color)) return refuse(`This product has no color ${colorName(color)}: add it first`);
    if (size !== null && !sizes.includes(size)) return refuse(`This product has no size ${size}: add it first`);
    if ((colors.length > 0 && color === null) || (sizes.length > 0 && size === null)) {
      return refuse(`Every variant needs its ${colors.length > 0 && color === null ? 'color' : 'size'}`);
    }
    const key = combinationKey({ color, size });
    if (byKey.has(key)) return refuse(`${variantLabel({ color, size })} is listed twice`);
    byKey.set(key, v);
  }
  const highest = formatMoney(MAX_PRICE_MINOR, currency);
  const skus = new Set<string>();
  const variants: VariantInput[] = [];
  for (const combination of all) {
    const label = variantLabel(combination);
    const form = byKey.get(combinationKey(combination));
    const stockText = form === undefined || blank(form.stock) ? '0' : String(form.stock).trim();
    if (!/^\d{1,9}$/.test(stockText)) return refuse(`Stock of ${label} must be a whole number of 0 or more`);
    let price: number | null = null;
    if (form && !blank(form.price)) {
      price = parseMajorToMinor(String(form.price), currency);
      if (price === null) return refuse(`Price of ${label} must be an amount of 0 or more, like ${typedAmountExample(currency, 1500, '12.99')}`);
      if (price > MAX_PRICE_MINOR) return refuse(`Price of ${label} must be at most ${highest}`);
      if (product.discountType === 'fixed' && (product.discountValue ?? 0) > price) {
        return refuse(`A fixed discount cannot be larger than the price of ${label}`);
      }
    }
    const sku = form && !blank(form.sku) ? String(form.sku).trim() : null;
    if (sku !== null) {
      if (skus.has(sku.toLowerCase())) return refuse(`The SKU ${sku} is used twice`);
      skus.add(sku.toLowerCase());
    }
    variants.push({ ...combination, stock: Number(stockText), price, sku });
  }
  return { ok: true, variants };
}
