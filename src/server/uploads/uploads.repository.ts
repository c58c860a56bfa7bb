import type { DB } from '../db/client';

export async function insertUpload(
  db: DB,
  upload: { ownerId: number; url: string; thumbUrl: string; width: number; height: number; bytes: number; now: Date },
): Promise<void> {
  await db
    .insertInto('uploads')
    .values({
      owner_id: upload.ownerId,
      url: upload.url,
      thumb_url: upload.thumbUrl,
      width: upload.width,
      height: upload.height,
      bytes: upload.bytes,
      created_at: upload.now.toISOString(),
    })
    .execute();
}

/** The uploads among `urls` that the user owns, with their thumbnails. */
export async function findOwned(db: DB, ownerId: number, urls: readonly string[]) {
  if (urls.length === 0) return [];
  return db
    .selectFrom('uploads')
    .select(['url', 'thumb_url'])
    .where('owner_id', '=', ownerId)
    .where('url', 'in', urls)
    .execute();
}

export async function findByUrls(db: DB, urls: readonly string[]) {
  if (urls.length === 0) return [];
  return db.selectFrom('uploads').select(['url', 'thumb_url']).where('url', 'in', urls).execute();
}

export async function deleteByUrls(db: DB, urls: readonly string[]): Promise<void> {
  if (urls.length === 0) return;
  await db.deleteFrom('uploads').where('url', 'in', urls).execute();
}
