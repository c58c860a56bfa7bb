import type { DB } from '../db/client';

/** The rows of `product_imports` (issue 34): a shop's catalogue imports, their progress and result. */

export async function insertImport(
  db: DB,
  values: { shopId: number; fileName: string; rowsTotal: number; imagesTotal: number; created: number; updated: number; unchanged: number; now: Date },
): Promise<number> {
  const at = values.now.toISOString();
  const row = await db
    .insertInto('product_imports')
    .values({
      shop_id: values.shopId,
      file_name: values.fileName,
      status: 'running',
      rows_total: values.rowsTotal,
      images_total: values.imagesTotal,
      created_count: values.created,
      updated_count: values.updated,
      unchanged_count: values.unchanged,
      started_at: at,
      heartbeat_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function setProgress(db: DB, id: number, progress: { rowsDone: number; imagesDone: number }, now: Date): Promise<void> {
  await db
    .updateTable('product_imports')
    .set({ rows_done: progress.rowsDone, images_done: progress.imagesDone, heartbeat_at: now.toISOString() })
    .where('id', '=', id)
    .execute();
}

export async function finish(db: DB, id: number, result: { status: 'done' | 'failed'; message: string | null; rowsDone: number; imagesDone: number }, now: Date) {
  await db
    .updateTable('product_imports')
    .set({ status: result.status, message: result.message, rows_done: result.rowsDone, images_done: result.imagesDone, finished_at: now.toISOString(), heartbeat_at: now.toISOString() })
    .where('id', '=', id)
    .execute();
}

/** Marks a shop's running import failed when nothing was heard of it since `before` (its server stopped). */
export async function failStale(db: DB, shopId: number, before: Date, { message, now }: { message: string; now: Date }): Promise<void> {
  await db
    .updateTable('product_imports')
    .set({ status: 'failed', message, finished_at: now.toISOString() })
    .where('shop_id', '=', shopId)
    .where('status', '=', 'running')
    .where('heartbeat_at', '<', before.toISOString())
    .execute();
}

/** Marks every running import failed (SQLite at start: none can still be running). */
export async function failAllRunning(db: DB, { message, now }: { message: string; now: Date }): Promise<void> {
  await db.updateTable('product_imports').set({ status: 'failed', message, finished_at: now.toISOString() }).where('status', '=', 'running').execute();
}

/** The shop's newest import that its owner has not put away. */
export async function latestOfShop(db: DB, shopId: number) {
  return db
    .selectFrom('product_imports')
    .selectAll()
    .where('shop_id', '=', shopId)
    .where('dismissed_at', 'is', null)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function dismiss(db: DB, shopId: number, id: number, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('product_imports')
    .set({ dismissed_at: now.toISOString() })
    .where('id', '=', id)
    .where('shop_id', '=', shopId)
    .where('status', '<>', 'running')
    .where('dismissed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The upload URLs earlier imports stored for these source files (by SHA-256). */
export async function storedImagesBySha(db: DB, shopId: number, hashes: readonly string[]): Promise<Map<string, string>> {
  if (hashes.length === 0) return new Map();
  const rows = await db.selectFrom('product_import_images').select(['sha256', 'url']).where('shop_id', '=', shopId).where('sha256', 'in', hashes).execute();
  return new Map(rows.map((r) => [r.sha256, r.url]));
}

export async function rememberStoredImage(db: DB, shopId: number, sha256: string, url: string): Promise<void> {
  await db
    .insertInto('product_import_images')
    .values({ shop_id: shopId, sha256, url })
    .onConflict((oc) => oc.columns(['shop_id', 'sha256']).doUpdateSet({ url }))
    .execute();
}
