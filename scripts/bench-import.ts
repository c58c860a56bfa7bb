// The catalogue import's benchmark (issue 34): a 5,000-row CSV (a third of it products with stock per
// variant, 3 rows each) previewed and then imported into a fresh SQLite database through the services
// the HTTP routes call, then the same file again (nothing to change). Prints rows per second and the
// process's peak resident memory, and fails past the budgets docs/performance.md gives.
// Usage: npm run bench:import [-- --rows 5000]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDb } from '../src/server/db/client';
import { migrateToLatest } from '../src/server/db/migrate';
import { AppEvents } from '../src/server/events';
import { previewImport, startImport } from '../src/server/products/product-import.service';
import { csvDocument } from '../src/server/spreadsheets/csv';
import { createShop, createUser } from '../src/server/testing/factories';
import { localStorage } from '../src/server/uploads/storage';
import { PRODUCT_CSV_COLUMNS } from '../src/shared/product-csv';

const BUDGET = { seconds: 30, peakRssMb: 400 };
const at = process.argv.indexOf('--rows');
const wanted = at === -1 ? 5000 : Number(process.argv[at + 1]);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-import-'));
const db = createDb(path.join(dir, 'db.sqlite'));
try {
  await migrateToLatest(db);
  const storage = localStorage(path.join(dir, 'uploads'));
  const env = { db, config: { storage }, events: new AppEvents(), clock: { now: new Date() } };
  const owner = await createUser(env, { roles: ['shopkeeper'], isPro: true });
  const shop = await createShop(env, { owner, currency: 'PKR' });

  const row = (cells: Partial<Record<(typeof PRODUCT_CSV_COLUMNS)[number], string | number>>) => PRODUCT_CSV_COLUMNS.map((c) => cells[c] ?? '');
  const rows: Array<Array<string | number>> = [];
  for (let i = 0; rows.length < wanted; i++) {
    const base = { Handle: `bench-${i}`, Name: `Bench product ${i} لان`, Brand: 'Bench', Category: `Category ${i % 20}`, Description: '<p>Soft cotton, <strong>washable</strong>.</p>', Price: `Rs ${1000 + i}`, Unit: 'pieces', Active: 'yes' };
    if (i % 3 === 0) {
      for (const size of ['S', 'M', 'L']) if (rows.length < wanted) rows.push(row({ ...base, 'Variant color': 'Red', 'Variant size': size, 'Variant stock': 5, 'Variant SKU': `B${i}-${size}` }));
    } else rows.push(row({ ...base, Stock: 10 + (i % 50), Colors: 'Red, Navy', Sizes: 'S, M' }));
  }
  const file = { name: 'bench.csv', data: Buffer.from(csvDocument(PRODUCT_CSV_COLUMNS, rows), 'utf8') };
  const ownerRef = { userId: owner, shop: { id: shop.id, currency: 'PKR' } };

  const time = async <T>(work: () => Promise<T>) => {
    const start = performance.now();
    const value = await work();
    return { value, seconds: (performance.now() - start) / 1000 };
  };
  const setupRssMb = Math.round(process.resourceUsage().maxRSS / 1024);
  const preview = await time(() => previewImport(db, ownerRef.shop, file));
  const previewRssMb = Math.round(process.resourceUsage().maxRSS / 1024);
  const first = await time(async () => {
    const started = await startImport(db, storage, ownerRef, file, () => new Date());
    if (!started.started) throw new Error(`refused: ${JSON.stringify(started.preview.errors.slice(0, 3))}`);
    await started.finished;
    return started.preview.counts;
  });
  const again = await time(async () => {
    const started = await startImport(db, storage, ownerRef, file, () => new Date());
    if (!started.started) throw new Error('refused');
    await started.finished;
    return started.preview.counts;
  });
  const peakRssMb = Math.round(process.resourceUsage().maxRSS / 1024);
  const result = {
    rows: rows.length,
    products: first.value.created,
    previewSeconds: Number(preview.seconds.toFixed(2)),
    importSeconds: Number(first.seconds.toFixed(2)),
    rowsPerSecond: Math.round(rows.length / first.seconds),
    reimportSeconds: Number(again.seconds.toFixed(2)),
    reimportUnchanged: again.value.unchanged,
    setupRssMb,
    previewRssMb,
    peakRssMb,
    budget: BUDGET,
  };
  console.log(JSON.stringify(result));
  if (first.seconds > BUDGET.seconds || peakRssMb > BUDGET.peakRssMb) {
    console.error('over budget');
    process.exitCode = 1;
  }
} finally {
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
}
