import { NAMED_COLORS } from './colors';
import type { DiscountType, ProductUnit } from './constants';

/**
 * The product spreadsheet (issue 34): its columns, and how a cell people typed reads as a product
 * form's field. The headers are data, in English in every language. Pure: the import and its tests
 * use it; the product form's own rules (schemas/product.ts) then judge the values.
 */
export const PRODUCT_CSV_COLUMNS = [
  'Handle',
  'Name',
  'Brand',
  'Category',
  'Description',
  'Price',
  'Purchase price',
  'Discount type',
  'Discount value',
  'Unit',
  'Stock',
  'Colors',
  'Sizes',
  'Variant color',
  'Variant size',
  'Variant stock',
  'Variant price',
  'Variant SKU',
  'Active',
  'Image 1',
  'Image 2',
  'Image 3',
  'Image 4',
] as const;
export type ProductCsvColumn = (typeof PRODUCT_CSV_COLUMNS)[number];

export const IMAGE_COLUMNS = ['Image 1', 'Image 2', 'Image 3', 'Image 4'] as const;

/** What a shop may import at once (issue 34). */
export const IMPORT_MAX_ROWS = 5000;
export const IMPORT_MAX_BYTES = 100 * 1024 * 1024;

export type ImportAction = 'create' | 'update' | 'unchanged';

/** What an import would do, shown before anything is written (the server's answer to a preview). */
export interface ImportPreview {
  fileName: string;
  encoding: 'UTF-8' | 'Windows-1252' | 'UTF-16';
  separator: 'comma' | 'semicolon' | 'tab';
  rows: number;
  counts: { created: number; updated: number; unchanged: number; withErrors: number };
  errors: Array<{ row: number; column: string; message: string }>;
  moreErrors: number;
  newCategories: string[];
  newImages: number;
  sample: Array<{ row: number; handle: string | null; name: string; price: number; currency: string; stock: number; category: string | null; action: ImportAction }>;
}

/** The column a header cell names, whatever its case and spacing ("variant sku" is Variant SKU); null for others. */
export function columnOf(header: string): ProductCsvColumn | null {
  const wanted = header.trim().replace(/\s+/g, ' ').toLowerCase();
  return PRODUCT_CSV_COLUMNS.find((c) => c.toLowerCase() === wanted) ?? null;
}

/**
 * An amount as people write it in a spreadsheet, ready for the form's money rule: "Rs 1,500",
 * "PKR 1500.00", "1,500 Rs", "$12.99" become "1,500", "1500.00", "1,500", "12.99" (the form's rule
 * reads thousands separators). Anything else is left for that rule to refuse with its message.
 */
export function amountText(cell: string): string {
  return cell
    .trim()
    .replace(/^(?:rs\.?|pkr|usd|eur|gbp|[$€£₨])\s*(?=\d)/i, '')
    .replace(/(?<=\d)\s*(?:rs\.?|pkr|usd|eur|gbp|[$€£₨])$/i, '');
}

const BY_NAME = new Map(NAMED_COLORS.map(([name, r, g, b]) => [name.toLowerCase(), `#${[r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('')}`]));
const NAME_OF = new Map([...BY_NAME].map(([name, hex]) => [hex, NAMED_COLORS.find(([n]) => n.toLowerCase() === name)![0]]));

/** A color cell: a name of the app's palette ("Red", "sky blue") or a hex value ("#FF0000", "#f00"); null for neither. */
export function colorFromCell(cell: string): string | null {
  const text = cell.trim().toLowerCase();
  const named = BY_NAME.get(text.replace(/\s+/g, ' '));
  if (named) return named;
  const hex = /^#?([0-9a-f]{6}|[0-9a-f]{3})$/.exec(text)?.[1];
  if (!hex) return null;
  return `#${hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex}`;
}

/** A color as the export writes it: its palette name when it is exactly one, else its hex (so it reads back the same). */
export function colorToCell(hex: string): string {
  return NAME_OF.get(hex.toLowerCase()) ?? hex.toLowerCase();
}

/** A list cell ("Red, Blue" or "S; M; L"): its items, trimmed, empty ones dropped. */
export function listFromCell(cell: string): string[] {
  return cell
    .split(/[,;]/)
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/** The Active column: yes/no, true/false, 1/0, active/inactive (any case); empty is `empty`; null for anything else. */
export function flagFromCell(cell: string, empty: boolean): boolean | null {
  const text = cell.trim().toLowerCase();
  if (text === '') return empty;
  if (['yes', 'y', 'true', '1', 'active'].includes(text)) return true;
  if (['no', 'n', 'false', '0', 'inactive'].includes(text)) return false;
  return null;
}

/** The Discount type column: percent or fixed, as the export writes them or as the form names them; null for none; undefined for neither. */
export function discountTypeFromCell(cell: string): DiscountType | null | undefined {
  const text = cell.trim().toLowerCase();
  if (text === '') return null;
  if (['percent', 'percentage', '%'].includes(text)) return 'percent';
  if (['fixed', 'fixed amount', 'amount'].includes(text)) return 'fixed';
  return undefined;
}

const UNIT_WORDS: Readonly<Record<string, ProductUnit>> = {
  pieces: 'pieces',
  piece: 'pieces',
  pcs: 'pieces',
  pc: 'pieces',
  kg: 'kg',
  kgs: 'kg',
  kilogram: 'kg',
  kilograms: 'kg',
  liters: 'liters',
  liter: 'liters',
  litres: 'liters',
  litre: 'liters',
  meters: 'meters',
  meter: 'meters',
  metres: 'meters',
  metre: 'meters',
};

/** The Unit column: the form's units, singular or plural, British or American spelling; empty is pieces; anything else is left for the form's rule. */
export function unitFromCell(cell: string): string {
  const text = cell.trim().toLowerCase();
  return text === '' ? 'pieces' : (UNIT_WORDS[text] ?? text);
}
