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

/** Uploads created before `before`, oldest first, a page at a time (for the orphan sweep). */
export async function listCreatedBefore(db: DB, before: Date, afterId: number, limit: number) {
  return db
    .selectFrom('uploads')
    .select(['id', 'url'])
    .where('created_at', '<', before.toISOString())
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function deleteByUrls(db: DB, urls: readonly string[]): Promise<void> {
  if (urls.length === 0) return;
  await db.deleteFrom('uploads').where('url', 'in', urls).execute();
}

/**
 * Which of these image URLs a record still shows: product images (and thumbnails), shop logos,
 * pictures and covers, sliders, category icons and avatars. One file backs one record, so deleting a
 * record may delete its files. `skipProductId` leaves out one product's own images (when editing it).
 */
export async function findReferencedUrls(
  db: DB,
  urls: readonly string[],
  options: { skipProductId?: number | null } = {},
): Promise<Set<string>> {
  if (urls.length === 0) return new Set();
  const list = [...urls];
  const skip = options.skipProductId ?? null;
  const found = await Promise.all([
    db
      .selectFrom('product_images')
      .select(['url', 'thumb_url'])
      .where((eb) => eb.or([eb('url', 'in', list), eb('thumb_url', 'in', list)]))
      .$if(skip !== null, (qb) => qb.where('product_id', '!=', skip as number))
      .execute()
      .then((rows) => rows.flatMap((r) => [r.url, r.thumb_url])),
    db
      .selectFrom('shops')
      .select(['logo_url', 'profile_picture_url', 'cover_image_url'])
      .where((eb) => eb.or([eb('logo_url', 'in', list), eb('profile_picture_url', 'in', list), eb('cover_image_url', 'in', list)]))
      .execute()
      .then((rows) => rows.flatMap((r) => [r.logo_url, r.profile_picture_url, r.cover_image_url])),
    db.selectFrom('sliders').select('image_url').where('image_url', 'in', list).execute().then((rows) => rows.map((r) => r.image_url)),
    db.selectFrom('categories').select('icon_url').where('icon_url', 'in', list).execute().then((rows) => rows.map((r) => r.icon_url)),
    db.selectFrom('profiles').select('avatar_url').where('avatar_url', 'in', list).execute().then((rows) => rows.map((r) => r.avatar_url)),
  ]);
  const wanted = new Set(list);
  return new Set(found.flat().filter((u): u is string => typeof u === 'string' && wanted.has(u)));
}
