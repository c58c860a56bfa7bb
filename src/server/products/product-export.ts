import path from 'node:path';
import { Readable } from 'node:stream';
import { minorToMajorString } from '../../shared/money';
import { colorToCell, PRODUCT_CSV_COLUMNS } from '../../shared/product-csv';
import type { DB } from '../db/client';
import { csvChunks, csvDocument, type CsvCell as Cell } from '../spreadsheets/csv';
import { zipStream } from '../spreadsheets/zip';
import { keyOfUploadUrl, type UploadStorage } from '../uploads/storage';
import { parseColors, parseSizes } from './product-fields';
import * as repo from './products.repository';

/**
 * A shop's catalogue as a spreadsheet (issue 34): one row per product, or one per variant for a
 * product with stock per variant (its columns repeated, keyed by its Handle, the slug), read back by
 * the import. Written a page of products at a time, so a shop of any size exports in bounded memory.
 */

const PAGE = 200;

/**
 * The shop's catalogue as CSV records, a page of products a call (null once none is left), in product
 * id order; `onImage` hears each image's URL as its row is made. Between calls only where the next page
 * starts is held.
 */
function catalogueReader(db: DB, shopId: number, onImage?: (url: string) => void): () => Promise<Cell[][] | null> {
  let afterId = 0;
  return async () => {
    const page = await repo.exportPage(db, shopId, afterId, PAGE);
    if (page.length === 0) return null;
    afterId = page[page.length - 1]!.id;
    const ids = page.map((p) => p.id);
    const [variants, images] = await Promise.all([repo.listVariants(db, ids), repo.listImagesOf(db, ids)]);
    const records: Cell[][] = [];
    for (const p of page) {
      const money = (minor: number | null) => (minor === null ? '' : minorToMajorString(minor, p.currency));
      const own = images.filter((i) => i.product_id === p.id).sort((a, b) => b.is_primary - a.is_primary || a.position - b.position);
      for (const image of own) onImage?.(image.url);
      const product: Cell[] = [
        p.slug,
        p.name,
        p.brand,
        p.category_name ?? '',
        p.description_html,
        money(p.selling_price),
        money(p.purchase_price),
        p.discount_type ?? '',
        p.discount_type === 'fixed' ? money(p.discount_value) : (p.discount_value ?? ''),
        p.unit,
        p.stock_amount,
        parseColors(p.colors).map(colorToCell).join(', '),
        parseSizes(p.sizes).join(', '),
      ];
      const tail: Cell[] = [p.is_active === 1 ? 'yes' : 'no', ...[0, 1, 2, 3].map((i) => (own[i] ? path.posix.basename(own[i].url) : ''))];
      const mine = p.stock_mode === 'per_variant' ? variants.filter((v) => v.product_id === p.id) : [];
      if (mine.length === 0) records.push([...product, '', '', '', '', '', ...tail]);
      for (const v of mine) records.push([...product, v.color ? colorToCell(v.color) : '', v.size, v.stock, money(v.price), v.sku ?? '', ...tail]);
    }
    return records;
  };
}

/** The shop's catalogue as a CSV stream (UTF-8 with its BOM, RFC 4180, formulas neutralised), a page at a time as its reader takes it. */
export function exportCatalogueCsv(db: DB, shopId: number): Readable {
  return Readable.from(csvChunks(PRODUCT_CSV_COLUMNS, catalogueReader(db, shopId)), { objectMode: false });
}

/**
 * The catalogue and its images as a ZIP stream: `products.csv` and `images/<file name>`, the names
 * Image 1-4 give. Each image is read from the store when its turn comes.
 */
export function exportCatalogueZip(db: DB, storage: UploadStorage, shopId: number): Readable {
  const zip = zipStream();
  const seen = new Set<string>();
  const reader = catalogueReader(db, shopId, (url) => {
    const key = keyOfUploadUrl(url);
    const name = path.posix.basename(url);
    if (!key || seen.has(name)) return;
    seen.add(name);
    zip.addLazy(`images/${name}`, async () => (await storage.stream(key))?.body ?? null);
  });
  const csv = Readable.from(csvChunks(PRODUCT_CSV_COLUMNS, reader), { objectMode: false });
  zip.addStream('products.csv', csv);
  // The archive ends once the CSV has named every image (an export that failed ends it with its error).
  csv.once('end', () => zip.end());
  csv.once('error', (error) => zip.output.destroy(error));
  return zip.output;
}

/** The template the import dialog offers: the columns and two example rows (a product, and a product with a variant). */
export function importTemplateCsv(): string {
  const row = (cells: Record<string, Cell>) => PRODUCT_CSV_COLUMNS.map((c) => cells[c] ?? '');
  return csvDocument(PRODUCT_CSV_COLUMNS, [
    row({ Name: 'Cotton Dupatta', Brand: 'Sara', Category: 'Dupattas', Description: '<p>Soft cotton, 2.5 m.</p>', Price: '1,500', Unit: 'pieces', Stock: 25, Colors: 'Red, #1477c8', Active: 'yes' }),
    // The second names one variant; a product with more has one such row per variant, under one Handle.
    ...['M'].map((size) =>
      row({
        Handle: 'lawn-kurta',
        Name: 'لان کرتا',
        Category: 'Kurtas',
        Price: 'Rs 2,800',
        'Discount type': 'percent',
        'Discount value': 10,
        Unit: 'pieces',
        'Variant color': 'Green',
        'Variant size': size,
        'Variant stock': 6,
        'Variant SKU': `LK-G-${size}`,
        Active: 'yes',
      }),
    ),
  ]);
}
