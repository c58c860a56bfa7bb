import type { DB } from '../db/client';
import { lockingRows } from '../db/dialect';

export async function insertUpload(
  db: DB,
  upload: { ownerId: number; url: string; thumbUrl: string; width: number; height: number; widths: readonly number[]; variantsFor: string; bytes: number; now: Date },
): Promise<void> {
  await db
    .insertInto('uploads')
    .values({
      owner_id: upload.ownerId,
      url: upload.url,
      thumb_url: upload.thumbUrl,
      width: upload.width,
      height: upload.height,
      variant_widths: upload.widths.join(','),
      variants_for: upload.variantsFor,
      bytes: upload.bytes,
      created_at: upload.now.toISOString(),
    })
    .execute();
}

/**
 * How many of the user's uploads no record shows yet (product images, shop pictures, sliders,
 * category icons, avatars, the marketplace's logo: the records findReferencedUrls knows).
 */
export async function countUnattached(db: DB, ownerId: number): Promise<number> {
  const row = await db
    .selectFrom('uploads as u')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('u.owner_id', '=', ownerId)
    .where((eb) =>
      eb.not(
        eb.or([
          eb.exists(eb.selectFrom('product_images as pi').select('pi.id').whereRef('pi.url', '=', 'u.url')),
          eb.exists(
            eb
              .selectFrom('shops as s')
              .select('s.id')
              .where((e) => e.or([e('s.logo_url', '=', e.ref('u.url')), e('s.profile_picture_url', '=', e.ref('u.url')), e('s.cover_image_url', '=', e.ref('u.url'))])),
          ),
          eb.exists(eb.selectFrom('sliders as sl').select('sl.id').whereRef('sl.image_url', '=', 'u.url')),
          eb.exists(eb.selectFrom('categories as c').select('c.id').whereRef('c.icon_url', '=', 'u.url')),
          eb.exists(eb.selectFrom('profiles as pr').select('pr.user_id').whereRef('pr.avatar_url', '=', 'u.url')),
          eb.exists(eb.selectFrom('marketplace_settings as ms').select('ms.id').whereRef('ms.logo_url', '=', 'u.url')),
        ]),
      ),
    )
    .executeTakeFirstOrThrow();
  return Number(row.n);
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

/** The uploads among `urls`, with their thumbnails, sizes and copies. */
export async function findByUrls(db: DB, urls: readonly string[]) {
  if (urls.length === 0) return [];
  return db.selectFrom('uploads').select(['url', 'thumb_url', 'width', 'height', 'variant_widths']).where('url', 'in', urls).execute();
}

/**
 * Uploads whose copies were not made for the widths `variantsFor` (or not made at all: variants_for is
 * null exactly when variant_widths is, as the migration and setVariantWidths write them), oldest first,
 * after `afterId`.
 */
export async function listWithVariantsNotFor(db: DB, variantsFor: string, afterId: number, limit: number) {
  return db
    .selectFrom('uploads')
    .select(['id', 'url', 'width', 'variant_widths'])
    .where('id', '>', afterId)
    .where((eb) => eb.or([eb('variants_for', 'is', null), eb('variants_for', '<>', variantsFor)]))
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function setVariantWidths(db: DB, url: string, widths: readonly number[], variantsFor: string): Promise<void> {
  await db.updateTable('uploads').set({ variant_widths: widths.join(','), variants_for: variantsFor }).where('url', '=', url).execute();
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

/** Locks the uploads of these URLs until the transaction ends, in id order (dialect.ts). */
export async function lockByUrls(db: DB, urls: readonly string[]): Promise<void> {
  if (urls.length === 0) return;
  await lockingRows(db, db.selectFrom('uploads').select('id').where('url', 'in', [...urls]).orderBy('id')).execute();
}

/**
 * Which of these image URLs a record still shows: product images (and thumbnails), shop logos,
 * pictures and covers, sliders, category icons, avatars and the marketplace's logo. One file backs one record, so deleting a
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
    db.selectFrom('marketplace_settings').select('logo_url').where('logo_url', 'in', list).execute().then((rows) => rows.map((r) => r.logo_url)),
  ]);
  const wanted = new Set(list);
  return new Set(found.flat().filter((u): u is string => typeof u === 'string' && wanted.has(u)));
}
