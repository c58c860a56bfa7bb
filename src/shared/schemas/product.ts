import { z } from 'zod';
import { DISCOUNT_TYPES, type DiscountType, MAX_PRODUCT_IMAGES, PRODUCT_UNITS, STOCK_MODES } from '../constants';
import { formatMoney, parseMajorToMinor, typedAmountExample } from '../money';
import { MAX_PRICE_MINOR } from '../pricing';
import { optionalText, requiredText } from './text';
import { MAX_VARIANTS, TOO_MANY_VARIANTS_MESSAGE } from '../variants';
import { readVariants, type VariantInput } from './product-variants';

/**
 * The product form (spec sections 3 and 5), shared by the form and the router. Money is typed in
 * major units and leaves this schema in minor units of the product's currency; no floats on the way.
 * A product's currency is its shop's (product-decisions section 4): it is never part of the input.
 */

export const MAX_IMAGES_MESSAGE = 'Maximum 4 images allowed';
export const HEX_COLOR = /^#[0-9a-f]{6}$/;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

const text = (max: number, label: string) => z.string().trim().max(max, { error: `${label} must be at most ${max} characters` });

export const productImageSchema = z.object({
  url: z.string().regex(/^\/uploads\/[a-z0-9/_-]+\.webp$/i, { error: 'Please upload the image again' }),
  isPrimary: z.boolean(),
});

/** One combination as the form's grid sends it: a color and a size, nothing else (no third kind of option). */
export const variantFormSchema = z.strictObject(
  {
    color: z.string().trim().toLowerCase().nullable(),
    size: z.string().trim().max(30, { error: 'A size must be at most 30 characters' }).nullable(),
    stock: z.union([z.string(), z.number()], { error: 'Every variant needs a stock' }),
    price: z.union([z.string(), z.number()]).nullable().optional(),
    sku: z.string().trim().max(64, { error: 'A SKU must be at most 64 characters' }).nullable().optional(),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? 'A variant is chosen by its color and size only' : 'Check the variants') },
);

/** The fields as typed, before amounts are read in the shop's currency. */
export const productFormSchema = z.object({
  name: requiredText('Product name', 200),
  brand: optionalText('Brand', 80),
  categoryId: z.number().int().positive().nullable().optional().default(null),
  descriptionHtml: z.string().max(50_000, { error: 'Description is too long' }).optional().default(''),
  sellingPrice: z.union([z.string(), z.number()], { error: 'Selling price is required' }),
  purchasePrice: z.union([z.string(), z.number()]).nullable().optional(),
  stockAmount: z.union([z.string(), z.number()], { error: 'Stock is required' }).optional(),
  stockMode: z.enum(STOCK_MODES, { error: 'Stock is tracked for the product or per variant' }).optional().default('shared'),
  variants: z.array(variantFormSchema).max(MAX_VARIANTS, { error: TOO_MANY_VARIANTS_MESSAGE }).optional().default([]),
  unit: z.enum(PRODUCT_UNITS, { error: 'Choose a unit: pieces, kg, liters or meters' }),
  colors: z
    .array(z.string().trim().toLowerCase().regex(HEX_COLOR, { error: 'Colors must be hex values like #ff0000' }))
    .max(20, { error: 'At most 20 colors' })
    .optional()
    .default([]),
  sizes: z.array(text(30, 'A size')).max(30, { error: 'At most 30 sizes' }).optional().default([]),
  images: z.array(productImageSchema).max(MAX_PRODUCT_IMAGES, { error: MAX_IMAGES_MESSAGE }).optional().default([]),
  customFields: z
    .array(z.object({ name: text(60, 'A custom field name'), value: text(500, 'A custom field value') }))
    .max(30, { error: 'At most 30 custom fields' })
    .optional()
    .default([]),
  manufacturingDate: z.string().trim().nullable().optional(),
  expiryDate: z.string().trim().nullable().optional(),
  discountType: z.enum(DISCOUNT_TYPES, { error: 'Choose Percentage or Fixed Amount' }).nullable().optional(),
  discountValue: z.union([z.string(), z.number()]).nullable().optional(),
});

export type ProductFormInput = z.input<typeof productFormSchema>;

const blank = (v: unknown) => v === undefined || v === null || String(v).trim() === '';

/**
 * A discount as typed: a whole percent from 0 to 100, or a fixed amount in the currency's minor
 * units. Null when the text is neither.
 */
export function parseDiscountValue(type: DiscountType, text: string, currency: string): number | null {
  const raw = text.trim();
  if (type === 'fixed') return parseMajorToMinor(raw, currency);
  return /^\d{1,3}$/.test(raw) && Number(raw) <= 100 ? Number(raw) : null;
}

