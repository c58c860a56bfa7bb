import {
  amountText,
  colorFromCell,
  columnOf,
  discountTypeFromCell,
  flagFromCell,
  IMAGE_COLUMNS,
  listFromCell,
  PRODUCT_CSV_COLUMNS,
  type ProductCsvColumn,
  unitFromCell,
} from '../../shared/product-csv';
import { type ProductFormInput, type ProductInput, productInputSchema } from '../../shared/schemas/product';
import { variantLabel } from '../../shared/variants';
import { isFormula, restoreCell } from '../spreadsheets/csv';

/**
 * The rows of a product spreadsheet read as product forms (issue 34), judged by the product form's
 * own schema (so a row is refused with the message the form would show), each problem with its row
 * (as a spreadsheet numbers it: the header is row 1) and column. Pure: no database.
 */

export interface RowError {
  row: number;
  column: string;
  message: string;
}

export interface ImportedProduct {
  /** The Handle as written (lowercased), null for a product the file does not key. */
  handle: string | null;
  /** The spreadsheet rows it came from, the first one first. */
  rows: number[];
  /** The form's output, without images and category (the service resolves those). */
  input: ProductInput;
  category: string | null;
  isActive: boolean;
  /** Image 1-4 as written (file names), in order. */
  images: string[];
}

export const NOT_A_PRODUCT_SHEET = 'The first row must name the columns, with at least Name and Price.';
export const FORMULA_REFUSED = 'Formulas are not accepted: type the value itself';
const HANDLE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The form field a schema issue names, as the file's column. */
const COLUMN_OF_FIELD: Readonly<Record<string, ProductCsvColumn>> = {
  name: 'Name',
  brand: 'Brand',
  descriptionHtml: 'Description',
  sellingPrice: 'Price',
  purchasePrice: 'Purchase price',
  stockAmount: 'Stock',
  stockMode: 'Variant stock',
  variants: 'Variant stock',
  unit: 'Unit',
  colors: 'Colors',
  sizes: 'Sizes',
  discountType: 'Discount type',
  discountValue: 'Discount value',
  images: 'Image 1',
};

/** What each row of a product says for itself: its Handle, and its variant (Stock is the variants' sum). */
const PER_ROW: readonly ProductCsvColumn[] = ['Handle', 'Stock', 'Variant color', 'Variant size', 'Variant stock', 'Variant price', 'Variant SKU'];
/** The product's own columns: its later rows (one per variant, Shopify's way) leave them empty or repeat them. */
const PRODUCT_COLUMNS = PRODUCT_CSV_COLUMNS.filter((c) => !PER_ROW.includes(c));

interface Row {
  number: number;
  get(column: ProductCsvColumn): string;
}

/** The records of a CSV (header first) as products, or the file's one problem. */
export function readProductRows(
  records: readonly string[][],
  currency: string,
): { ok: true; products: ImportedProduct[]; errors: RowError[]; rowCount: number } | { ok: false; message: string } {
  const [header, ...data] = records;
  const index = new Map<ProductCsvColumn, number>();
  for (const [i, cell] of (header ?? []).entries()) {
    const column = columnOf(cell);
    if (column && !index.has(column)) index.set(column, i);
  }
  if (!index.has('Name') || !index.has('Price')) return { ok: false, message: NOT_A_PRODUCT_SHEET };

  const errors: RowError[] = [];
  const rows: Row[] = [];
  for (const [i, cells] of data.entries()) {
    const number = i + 2;
    let formula = false;
    const values = new Map<ProductCsvColumn, string>();
    for (const [column, at] of index) {
      const raw = cells[at] ?? '';
      if (isFormula(raw)) {
        errors.push({ row: number, column, message: FORMULA_REFUSED });
        formula = true;
      }
      values.set(column, restoreCell(raw));
    }
    if (!formula) rows.push({ number, get: (column) => values.get(column) ?? '' });
  }

  // Rows of one Handle are one product: its variants, one per row.
  const groups: Row[][] = [];
  const byHandle = new Map<string, Row[]>();
  for (const row of rows) {
    const handle = row.get('Handle').trim().toLowerCase();
    if (handle === '') {
      groups.push([row]);
      continue;
    }
    if (!HANDLE.test(handle) || handle.length > 200) {
      errors.push({ row: row.number, column: 'Handle', message: 'A Handle is made of lowercase letters, digits and hyphens, like red-kurta' });
      continue;
    }
    const group = byHandle.get(handle);
    if (group) group.push(row);
    else {
      const fresh = [row];
      byHandle.set(handle, fresh);
      groups.push(fresh);
    }
  }

  const products: ImportedProduct[] = [];
  for (const group of groups) {
    const product = readProduct(group, currency, errors);
    if (product) products.push(product);
  }
  errors.sort((a, b) => a.row - b.row);
  return { ok: true, products, errors, rowCount: data.length };
}

