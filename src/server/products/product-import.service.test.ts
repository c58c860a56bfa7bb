import { buffer } from 'node:stream/consumers';
import type { Readable } from 'node:stream';
import yazl from 'yazl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../../db/seeds/seed';
import type { DB } from '../db/client';
import { AppError } from '../errors';
import { csvDocument, decodeText, detectSeparator, readCsv } from '../spreadsheets/csv';
import { createCategory, createProduct, createShop, createUser, pngImage, type ShopRef } from '../testing/factories';
import { countRows, createTestEnv, type TestEnv } from '../testing/test-app';
import { exportCatalogueCsv, exportCatalogueZip, importTemplateCsv } from './product-export';
import { failInterruptedImports, type ImportFile, latestImport, previewImport, startImport } from './product-import.service';
import { insertImport } from './product-imports.repository';
import { ImageSlots, ImagesBusyError } from '../uploads/image-slots';

/**
 * A shop's catalogue out and back in (issue 34), through the services on a real database (SQLite, or
 * PostgreSQL with TEST_DATABASE=postgres): the demo catalogue round-trips unchanged, variants and
 * images included; the preview's counts and messages; all or nothing; the formats people have.
 */
let env: TestEnv;
beforeAll(async () => {
  env = createTestEnv();
  await seedDemo(env.db, { uploadsDir: env.config.uploadsDir, now: env.clock.now });
}, 120_000);
afterAll(async () => {
  await env.db.destroy();
});

const now = () => env.clock.now;

async function demoShops() {
  return env.db.selectFrom('shops').select(['id', 'owner_id', 'currency', 'slug']).orderBy('id').execute();
}

/** Everything of a shop an import may write, as text: equal before and after means nothing changed. */
async function catalogueOf(db: DB, shopId: number): Promise<string> {
  const products = await db.selectFrom('products').selectAll().where('shop_id', '=', shopId).orderBy('id').execute();
  const ids = products.map((p) => p.id);
  const variants = ids.length ? await db.selectFrom('product_variants').selectAll().where('product_id', 'in', ids).orderBy('id').execute() : [];
  const images = ids.length ? await db.selectFrom('product_images').selectAll().where('product_id', 'in', ids).orderBy('id').execute() : [];
  const categories = await db.selectFrom('categories').selectAll().where('shop_id', '=', shopId).orderBy('id').execute();
  return JSON.stringify({ products, variants, images, categories });
}

const ownerOf = (shop: { id: number; owner_id: number; currency: string }) => ({ userId: shop.owner_id, shop: { id: shop.id, currency: shop.currency } });

/** Imports a file to its end; returns the import's result. */
async function importFile(shop: { id: number; owner_id: number; currency: string }, file: ImportFile) {
  const started = await startImport(env.db, env.config.storage, ownerOf(shop), file, now);
  if (!started.started) return { started };
  await started.finished;
  return { started, result: await latestImport(env.db, shop.id) };
}

const csvFile = (text: string, name = 'products.csv'): ImportFile => ({ name, data: Buffer.from(text, 'utf8') });

async function zipOf(files: Record<string, string | Buffer>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, data] of Object.entries(files)) zip.addBuffer(Buffer.from(data), name);
  zip.end();
  return buffer(zip.outputStream as Readable);
}

