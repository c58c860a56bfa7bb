import { createHash } from 'node:crypto';
import path from 'node:path';
import { IMAGE_COLUMNS, type ImportAction, type ImportPreview, IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from '../../shared/product-csv';
import type { ProductInput } from '../../shared/schemas/product';
import { productSlug, slugFromName } from '../../shared/slug';
import { type ActivityActor, recordActivity } from '../activity/activity.service';
import { releaseBackInStock } from '../back-in-stock/back-in-stock.service';
import { createCategory, listShopCategories } from '../categories/categories.service';
import type { MailConfig } from '../config';
import type { DB } from '../db/client';
import { inTransaction } from '../db/transaction';
import { AppError, badRequest, conflict, isUniqueViolation } from '../errors';
import { CsvFormatError, decodeText, detectSeparator, readCsv } from '../spreadsheets/csv';
import { looksLikeZip, readZip, ZipRefusedError } from '../spreadsheets/zip';
import type { UploadStorage } from '../uploads/storage';
import type { ImageSlots } from '../uploads/image-slots';
import { looksStorable, removeUploads, storeImage } from '../uploads/uploads.service';
import { parseColors, parseSizes, sanitizeDescription } from './product-fields';
import { type ImportedProduct, readProductRows } from './product-import-rows';
import * as imports from './product-imports.repository';
import * as repo from './products.repository';

/**
 * Bringing a catalogue in from a spreadsheet (issue 34). A file (a CSV, or a ZIP of the CSV and its
 * images) is read into a plan: which products it creates, updates (by Handle, the product's slug) or
 * leaves unchanged, and every row's problem. The preview shows the plan and writes nothing; an import
 * runs the same plan server-side (images first, then every product in one transaction: all or
 * nothing), its progress in `product_imports`.
 */

const STOPPED = 'The import stopped with its server. Nothing was written: import the file again.';
export const IMPORT_RUNNING = 'An import is already running for your shop. Wait for it to finish.';
const NOT_CSV_OR_ZIP = 'Choose a .csv file or a .zip file holding one.';
const TOO_LARGE = 'This file is larger than 100 MB.';
const ZIP_LIMITS = { maxEntries: 2 * IMPORT_MAX_ROWS + 10, maxUnpackedBytes: IMPORT_MAX_BYTES };
/** A running import not heard of for this long stopped with its server (an import writes progress every few seconds). */
const STALE_AFTER_MS = 10 * 60_000;
const SHOWN_ERRORS = 100;

type Action = ImportAction;

interface PlannedProduct extends ImportedProduct {
  action: Action;
  existingId: number | null;
  categoryId: number | null;
  /** Each image: a URL the product shows already, or a file of the ZIP to store. */
  imageSources: Array<{ keep: string; thumb: string } | { file: string }>;
}


interface Plan {
  preview: ImportPreview;
  products: PlannedProduct[];
  newCategories: string[];
  images: Map<string, Buffer>;
}

interface Shop {
  id: number;
  currency: string;
}

export interface ImportFile {
  name: string;
  data: Buffer;
}

/** The last part of an upload URL or a ZIP entry's path: how the spreadsheet names an image. */
const fileNameOf = (url: string) => path.posix.basename(url);

/** The CSV and the images of the file, or the reason it cannot be read. */
async function unpack(file: ImportFile): Promise<{ csv: Buffer; images: Map<string, Buffer> }> {
  if (file.data.length > IMPORT_MAX_BYTES) throw badRequest(TOO_LARGE);
  const name = file.name.toLowerCase();
  if (looksLikeZip(file.data)) {
    let entries: Map<string, Buffer>;
    try {
      entries = await readZip(file.data, ZIP_LIMITS);
    } catch (error) {
      if (!(error instanceof ZipRefusedError)) throw error;
      if (error.reason === 'unsafeName') throw badRequest('This ZIP holds a file whose name points outside its folder, so it was refused.');
      if (error.reason === 'tooManyEntries') throw badRequest(`This ZIP holds more than ${ZIP_LIMITS.maxEntries} files.`);
      if (error.reason === 'tooLarge') throw badRequest(`This ZIP unpacks to more than ${ZIP_LIMITS.maxUnpackedBytes / (1024 * 1024)} MB.`);
      throw badRequest('This ZIP file cannot be opened. Make it again and retry.');
    }
    const csvs = [...entries.keys()].filter((entry) => entry.toLowerCase().endsWith('.csv') && !entry.startsWith('__MACOSX/'));
    if (csvs.length !== 1) throw badRequest(csvs.length === 0 ? 'This ZIP holds no CSV file.' : 'This ZIP holds more than one CSV file: keep one.');
    const images = new Map<string, Buffer>();
    for (const [entry, bytes] of entries) if (entry !== csvs[0] && !entry.endsWith('/')) images.set(fileNameOf(entry), bytes);
    return { csv: entries.get(csvs[0]!)!, images };
  }
  // A CSV is text: a NUL byte says it is something else (a spreadsheet's own format, an image).
  if (!name.endsWith('.csv') && !name.endsWith('.txt')) throw badRequest(NOT_CSV_OR_ZIP);
  if (file.data.subarray(0, 8192).includes(0) && !(file.data[0] === 0xff || file.data[0] === 0xfe)) throw badRequest(NOT_CSV_OR_ZIP);
  return { csv: file.data, images: new Map() };
}

/** The state of a product as the spreadsheet can say it, to tell an update from no change. */
function comparable(p: { input: ProductInput; categoryId: number | null; isActive: boolean; description: string; images: string[] }) {
  const { input } = p;
  return JSON.stringify([
    input.name,
    input.brand,
    p.categoryId,
    p.description,
    input.sellingPrice,
    input.purchasePrice,
    input.discountType,
    input.discountValue,
    input.unit,
    input.stockMode,
    input.stockMode === 'shared' ? input.stockAmount : null,
    input.colors,
    input.sizes,
    input.variants.map((v) => [v.color ?? '', v.size ?? '', v.stock, v.price, v.sku]),
    p.isActive,
    p.images,
  ]);
}

/** Reads the file into its plan; writes nothing. Throws BAD_REQUEST for a file that cannot be read at all. */
async function planImport(db: DB, shop: Shop, file: ImportFile): Promise<Plan> {
  const { csv, images } = await unpack(file);
  const { text, encoding } = decodeText(csv);
  const separator = detectSeparator(text);
  let read: ReturnType<typeof readCsv>;
  try {
    read = readCsv(text, separator, IMPORT_MAX_ROWS + 1);
  } catch (error) {
    if (error instanceof CsvFormatError) {
      throw badRequest(error.line ? `This file is not a CSV the app can read (line ${error.line}).` : 'This file is not a CSV the app can read.');
    }
    throw error;
  }
  if (read.tooMany) throw badRequest(`This file has more than ${IMPORT_MAX_ROWS.toLocaleString('en')} rows. Split it and import each part.`);
  const rows = readProductRows(read.records, shop.currency);
  if (!rows.ok) throw badRequest(rows.message);
  if (rows.rowCount === 0) throw badRequest('This file has no products.');
  const errors = [...rows.errors];

  const handles = rows.products.flatMap((p) => (p.handle ? [p.handle] : []));
  const existing = new Map<string, Awaited<ReturnType<typeof repo.findBySlugsInShop>>[number]>();
  const elsewhere = new Set<string>();
  for (let i = 0; i < handles.length; i += 500) {
    const chunk = handles.slice(i, i + 500);
    for (const row of await repo.findBySlugsInShop(db, shop.id, chunk)) existing.set(row.slug, row);
    for (const slug of await repo.slugsOfOtherShops(db, shop.id, chunk)) elsewhere.add(slug);
  }
  const ids = [...existing.values()].map((p) => p.id);
  const variantsOf = new Map<number, Awaited<ReturnType<typeof repo.listVariants>>>();
  const imagesOf = new Map<number, Awaited<ReturnType<typeof repo.listImagesOf>>>();
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    for (const v of await repo.listVariants(db, chunk)) variantsOf.set(v.product_id, [...(variantsOf.get(v.product_id) ?? []), v]);
    for (const image of await repo.listImagesOf(db, chunk)) imagesOf.set(image.product_id, [...(imagesOf.get(image.product_id) ?? []), image]);
  }

  const categories = await listShopCategories(db, shop.id);
  const categoryByKey = new Map<string, number>();
  for (const c of categories) {
    categoryByKey.set(c.name.trim().toLowerCase(), c.id);
    categoryByKey.set(c.slug, c.id);
  }
  const newCategories = new Map<string, string>();
  const checkedImages = new Map<string, boolean>();
  // Images of the ZIP an earlier import stored already, by their bytes' hash.
  const hashOf = new Map([...images].map(([name, bytes]) => [name, createHash('sha256').update(bytes).digest('hex')]));
  const storedBefore = await imports.storedImagesBySha(db, shop.id, [...new Set(hashOf.values())]);

  const products: PlannedProduct[] = [];
  for (const product of rows.products) {
    const before = errors.length;
    const first = product.rows[0]!;
    const current = product.handle ? existing.get(product.handle) : undefined;
    if (product.handle && !current && elsewhere.has(product.handle)) {
      errors.push({ row: first, column: 'Handle', message: `The Handle ${product.handle} belongs to another shop: leave it empty for a new product` });
    }
    let categoryId: number | null = null;
    if (product.category) {
      const key = product.category.toLowerCase();
      const slug = slugFromName(product.category);
      categoryId = categoryByKey.get(key) ?? categoryByKey.get(slug) ?? null;
      if (categoryId === null) {
        if (!slug) errors.push({ row: first, column: 'Category', message: 'Category names need at least one letter or digit' });
        else if (product.category.length > 100) errors.push({ row: first, column: 'Category', message: 'A category name must be at most 100 characters' });
        else if (!newCategories.has(slug)) newCategories.set(slug, product.category);
      }
    }
    const currentImages = current ? [...(imagesOf.get(current.id) ?? [])].sort((a, b) => b.is_primary - a.is_primary || a.position - b.position) : [];
    const imageSources: PlannedProduct['imageSources'] = [];
    for (const [i, name] of product.images.entries()) {
      const column = IMAGE_COLUMNS[i]!;
      const earlier = storedBefore.get(hashOf.get(name) ?? '');
      const kept = currentImages.find((image) => fileNameOf(image.url) === name || image.url === earlier);
      if (kept) {
        imageSources.push({ keep: kept.url, thumb: kept.thumb_url });
        continue;
      }
      const bytes = images.get(name);
      if (!bytes) {
        errors.push({ row: first, column, message: `The image ${name} is not in the ZIP` });
        continue;
      }
      if (!checkedImages.has(name)) checkedImages.set(name, await looksStorable(bytes));
      if (!checkedImages.get(name)) errors.push({ row: first, column, message: `The image ${name} is not an image file of at most 5 MB` });
      imageSources.push({ file: name });
    }
    if (errors.length > before) continue;

    let action: Action = 'create';
    if (current) {
      const now = comparable({ ...product, categoryId, description: sanitizeDescription(product.input.descriptionHtml), images: imageSources.map((s) => ('keep' in s ? s.keep : `new:${s.file}`)) });
      const was = comparable({
        input: {
          ...product.input,
          name: current.name,
          brand: current.brand,
          sellingPrice: current.selling_price,
          purchasePrice: current.purchase_price,
          discountType: current.discount_type,
          discountValue: current.discount_value,
          unit: current.unit,
          stockMode: current.stock_mode,
          stockAmount: current.stock_amount,
          colors: parseColors(current.colors),
          sizes: parseSizes(current.sizes),
          variants: (variantsOf.get(current.id) ?? []).map((v) => ({ color: v.color || null, size: v.size || null, stock: v.stock, price: v.price, sku: v.sku })),
        },
        categoryId: current.category_id,
        isActive: current.is_active === 1,
        description: current.description_html,
        images: currentImages.map((image) => image.url),
      });
      action = now === was ? 'unchanged' : 'update';
    }
    products.push({ ...product, action, existingId: current?.id ?? null, categoryId, imageSources });
  }
  // A new product's SKUs may not be another's of the file (the shop's other products: checked as it is written).
  const skuRows = new Map<string, number>();
  for (const product of products) {
    for (const sku of product.input.variants.flatMap((v) => (v.sku ? [v.sku.toLowerCase()] : []))) {
      const other = skuRows.get(sku);
      if (other !== undefined && other !== product.rows[0]) {
        errors.push({ row: product.rows[0]!, column: 'Variant SKU', message: `The SKU ${sku} is also on row ${other}` });
      } else skuRows.set(sku, product.rows[0]!);
    }
  }
  errors.sort((a, b) => a.row - b.row);

  const failedRows = new Set(errors.map((e) => e.row));
  const ok = products.filter((p) => !p.rows.some((r) => failedRows.has(r)));
  const withErrors = failedRows.size;
  const count = (action: Action) => ok.filter((p) => p.action === action).length;
  const newImageNames = new Set(ok.flatMap((p) => p.imageSources.flatMap((s) => ('file' in s ? [s.file] : []))));
  const preview: ImportPreview = {
    fileName: file.name,
    encoding,
    separator: separator === ',' ? 'comma' : separator === ';' ? 'semicolon' : 'tab',
    rows: rows.rowCount,
    counts: { created: count('create'), updated: count('update'), unchanged: count('unchanged'), withErrors },
    errors: errors.slice(0, SHOWN_ERRORS),
    moreErrors: Math.max(0, errors.length - SHOWN_ERRORS),
    newCategories: [...newCategories.values()],
    newImages: newImageNames.size,
    sample: ok.slice(0, 5).map((p) => ({
      row: p.rows[0]!,
      handle: p.handle,
      name: p.input.name,
      price: p.input.sellingPrice,
      currency: shop.currency,
      stock: p.input.stockAmount,
      category: p.category,
      action: p.action,
    })),
  };
  return { preview, products: ok, newCategories: [...newCategories.values()], images };
}

