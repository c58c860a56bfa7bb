import { type ActivityActor, recordActivity } from '../activity/activity.service';
import type { AppConfig } from '../config';
import type { DB } from '../db/client';
import { inTransaction } from '../db/transaction';
import { badRequest, notFound } from '../errors';
import { browserUrlOf, type UploadStorage } from '../uploads/storage';
import { toResponsiveImage } from '../uploads/uploads.mapper';
import { describeImages, referencedUrlsLocked, removeUploads, resolveOwnedImages } from '../uploads/uploads.service';
import { toAdminSliderView } from './sliders.mapper';
import * as sliders from './sliders.repository';

export const SLIDER_NOT_FOUND = 'Slider not found';
export const IMAGE_IN_USE = 'This image is already used elsewhere. Please upload it again.';

/** Active sliders for the /browse carousel, ordered by display order then id, with their image's size and copies. */
export async function listActive(db: DB, storage: Pick<UploadStorage, 'publicBaseUrl'>) {
  const rows = await sliders.listActive(db);
  const described = await describeImages(db, storage, rows.map((r) => r.imageUrl));
  return rows.map(({ imageUrl, ...r }) => ({ ...r, image: toResponsiveImage(described, imageUrl)! }));
}

/** Every slider, active or not, for /admin/sliders. */
export async function listAll(db: DB, storage: Pick<UploadStorage, 'publicBaseUrl'>) {
  return (await sliders.listAll(db)).map((row) => toAdminSliderView(row, (url) => browserUrlOf(storage, url)));
}

export function countActive(db: DB): Promise<number> {
  return sliders.countActive(db);
}

/** An admin's Activate/Deactivate of a slider, in the activity log when it changed something. */
export async function setActive(db: DB, id: number, isActive: boolean, actor: ActivityActor, now: Date): Promise<void> {
  await inTransaction(db, async (trx) => {
    const before = await sliders.findState(trx, id);
    if (!before || !(await sliders.setActive(trx, id, isActive))) throw notFound(SLIDER_NOT_FOUND);
    if (Boolean(before.is_active) === isActive) return;
    await recordActivity(trx, {
      actor,
      action: isActive ? 'slider.activated' : 'slider.deactivated',
      subject: { type: 'slider', id, label: before.title },
      changes: { is_active: [!isActive, isActive] },
      at: now,
    });
  });
}

export async function setDisplayOrder(db: DB, id: number, displayOrder: number): Promise<void> {
  if (!(await sliders.setDisplayOrder(db, id, displayOrder))) throw notFound(SLIDER_NOT_FOUND);
}

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
  return inTransaction(db, async (trx) => {
    if ((await referencedUrlsLocked(trx, [image.url])).size > 0) throw badRequest(IMAGE_IN_USE);
    return sliders.insert(trx, { ...input, imageUrl: image.url, now });
  });
}

/** Deletes a slider, then its image files when no other slider uses them. */
export async function deleteSlider(db: DB, config: Pick<AppConfig, 'storage'>, id: number, actor: ActivityActor, now: Date): Promise<void> {
  const imageUrl = await inTransaction(db, async (trx) => {
    const before = await sliders.findState(trx, id);
    const url = await sliders.remove(trx, id);
    if (url === null) throw notFound(SLIDER_NOT_FOUND);
    await recordActivity(trx, { actor, action: 'slider.deleted', subject: { type: 'slider', id, label: before?.title ?? null }, at: now });
    return (await sliders.countUsingImage(trx, url)) === 0 ? url : null;
  });
  if (imageUrl) await removeUploads(db, config.storage, [imageUrl]);
}