/** A variant row's combination, as labels name it (colors and sizes not given are null). */
const variantOf = (v: { color?: string | null; size?: string | null } | undefined) => ({ color: v?.color ?? null, size: v?.size ?? null });

const isVariantRow = (row: Row) => row.get('Variant color').trim() !== '' || row.get('Variant size').trim() !== '';

/** One product from its rows; its problems go to `errors` and it is null. */
function readProduct(group: Row[], currency: string, errors: RowError[]): ImportedProduct | null {
  const first = group[0]!;
  const before = errors.length;
  // The message first: the errors catalogue's test finds a message as `fail`'s first argument.
  const fail = (message: string, row: Row, column: string) => errors.push({ row: row.number, column, message });
  const handle = first.get('Handle').trim().toLowerCase() || null;
  const perVariant = group.some(isVariantRow);
  if (!perVariant && group.length > 1) {
    for (const row of group) {
      const other = row === first ? group[1]! : first;
      fail(`The Handle ${handle} is on row ${other.number} too: each product once, or one row per variant`, row, 'Handle');
    }
  }
  if (perVariant) {
    for (const row of group.filter((r) => !isVariantRow(r))) fail('Every row of a product with variants names its variant color or size', row, 'Variant color');
    for (const row of group.slice(1)) {
      for (const column of PRODUCT_COLUMNS) {
        const value = row.get(column).trim();
        if (value !== '' && value !== first.get(column).trim()) fail(`Differs from row ${first.number}, the first row of this Handle`, row, column);
      }
    }
  }

  // A cell that is no color is named once here (and left out, so the form's rule does not name it again).
  const colorsOf = (row: Row, column: 'Colors' | 'Variant color', cells: string[]) =>
    cells.flatMap((cell) => {
      const hex = colorFromCell(cell);
      if (hex === null) fail(`${cell} is not a color: use a name like Red or a hex value like #ff0000`, row, column);
      return hex === null ? [] : [hex];
    });
  const colors = colorsOf(first, 'Colors', listFromCell(first.get('Colors')));
  const sizes = listFromCell(first.get('Sizes'));
  const variants: NonNullable<ProductFormInput['variants']> = [];
  if (perVariant) {
    for (const row of group) {
      const [color = null] = row.get('Variant color').trim() === '' ? [] : colorsOf(row, 'Variant color', [row.get('Variant color')]);
      const size = row.get('Variant size').trim() || null;
      // A product's colors and sizes may be left to its variant rows.
      if (color && !colors.includes(color)) colors.push(color);
      if (size && !sizes.includes(size)) sizes.push(size);
      variants.push({ color, size, stock: row.get('Variant stock'), price: amountText(row.get('Variant price')) || null, sku: row.get('Variant SKU') || null });
    }
  }

  const discountType = discountTypeFromCell(first.get('Discount type'));
  if (discountType === undefined) fail('Choose Percentage or Fixed Amount', first, 'Discount type');
  const isActive = flagFromCell(first.get('Active'), true);
  if (isActive === null) fail('Write yes or no', first, 'Active');
  const discountText = first.get('Discount value').trim().replace(/%$/, '');

  const form: ProductFormInput = {
    name: first.get('Name'),
    brand: first.get('Brand'),
    descriptionHtml: first.get('Description'),
    sellingPrice: amountText(first.get('Price')),
    purchasePrice: amountText(first.get('Purchase price')) || null,
    stockAmount: first.get('Stock'),
    stockMode: perVariant ? 'per_variant' : 'shared',
    variants,
    unit: unitFromCell(first.get('Unit')) as ProductFormInput['unit'],
    colors,
    sizes,
    discountType: discountType ?? null,
    discountValue: discountType === 'fixed' ? amountText(discountText) : discountText,
  };
  const parsed = productInputSchema(currency).safeParse(form);
  if (!parsed.success) {
    const seen = new Set<string>();
    for (const issue of parsed.error.issues) {
      const column = COLUMN_OF_FIELD[String(issue.path[0])] ?? 'Name';
      if (seen.has(column)) continue;
      seen.add(column);
      // A variant's problem names its variant ("Stock of Red / M ..."): on that variant's row.
      const at = issue.path[0] === 'variants' ? group.find((_row, i) => issue.message.includes(variantLabel(variantOf(variants[i])))) : undefined;
      fail(issue.message, at ?? first, column);
    }
  }
  const images = IMAGE_COLUMNS.map((c) => first.get(c).trim()).filter((name) => name !== '');
  if (errors.length > before || !parsed.success) return null;
  return {
    handle,
    rows: group.map((r) => r.number),
    input: parsed.data,
    category: first.get('Category').trim() || null,
    isActive: isActive ?? true,
    images,
  };
}