/** What the file would do, and each row's problem; nothing is written. */
export async function previewImport(db: DB, shop: Shop, file: ImportFile): Promise<ImportPreview> {
  return (await planImport(db, shop, file)).preview;
}

/** Progress of the imports this process runs, read by the status query (the row has it too, written between steps). */
const running = new Map<number, { rowsDone: number; imagesDone: number }>();

interface Owner {
  userId: number;
  shop: Shop;
  /** Who imports, as the activity log names them (staff.service `shopActor`; left out by tests' fixtures). */
  by?: ActivityActor;
  /** Mail when set up: stock back above 0 writes the waiting buyers' emails with the products. */
  mail?: MailConfig | null;
}

/**
 * Starts importing the file, unless a row has a problem (then nothing is written, and the preview
 * says which) or the shop's import is already running (CONFLICT). The work goes on after this returns
 * (the owner may close the tab): `finished` settles when it is over, whatever its outcome. Its images
 * are decoded in turns of `imageSlots`, the process's (left out, as in tests: without waiting).
 */
export async function startImport(
  db: DB,
  storage: UploadStorage,
  owner: Owner,
  file: ImportFile,
  now: () => Date,
  imageSlots?: ImageSlots,
): Promise<{ started: false; preview: ImportPreview } | { started: true; id: number; preview: ImportPreview; finished: Promise<void> }> {
  const plan = await planImport(db, owner.shop, file);
  if (plan.preview.errors.length > 0) return { started: false, preview: plan.preview };
  const { counts, newImages } = plan.preview;
  await imports.failStale(db, owner.shop.id, new Date(now().getTime() - STALE_AFTER_MS), { message: STOPPED, now: now() });
  let id: number;
  const fileName = file.name.slice(0, 200);
  try {
    id = await imports.insertImport(db, {
      shopId: owner.shop.id,
      fileName,
      rowsTotal: plan.products.length,
      imagesTotal: newImages,
      created: counts.created,
      updated: counts.updated,
      unchanged: counts.unchanged,
      now: now(),
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(IMPORT_RUNNING);
    throw error;
  }
  running.set(id, { rowsDone: 0, imagesDone: 0 });
  const finished = runImport(db, storage, owner, plan, { id, fileName }, now, imageSlots).finally(() => running.delete(id));
  return { started: true, id, preview: plan.preview, finished };
}

async function runImport(
  db: DB,
  storage: UploadStorage,
  owner: Owner,
  plan: Plan,
  { id, fileName }: { id: number; fileName: string },
  now: () => Date,
  imageSlots?: ImageSlots,
): Promise<void> {
  const progress = running.get(id)!;
  const stored = new Map<string, { url: string; thumbUrl: string }>();
  try {
    // Images first, outside the transaction, one at a time: each is decoded and resized as an upload is,
    // in a turn of the process's image slots (waiting behind uploads, never refused for them).
    for (const name of new Set(plan.products.flatMap((p) => p.imageSources.flatMap((s) => ('file' in s ? [s.file] : []))))) {
      const bytes = plan.images.get(name)!;
      const image = await storeImage(db, storage, owner.userId, bytes, now(), imageSlots, 'wait');
      stored.set(name, { url: image.url, thumbUrl: image.thumbUrl });
      await imports.rememberStoredImage(db, owner.shop.id, createHash('sha256').update(bytes).digest('hex'), image.url);
      progress.imagesDone += 1;
      await imports.setProgress(db, id, progress, now());
    }
    const replaced = await inTransaction(db, async (trx) => {
      progress.rowsDone = 0;
      const replaced = await writeProducts(trx, owner, plan, stored, progress, now());
      // One entry per import applied, with its counts, in the transaction that wrote its products (issue 49).
      if (owner.by) {
        const { created, updated, unchanged } = plan.preview.counts;
        const changes = { created: [null, created], updated: [null, updated], unchanged: [null, unchanged], images: [null, plan.preview.newImages] } as const;
        await recordActivity(trx, { actor: owner.by, action: 'import.applied', subject: { type: 'import', id, label: fileName }, shopId: owner.shop.id, changes, at: now() });
      }
      return replaced;
    });
    await imports.finish(db, id, { status: 'done', message: null, ...progress }, now());
    await removeUploads(db, storage, replaced);
  } catch (error) {
    if (!(error instanceof AppError)) console.error('product import failed', error);
    progress.rowsDone = 0;
    const failed = {
      status: 'failed' as const,
      message:
        error instanceof AppError ? error.message : isUniqueViolation(error) ? 'Two products of the file use the same SKU or Handle.' : 'Something went wrong. Please try again.',
    };
    await imports.finish(db, id, { ...failed, ...progress }, now()).catch(() => {});
    await removeUploads(db, storage, [...stored.values()].map((s) => s.url)).catch(() => {});
  }
}

/** Every product of the plan, in the caller's transaction; returns the URLs of images no product shows any more. */
async function writeProducts(
  trx: DB,
  owner: Owner,
  plan: Plan,
  stored: ReadonlyMap<string, { url: string; thumbUrl: string }>,
  progress: { rowsDone: number },
  now: Date,
): Promise<string[]> {
  const shopId = owner.shop.id;
  const categoryIds = new Map<string, number>();
  for (const name of plan.newCategories) categoryIds.set(slugFromName(name), (await createCategory(trx, shopId, { name, description: '' }, now)).id);
  const replaced: string[] = [];
  let stamp = now.getTime();
  for (const product of plan.products) {
    progress.rowsDone += 1;
    if (product.action === 'unchanged') continue;
    const input: ProductInput = {
      ...product.input,
      categoryId: product.categoryId ?? (product.category ? (categoryIds.get(slugFromName(product.category)) ?? null) : null),
    };
    const images = product.imageSources.map((source, position) => {
      const image = 'file' in source ? stored.get(source.file)! : { url: source.keep, thumbUrl: source.thumb };
      return { url: image.url, thumbUrl: image.thumbUrl, position, isPrimary: position === 0 };
    });
    const descriptionHtml = sanitizeDescription(input.descriptionHtml);
    let productId = product.existingId;
    if (productId === null) {
      let slug = product.handle;
      if (!slug) {
        while (await repo.slugExists(trx, productSlug(input.name, new Date(stamp)))) stamp += 1;
        slug = productSlug(input.name, new Date(stamp));
        stamp += 1;
      }
      productId = await repo.insertProduct(trx, { shopId, currency: owner.shop.currency, slug, descriptionHtml, input, now });
    } else {
      const current = await repo.findOwned(trx, shopId, productId);
      if (!current) throw badRequest(`Row ${product.rows[0]}: this product was deleted meanwhile. Preview the file again.`);
      // What the spreadsheet does not hold stays as it was.
      input.customFields = JSON.parse(current.custom_fields) as ProductInput['customFields'];
      input.manufacturingDate = current.manufacturing_date;
      input.expiryDate = current.expiry_date;
      const before = await repo.listImages(trx, productId);
      const kept = new Set(images.map((i) => i.url));
      replaced.push(...before.filter((i) => !kept.has(i.url)).map((i) => i.url));
      await repo.deleteVariants(trx, productId);
      await repo.updateProduct(trx, { shopId, currency: owner.shop.currency, productId, descriptionHtml, input, now });
    }
    const taken = await repo.skusTakenInShop(trx, shopId, productId, input.variants.flatMap((v) => (v.sku ? [v.sku] : [])));
    if (taken[0] !== undefined) throw badRequest(`Row ${product.rows[0]}, Variant SKU: The SKU ${taken[0]} is already used by another product of your shop`);
    await repo.insertVariants(trx, { id: productId, shopId }, input.variants);
    await repo.replaceImages(trx, productId, images);
    await repo.setActive(trx, shopId, productId, product.isActive, now);
  }
  await releaseBackInStock(trx, owner.mail, plan.products.flatMap((p) => (p.action === 'update' && p.existingId !== null ? [p.existingId] : [])), now);
  return replaced;
}

/**
 * At start on SQLite (one process): an import still marked running was cut short by the server's
 * stop, its transaction rolled back. (On PostgreSQL another instance may be running it: its heartbeat decides.)
 */
export async function failInterruptedImports(db: DB, now: Date): Promise<void> {
  await imports.failAllRunning(db, { message: STOPPED, now });
}

/** The shop's newest import not put away, with its live progress (one not heard of for long reads as stopped). */
export async function latestImport(db: DB, shopId: number, now: Date = new Date()) {
  const row = await imports.latestOfShop(db, shopId);
  if (!row) return null;
  const live = running.get(row.id);
  const stale = row.status === 'running' && !live && Date.parse(row.heartbeat_at) < now.getTime() - STALE_AFTER_MS;
  return {
    id: row.id,
    fileName: row.file_name,
    status: stale ? ('failed' as const) : row.status,
    rowsTotal: row.rows_total,
    rowsDone: live?.rowsDone ?? row.rows_done,
    imagesTotal: row.images_total,
    imagesDone: live?.imagesDone ?? row.images_done,
    created: row.created_count,
    updated: row.updated_count,
    unchanged: row.unchanged_count,
    message: stale ? STOPPED : row.message,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
  };
}

/** Puts a finished import's result away; a running one stays. */
export async function dismissImport(db: DB, shopId: number, id: number, now: Date): Promise<{ id: number; dismissed: boolean }> {
  return { id, dismissed: await imports.dismiss(db, shopId, id, now) };
}
