import type { DiscountType, ProductUnit, StockMode } from '../../shared/constants';
import { type Discount, discountedPrice } from '../../shared/pricing';
import { variantUnitPrice } from '../../shared/variants';
import { parseColors, parseCustomFields, parseSizes, sanitizeDescription } from './product-fields';

/** The views of a product that screens read: its price, its card, its page and its edit form. */

interface PricedRow {
  selling_price: number;
  currency: string;
  discount_type: DiscountType | null;
  discount_value: number | null;
}

export function discountOf(row: PricedRow): Discount {
  return { type: row.discount_type, value: row.discount_value };
}

/** What a buyer pays for one unit, in minor units of the product's currency. */
export function unitPrice(row: PricedRow): number {
  return discountedPrice(row.selling_price, discountOf(row));
}

function toPrice(row: PricedRow) {
  return { sellingPrice: row.selling_price, price: unitPrice(row), currency: row.currency, discount: discountOf(row) };
}

interface CardRow extends PricedRow {
  id: number;
  slug: string;
  name: string;
  brand: string;
  stock_amount: number;
  thumb_url: string | null;
}

/** A product in a grid or a list: buyers' grids and the owner's list add their own few fields. */
export function toProductCard(row: CardRow) {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    brand: row.brand,
    ...toPrice(row),
    stock: row.stock_amount,
    thumbUrl: row.thumb_url,
  };
}

/** Whether a buyer must choose a color or size before adding it to the cart. */
export function hasOptions(row: { colors: string; sizes: string }): boolean {
  return parseColors(row.colors).length > 0 || parseSizes(row.sizes).length > 0;
}

/** A variant row as the repository reads it ('' for the option the product does not have). */
export interface VariantRow {
  color: string;
  size: string;
  stock: number;
  price: number | null;
  sku: string | null;
}

/**
 * The variants of a per_variant product as pages and forms read them: the price override as saved
 * (`ownPrice`, null when it has none) and what a buyer pays (`price`, the discount applied).
 */
export function toVariantViews(row: PricedRow, variants: readonly VariantRow[]) {
  return variants.map((v) => ({
    color: v.color === '' ? null : v.color,
    size: v.size === '' ? null : v.size,
    stock: v.stock,
    ownPrice: v.price,
    sellingPrice: v.price ?? row.selling_price,
    price: variantUnitPrice(row.selling_price, discountOf(row), v.price),
    sku: v.sku,
  }));
}

interface DetailRow extends PricedRow {
  id: number;
  slug: string;
  name: string;
  brand: string;
  description_html: string;
  stock_amount: number;
  stock_mode: StockMode;
  unit: ProductUnit;
  colors: string;
  sizes: string;
  custom_fields: string;
  manufacturing_date: string | null;
  expiry_date: string | null;
}

/**
 * The fields a product page shows, shared by the buyer's page and the owner's edit form; `variants`
 * are the product's rows (none for a shared stock).
 */
export function toProductDetails(row: DetailRow, variants: readonly VariantRow[] = []) {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    brand: row.brand,
    descriptionHtml: sanitizeDescription(row.description_html),
    ...toPrice(row),
    stock: row.stock_amount,
    stockMode: row.stock_mode,
    variants: row.stock_mode === 'per_variant' ? toVariantViews(row, variants) : [],
    unit: row.unit,
    colors: parseColors(row.colors),
    sizes: parseSizes(row.sizes),
    customFields: parseCustomFields(row.custom_fields),
    manufacturingDate: row.manufacturing_date,
    expiryDate: row.expiry_date,
  };
}