describe('export then import of the demo catalogue', () => {
  it('changes nothing, as a CSV and as a ZIP with images, variants included', async () => {
    const shops = await demoShops();
    expect(shops.length).toBeGreaterThan(0);
    let perVariantRows = 0;
    for (const shop of shops) {
      const before = await catalogueOf(env.db, shop.id);
      const csv = await buffer(exportCatalogueCsv(env.db, shop.id));
      expect(csv.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
      perVariantRows += (csv.toString('utf8').match(/\r\n/g) ?? []).length;
      const preview = await previewImport(env.db, { id: shop.id, currency: shop.currency }, { name: 'export.csv', data: csv });
      const products = await countRows(env.db, 'products');
      expect(preview.errors, shop.slug).toEqual([]);
      expect(preview.counts, shop.slug).toEqual({ created: 0, updated: 0, unchanged: expect.any(Number), withErrors: 0 });
      const { result } = await importFile(shop, { name: 'export.csv', data: csv });
      expect(result).toMatchObject({ status: 'done', created: 0, updated: 0 });

      const zip = await buffer(exportCatalogueZip(env.db, env.config.storage, shop.id));
      const again = await importFile(shop, { name: 'export.zip', data: zip });
      expect(again.result).toMatchObject({ status: 'done', created: 0, updated: 0, imagesTotal: 0 });
      expect(await countRows(env.db, 'products')).toBe(products);
      expect(await catalogueOf(env.db, shop.id), shop.slug).toBe(before);
    }
    // The demo's per-variant products wrote one row per variant (18 variants, 20 products, 4 headers).
    expect(perVariantRows).toBe(20 - 2 + 18 + 4);
  }, 120_000);

  it('ends a download with the error when the catalogue cannot be read, and the process goes on', async () => {
    const gone = createTestEnv();
    const ref = await createShop(gone, { currency: 'PKR' });
    await gone.db.destroy();
    await expect(buffer(exportCatalogueCsv(gone.db, ref.id))).rejects.toThrow();
    await expect(buffer(exportCatalogueZip(gone.db, gone.config.storage, ref.id))).rejects.toThrow();
  });

  it('writes a changed price, and the same file imported again changes nothing', async () => {
    const [shop] = await demoShops();
    const csv = (await buffer(exportCatalogueCsv(env.db, shop!.id))).toString('utf8');
    const { text } = decodeText(Buffer.from(csv));
    const { records } = readCsv(text, detectSeparator(text), 100);
    const header = records[0]!;
    const row = records.findIndex((r, i) => i > 0 && r[header.indexOf('Variant color')] === '' && r[header.indexOf('Variant size')] === '');
    records[row]![header.indexOf('Price')] = 'Rs 1,234.50';
    const edited = csvDocument(header, records.slice(1));
    const handle = records[row]![0]!;

    const preview = await previewImport(env.db, { id: shop!.id, currency: shop!.currency }, csvFile(edited));
    expect(preview.counts).toMatchObject({ created: 0, updated: 1, withErrors: 0 });
    const { result } = await importFile(shop!, csvFile(edited));
    expect(result).toMatchObject({ status: 'done', updated: 1 });
    const saved = await env.db.selectFrom('products').select('selling_price').where('slug', '=', handle).executeTakeFirstOrThrow();
    expect(saved.selling_price).toBe(123_450);

    const before = await catalogueOf(env.db, shop!.id);
    const second = await importFile(shop!, csvFile(edited));
    expect(second.result).toMatchObject({ status: 'done', created: 0, updated: 0 });
    expect(await catalogueOf(env.db, shop!.id)).toBe(before);
  }, 60_000);
});

describe('the preview', () => {
  let shop: { id: number; owner_id: number; currency: string };
  let shopRef: ShopRef;
  beforeAll(async () => {
    const owner = await createUser(env, { roles: ['shopkeeper'] });
    shopRef = await createShop(env, { owner, currency: 'PKR' });
    shop = { id: shopRef.id, owner_id: owner, currency: 'PKR' };
    await createCategory(env, shopRef, 'Shirts');
    await createProduct(env, shopRef, { name: 'Kept', price: 50_000 });
  });

  it('counts what it would do and names each problem by row, column and reason, writing nothing', async () => {
    const [other] = await demoShops();
    const otherHandle = (await env.db.selectFrom('products').select('slug').where('shop_id', '=', other!.id).executeTakeFirstOrThrow()).slug;
    const file = csvDocument(
      ['Handle', 'Name', 'Price', 'Category', 'Stock', 'Colors', 'Image 1'],
      [
        ['new-thing', 'Thing', 'Rs 1,500', 'Gifts', 3, 'Red, Sky Blue', ''],
        ['', '', '100', '', 1, '', ''],
        ['', 'Bad price', 'twelve', '', 1, '', ''],
        ['new-thing', 'Thing again', '5', '', 1, '', ''],
        ['', 'Pic', '5', '', 1, '', 'missing.png'],
        ['', 'Colorful', '5', 'shirts', 2, 'Reddish', ''],
        [otherHandle, 'Stolen', '5', '', 1, '', ''],
        ['', 'Good', '5', 'shirts', 2, '#1477C8', ''],
        ['', 'FORMULA', '5', '', 1, '', ''],
      ],
    ).replace('FORMULA', '=SUM(A1:A2)');
    const before = await catalogueOf(env.db, shop.id);
    const preview = await previewImport(env.db, { id: shop.id, currency: 'PKR' }, csvFile(file));
    expect(preview.errors).toEqual([
      { row: 2, column: 'Handle', message: 'The Handle new-thing is on row 5 too: each product once, or one row per variant' },
      { row: 3, column: 'Name', message: 'Product name is required' },
      { row: 4, column: 'Price', message: 'Selling price must be an amount of 0 or more, like 1,500' },
      { row: 5, column: 'Handle', message: 'The Handle new-thing is on row 2 too: each product once, or one row per variant' },
      { row: 6, column: 'Image 1', message: 'The image missing.png is not in the ZIP' },
      { row: 7, column: 'Colors', message: 'Reddish is not a color: use a name like Red or a hex value like #ff0000' },
      { row: 8, column: 'Handle', message: `The Handle ${otherHandle} belongs to another shop: leave it empty for a new product` },
      { row: 10, column: 'Name', message: 'Formulas are not accepted: type the value itself' },
    ]);
    expect(preview.counts).toEqual({ created: 1, updated: 0, unchanged: 0, withErrors: 8 });
    expect(preview.sample).toEqual([{ row: 9, handle: null, name: 'Good', price: 500, currency: 'PKR', stock: 2, category: 'shirts', action: 'create' }]);
    expect(preview).toMatchObject({ encoding: 'UTF-8', separator: 'comma', rows: 9, newCategories: [] });

    // An import of that file is refused with its preview, and nothing is written.
    const refused = await startImport(env.db, env.config.storage, ownerOf(shop), csvFile(file), now);
    expect(refused.started).toBe(false);
    expect(await catalogueOf(env.db, shop.id)).toBe(before);
    expect(await latestImport(env.db, shop.id)).toBeNull();
  });

  it('names a variant problem on that variant row', async () => {
    const file = csvDocument(
      ['Handle', 'Name', 'Price', 'Variant color', 'Variant size', 'Variant stock'],
      [
        ['tee', 'Tee', '500', 'Red', 'S', 2],
        ['tee', '', '', 'Red', 'M', 'lots'],
        ['tee', '', '', 'Navy', 'M', 1],
      ],
    );
    const preview = await previewImport(env.db, { id: shop.id, currency: 'PKR' }, csvFile(file));
    expect(preview.errors).toEqual([{ row: 3, column: 'Variant stock', message: 'Stock of Red / M must be a whole number of 0 or more' }]);
  });

  it('creates an unknown category, and says so first', async () => {
    const file = csvDocument(['Name', 'Price', 'Category', 'Stock'], [['Scarf', '900', 'Winter Wear', 4]]);
    const preview = await previewImport(env.db, { id: shop.id, currency: 'PKR' }, csvFile(file));
    expect(preview).toMatchObject({ newCategories: ['Winter Wear'], counts: { created: 1 } });
    const { result } = await importFile(shop, csvFile(file));
    expect(result).toMatchObject({ status: 'done', created: 1 });
    const scarf = await env.db
      .selectFrom('products as p')
      .innerJoin('categories as c', 'c.id', 'p.category_id')
      .select(['c.name', 'p.selling_price'])
      .where('p.shop_id', '=', shop.id)
      .where('p.name', '=', 'Scarf')
      .executeTakeFirstOrThrow();
    expect(scarf).toEqual({ name: 'Winter Wear', selling_price: 90_000 });
  });

  it('refuses files it cannot read, each with its reason', async () => {
    const refusal = (file: ImportFile) =>
      previewImport(env.db, { id: shop.id, currency: 'PKR' }, file).then(
        () => 'accepted',
        (error: unknown) => (error instanceof AppError ? error.message : String(error)),
      );
    expect(await refusal({ name: 'photo.png', data: await pngImage() })).toBe('Choose a .csv file or a .zip file holding one.');
    expect(await refusal(csvFile('Title,Cost\nA,1\n'))).toBe('The first row must name the columns, with at least Name and Price.');
    expect(await refusal(csvFile('Name,Price\n'))).toBe('This file has no products.');
    const many = ['Name,Price', ...Array.from({ length: 5001 }, (_, i) => `P${i},1`)].join('\n');
    expect(await refusal(csvFile(many))).toBe('This file has more than 5,000 rows. Split it and import each part.');
    expect(await refusal({ name: 'x.zip', data: await zipOf({ 'a.txt': 'x' }) })).toBe('This ZIP holds no CSV file.');
  });
});

describe('formats people have', () => {
  let shop: { id: number; owner_id: number; currency: string };
  beforeAll(async () => {
    const owner = await createUser(env, { roles: ['shopkeeper'] });
    const ref = await createShop(env, { owner, currency: 'PKR' });
    shop = { id: ref.id, owner_id: owner, currency: 'PKR' };
  });

  it('reads Windows-1252 with semicolons, and UTF-8 with its mark keeps Urdu as written', async () => {
    const western = Buffer.concat([Buffer.from('Name;Price;Stock;Unit\r\nCaf'), Buffer.from([0xe9]), Buffer.from(' Chai;Rs 1,500;5;Litre\r\n')]);
    const preview = await previewImport(env.db, { id: shop.id, currency: 'PKR' }, { name: 'excel.csv', data: western });
    expect(preview).toMatchObject({ encoding: 'Windows-1252', separator: 'semicolon', errors: [] });
    expect(preview.sample[0]).toMatchObject({ name: 'Café Chai', price: 150_000, stock: 5 });

    const urdu = Buffer.from('\ufeffName,Price,Stock,Colors\r\nلان کا سوٹ,"2,500.00",3,"Green, #ff00ff"\r\n', 'utf8');
    const { result } = await importFile(shop, { name: 'urdu.csv', data: urdu });
    expect(result).toMatchObject({ status: 'done', created: 1 });
    const saved = await env.db.selectFrom('products').select(['name', 'selling_price', 'colors']).where('shop_id', '=', shop.id).executeTakeFirstOrThrow();
    expect(saved).toEqual({ name: 'لان کا سوٹ', selling_price: 250_000, colors: '["#008000","#ff00ff"]' });
  });

  it('takes images from a ZIP, resized as uploads are; refuses one that is not an image; the same ZIP again changes nothing', async () => {
    const csv = csvDocument(['Handle', 'Name', 'Price', 'Stock', 'Image 1', 'Image 2'], [['zip-lamp', 'Lamp', '700', 2, 'lamp.png', 'side.png']]);
    const good = await zipOf({ 'products.csv': csv, 'images/lamp.png': await pngImage('#ff0000', 40, 30), 'images/side.png': await pngImage('#00ff00', 40, 30) });
    const bad = await zipOf({ 'products.csv': csv, 'images/lamp.png': 'not an image', 'images/side.png': await pngImage() });
    const refused = await previewImport(env.db, { id: shop.id, currency: 'PKR' }, { name: 'bad.zip', data: bad });
    expect(refused.errors).toEqual([{ row: 2, column: 'Image 1', message: 'The image lamp.png is not an image file of at most 5 MB' }]);

    const uploads = await countRows(env.db, 'uploads');
    const { result } = await importFile(shop, { name: 'good.zip', data: good });
    expect(result).toMatchObject({ status: 'done', created: 1, imagesTotal: 2, imagesDone: 2 });
    expect(await countRows(env.db, 'uploads')).toBe(uploads + 2);
    const images = await env.db
      .selectFrom('product_images as i')
      .innerJoin('products as p', 'p.id', 'i.product_id')
      .select(['i.url', 'i.is_primary'])
      .where('p.slug', '=', 'zip-lamp')
      .orderBy('i.position')
      .execute();
    expect(images.map((i) => [i.url.endsWith('.webp'), i.is_primary])).toEqual([
      [true, 1],
      [true, 0],
    ]);

    const before = await catalogueOf(env.db, shop.id);
    const again = await importFile(shop, { name: 'good.zip', data: good });
    expect(again.result).toMatchObject({ status: 'done', created: 0, updated: 0, unchanged: 1, imagesTotal: 0 });
    expect(await catalogueOf(env.db, shop.id)).toBe(before);
    expect(await countRows(env.db, 'uploads')).toBe(uploads + 2);
  }, 30_000);

  it('offers a template that imports as it is', async () => {
    const preview = await previewImport(env.db, { id: shop.id, currency: 'PKR' }, csvFile(importTemplateCsv()));
    expect(preview.errors).toEqual([]);
    expect(preview.rows).toBe(2);
    expect(preview.counts).toMatchObject({ created: 2, withErrors: 0 });
  });
});

describe('all or nothing', () => {
  it('5,000 rows whose row 4,999 fails while writing leave the first 4,998 unwritten; the same with a bad row refused first', async () => {
    const owner = await createUser(env, { roles: ['shopkeeper'] });
    const ref = await createShop(env, { owner, currency: 'PKR' });
    const shop = { id: ref.id, owner_id: owner, currency: 'PKR' };
    // Another product of the shop holds the SKU that row 4,999 gives a variant: found only as it is written.
    await createProduct(env, ref, { name: 'Holder', colors: ['#ff0000'], variants: { '#ff0000|': { stock: 1, sku: 'TAKEN' } } });
    const columns = ['Handle', 'Name', 'Price', 'Stock', 'Variant color', 'Variant stock', 'Variant SKU'];
    const rows = Array.from({ length: 5000 }, (_, i) => [`bulk-${i + 2}`, `Bulk ${i + 2}`, '10', 1, '', '', '']);
    rows[4997] = ['bulk-4999', 'Bulk 4999', '10', '', 'Red', 2, 'TAKEN'];
    const before = await catalogueOf(env.db, shop.id);
    const { started, result } = await importFile(shop, csvFile(csvDocument(columns, rows)));
    expect(started.started).toBe(true);
    expect(result).toMatchObject({ status: 'failed', message: 'Row 4999, Variant SKU: The SKU TAKEN is already used by another product of your shop' });
    expect(await catalogueOf(env.db, shop.id)).toBe(before);

    rows[4997] = ['bulk-4999', 'Bulk 4999', 'ten', 1, '', '', ''];
    const refused = await startImport(env.db, env.config.storage, ownerOf(shop), csvFile(csvDocument(columns, rows)), now);
    expect(refused).toMatchObject({ started: false, preview: { errors: [{ row: 4999, column: 'Price' }] } });
    expect(await catalogueOf(env.db, shop.id)).toBe(before);
  }, 180_000);

  it("decodes its images in turns of the process's image slots: waits while uploads hold them, never refused", async () => {
    const owner = await createUser(env, { roles: ['shopkeeper'] });
    const ref = await createShop(env, { owner, currency: 'PKR' });
    const shop = { id: ref.id, owner_id: owner, currency: 'PKR' };
    const csv = csvDocument(['Handle', 'Name', 'Price', 'Stock', 'Image 1'], [['slot-lamp', 'Lamp', '700', 2, 'lamp.png']]);
    const file = { name: 'lamp.zip', data: await zipOf({ 'products.csv': csv, 'images/lamp.png': await pngImage('#0000ff', 40, 30) }) };
    // One slot, taken by an upload being decoded, and a queue of one.
    const slots = new ImageSlots(1, 1);
    let uploadDone = () => {};
    const upload = slots.run(() => new Promise<void>((resolve) => (uploadDone = resolve)));
    const started = await startImport(env.db, env.config.storage, ownerOf(shop), file, now, slots);
    if (!started.started) throw new Error('the import did not start');
    // The import's image waits in the queue, so the next upload is refused; nothing of it is decoded or stored.
    await expect.poll(() => slots.isFull()).toBe(true);
    await expect(slots.run(async () => 'upload')).rejects.toBeInstanceOf(ImagesBusyError);
    expect(await latestImport(env.db, shop.id)).toMatchObject({ status: 'running', imagesDone: 0 });
    uploadDone();
    await upload;
    await started.finished;
    expect(await latestImport(env.db, shop.id)).toMatchObject({ status: 'done', created: 1, imagesDone: 1 });
  });

  it('refuses an import started while the shop has one running; the database holds one running import per shop', async () => {
    const owner = await createUser(env, { roles: ['shopkeeper'] });
    const ref = await createShop(env, { owner, currency: 'PKR' });
    const shop = { id: ref.id, owner_id: owner, currency: 'PKR' };
    // One running now (here, or on another instance: its row is what counts).
    const values = { shopId: shop.id, fileName: 'first.csv', rowsTotal: 1, imagesTotal: 0, created: 1, updated: 0, unchanged: 0, now: env.clock.now };
    await insertImport(env.db, values);
    const file = csvFile(csvDocument(['Name', 'Price', 'Stock'], [['One', '1', 1]]));
    await expect(startImport(env.db, env.config.storage, ownerOf(shop), file, now)).rejects.toThrow('An import is already running for your shop. Wait for it to finish.');
    expect(await env.db.selectFrom('products').select('name').where('shop_id', '=', shop.id).execute()).toEqual([]);
    // Two starts that both passed their checks: the partial unique index lets one row be running.
    await expect(insertImport(env.db, values)).rejects.toThrow();
    expect(await env.db.selectFrom('product_imports').select('id').where('shop_id', '=', shop.id).execute()).toHaveLength(1);
  });
});

describe('an import cut short by its server', () => {
  it('reads as stopped once not heard of for 10 minutes, is failed at start on SQLite, and no longer blocks the next', async () => {
    const owner = await createUser(env, { roles: ['shopkeeper'] });
    const ref = await createShop(env, { owner, currency: 'PKR' });
    const shop = { id: ref.id, owner_id: owner, currency: 'PKR' };
    const at = new Date('2026-06-01T11:00:00.000Z');
    const id = await insertImport(env.db, { shopId: shop.id, fileName: 'lost.csv', rowsTotal: 3, imagesTotal: 0, created: 3, updated: 0, unchanged: 0, now: at });
    expect(await latestImport(env.db, shop.id, new Date(at.getTime() + 5 * 60_000))).toMatchObject({ id, status: 'running' });
    const stopped = 'The import stopped with its server. Nothing was written: import the file again.';
    expect(await latestImport(env.db, shop.id, new Date(at.getTime() + 11 * 60_000))).toMatchObject({ id, status: 'failed', message: stopped });

    const file = csvFile(csvDocument(['Name', 'Price', 'Stock'], [['After', '1', 1]]));
    const { result } = await importFile(shop, file);
    expect(result).toMatchObject({ status: 'done', created: 1 });

    const again = await insertImport(env.db, { shopId: shop.id, fileName: 'lost.csv', rowsTotal: 1, imagesTotal: 0, created: 1, updated: 0, unchanged: 0, now: env.clock.now });
    await failInterruptedImports(env.db, env.clock.now);
    expect(await latestImport(env.db, shop.id, env.clock.now)).toMatchObject({ id: again, status: 'failed', message: stopped });
  });
});