/** The product form read in the shop's currency: amounts leave it in that currency's minor units. */
export const productInputSchema = (currency: string) => productFormSchema.transform((input, ctx) => {
  const fail = (message: string, path: string) => {
    ctx.addIssue({ code: 'custom', message, path: [path] });
    return z.NEVER;
  };
  if (blank(input.sellingPrice)) return fail('Selling price is required', 'sellingPrice');
  // An example in the shop's currency: "1,500" in a rupee shop, "12.99" where prices have decimals.
  const example = typedAmountExample(currency, 1500, '12.99');
  const sellingPrice = parseMajorToMinor(String(input.sellingPrice), currency);
  if (sellingPrice === null) return fail(`Selling price must be an amount of 0 or more, like ${example}`, 'sellingPrice');
  // Prices are bounded so every order's amounts stay exact (pricing.ts, MAX_PRICE_MINOR).
  const highest = formatMoney(MAX_PRICE_MINOR, currency);
  if (sellingPrice > MAX_PRICE_MINOR) return fail(`Selling price must be at most ${highest}`, 'sellingPrice');
  let purchasePrice: number | null = null;
  if (!blank(input.purchasePrice)) {
    purchasePrice = parseMajorToMinor(String(input.purchasePrice), currency);
    if (purchasePrice === null) return fail(`Purchase price must be an amount of 0 or more, like ${example}`, 'purchasePrice');
    if (purchasePrice > MAX_PRICE_MINOR) return fail(`Purchase price must be at most ${highest}`, 'purchasePrice');
  }
  let stockAmount = 0;
  if (input.stockMode === 'shared') {
    if (blank(input.stockAmount)) return fail('Stock is required', 'stockAmount');
    const stockText = String(input.stockAmount).trim();
    if (!/^\d{1,9}$/.test(stockText)) return fail('Stock must be a whole number of 0 or more', 'stockAmount');
    stockAmount = Number(stockText);
  }

  let discountType = input.discountType ?? null;
  let discountValue: number | null = null;
  if (discountType && !blank(input.discountValue)) {
    discountValue = parseDiscountValue(discountType, String(input.discountValue), currency);
    if (discountValue === null) {
      return discountType === 'percent'
        ? fail('A percentage discount must be a whole number from 0 to 100', 'discountValue')
        : fail(`The discount must be an amount of 0 or more, like ${typedAmountExample(currency, 200, '5.00')}`, 'discountValue');
    }
    if (discountType === 'fixed' && discountValue > sellingPrice) {
      return fail('A fixed discount cannot be larger than the selling price', 'discountValue');
    }
  }
  if (!discountValue) {
    discountType = null;
    discountValue = null;
  }

  const manufacturingDate = blank(input.manufacturingDate) ? null : String(input.manufacturingDate);
  const expiryDate = blank(input.expiryDate) ? null : String(input.expiryDate);
  for (const [value, path] of [
    [manufacturingDate, 'manufacturingDate'],
    [expiryDate, 'expiryDate'],
  ] as const) {
    if (value !== null && (!DATE.test(value) || Number.isNaN(Date.parse(value)))) return fail('Enter dates as YYYY-MM-DD', path);
  }
  if (manufacturingDate && expiryDate && expiryDate < manufacturingDate) {
    return fail('The expiry date cannot be before the manufacturing date', 'expiryDate');
  }

  const colors = [...new Set(input.colors)];
  const sizes = [...new Set(input.sizes.filter((s) => s !== ''))];
  let variants: VariantInput[] = [];
  if (input.stockMode === 'per_variant') {
    const read = readVariants(input.variants, { colors, sizes, currency, discountType, discountValue });
    if (!read.ok) return fail(read.message, 'variants');
    variants = read.variants;
    stockAmount = variants.reduce((sum, v) => sum + v.stock, 0);
  }

  // One primary image: the one chosen, else the first.
  const urls = [...new Set(input.images.map((i) => i.url))];
  if (urls.length !== input.images.length) return fail('The same image was added twice', 'images');
  const chosen = Math.max(0, input.images.findIndex((i) => i.isPrimary));
  const images = input.images.map((image, position) => ({ url: image.url, position, isPrimary: position === chosen }));

  return {
    name: input.name,
    brand: input.brand,
    categoryId: input.categoryId,
    descriptionHtml: input.descriptionHtml,
    sellingPrice,
    purchasePrice,
    stockAmount,
    stockMode: input.stockMode,
    variants,
    unit: input.unit,
    colors,
    sizes,
    images,
    // Spec section 5: custom fields with an empty name or value are dropped.
    customFields: input.customFields.filter((f) => f.name !== '' && f.value !== ''),
    manufacturingDate,
    expiryDate,
    discountType,
    discountValue,
  };
});
export type ProductInput = z.output<ReturnType<typeof productInputSchema>>;

export const updateProductSchema = z.object({ id: z.number().int().positive(), product: productFormSchema });
