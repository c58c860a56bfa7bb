import type { AppConfig } from '../config';
import type { DB } from '../db/client';
import { badRequest, notFound } from '../errors';
import { findReferencedUrls } from '../uploads/uploads.repository';
import { removeUploads, resolveOwnedImages } from '../uploads/uploads.service';
import * as sliders from './sliders.repository';

export const SLIDER_NOT_FOUND = 'Slider not found';
export const IMAGE_IN_USE = 'This image is already used elsewhere. Please upload it again.';

/** Adds a slider whose image the admin uploaded themselves. */
export async function addSlider(
  db: DB,
  adminId: number,
  input: { title: string | null; imageUrl: string; redirectUrl: string; displayOrder: number },
  now: Date,
): Promise<number> {
  const [image] = await resolveOwnedImages(db, adminId, [input.imageUrl]);
  if (!image) throw badRequest('Please upload an image');
  // One file belongs to one record, so deleting this slider can remove its file safely.
  return db.transaction().execute(async (trx) => {
    if ((await findReferencedUrls(trx, [image.url])).size > 0) throw badRequest(IMAGE_IN_USE);
    return sliders.insert(trx, { ...input, imageUrl: image.url, now });
  });
}

/** Deletes a slider, then its image files when no other slider uses them. */
export async function deleteSlider(db: DB, config: Pick<AppConfig, 'uploadsDir'>, id: number): Promise<void> {
  const imageUrl = await db.transaction().execute(async (trx) => {
    const url = await sliders.remove(trx, id);
    if (url === null) throw notFound(SLIDER_NOT_FOUND);
    return (await sliders.countUsingImage(trx, url)) === 0 ? url : null;
  });
  if (imageUrl) await removeUploads(db, config.uploadsDir, [imageUrl]);
}
