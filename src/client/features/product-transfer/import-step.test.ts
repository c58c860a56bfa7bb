import { describe, expect, it } from 'vitest';
import type { ImportPreview } from '../../../shared/product-csv';
import { translator } from '../../../shared/i18n/translator';
import transfer from '../../i18n/catalogues/en/transfer';
import { importStep } from './import-step';

const preview = (counts: ImportPreview['counts'], errors = 0): ImportPreview => ({
  fileName: 'products.csv',
  encoding: 'UTF-8',
  separator: 'comma',
  rows: counts.created + counts.updated + counts.unchanged + counts.withErrors,
  counts,
  errors: Array.from({ length: errors }, (_, i) => ({ row: i + 2, column: 'Price', message: 'Selling price must be an amount of 0 or more, like 1,500' })),
  moreErrors: 0,
  newCategories: [],
  newImages: 0,
  sample: [],
});

describe("the import dialog's next step", () => {
  it('asks to fix the rows with errors, counting rows, not errors, rather than offering an import it refuses', () => {
    expect(importStep(preview({ created: 3, updated: 0, unchanged: 0, withErrors: 2 }, 3))).toEqual({ kind: 'fix', rows: 2 });
    const t = translator('en', transfer);
    expect(t('transfer.fixRows', { count: 2 })).toBe('Fix the 2 rows above to import');
    expect(t('transfer.fixRows', { count: 1 })).toBe('Fix the row above to import');
  });

  it('offers the import of the new and updated products when every row reads', () => {
    expect(importStep(preview({ created: 2, updated: 1, unchanged: 4, withErrors: 0 }))).toEqual({ kind: 'import', products: 3 });
  });

  it('says there is nothing to do when every product is already as the file says, and waits for a file', () => {
    expect(importStep(preview({ created: 0, updated: 0, unchanged: 4, withErrors: 0 }))).toEqual({ kind: 'nothing' });
    expect(importStep(null)).toEqual({ kind: 'choose' });
  });

  it('no longer says "Nothing was imported" before anything was tried', () => {
    expect(translator('en', transfer)('transfer.fixAndRetry')).not.toContain('Nothing was imported');
  });
});
