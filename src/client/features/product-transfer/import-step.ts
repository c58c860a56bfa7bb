import type { ImportPreview } from '../../../shared/product-csv';

/**
 * What the import dialog's button offers after a preview: import the new and updated products, or
 * say what stands in the way (rows to fix, nothing to change, no file yet). One signal, never a
 * count of products to import on a button that cannot import them.
 */
export type ImportStep = { kind: 'choose' } | { kind: 'fix'; rows: number } | { kind: 'nothing' } | { kind: 'import'; products: number };

export function importStep(preview: ImportPreview | null): ImportStep {
  if (!preview) return { kind: 'choose' };
  // A row may have several errors: the rows are what the shopkeeper fixes.
  if (preview.errors.length > 0 || preview.counts.withErrors > 0) return { kind: 'fix', rows: Math.max(preview.counts.withErrors, 1) };
  const products = preview.counts.created + preview.counts.updated;
  return products === 0 ? { kind: 'nothing' } : { kind: 'import', products };
}
