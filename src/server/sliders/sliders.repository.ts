import type { DB } from '../db/client';

/** Active sliders for the public carousel, in display order. */
export function listActive(db: DB) {
  return db
    .selectFrom('sliders')
    .select(['id', 'title', 'image_url as imageUrl', 'redirect_url as redirectUrl'])
    .where('is_active', '=', 1)
    .orderBy('display_order', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

/** Every slider for the admin screen, in display order. */
export async function listAll(db: DB) {
  return db
    .selectFrom('sliders')
    .select(['id', 'title', 'image_url', 'redirect_url', 'is_active', 'display_order'])
    .orderBy('display_order', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

export async function insert(
  db: DB,
  slider: { title: string | null; imageUrl: string; redirectUrl: string; displayOrder: number; now: Date },
): Promise<number> {
  const { id } = await db
    .insertInto('sliders')
    .values({
      title: slider.title,
      image_url: slider.imageUrl,
      redirect_url: slider.redirectUrl,
      display_order: slider.displayOrder,
      is_active: 1,
      created_at: slider.now.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Returns whether a slider was updated. */
/** A slider's title and switch, as the activity log names it. */
export async function findState(db: DB, id: number) {
  return db.selectFrom('sliders').select(['title', 'is_active']).where('id', '=', id).executeTakeFirst();
}

export async function setActive(db: DB, id: number, isActive: boolean): Promise<boolean> {
  const r = await db.updateTable('sliders').set({ is_active: isActive ? 1 : 0 }).where('id', '=', id).executeTakeFirst();
  return r.numUpdatedRows > 0n;
}

export async function setDisplayOrder(db: DB, id: number, displayOrder: number): Promise<boolean> {
  const r = await db.updateTable('sliders').set({ display_order: displayOrder }).where('id', '=', id).executeTakeFirst();
  return r.numUpdatedRows > 0n;
}

/** Deletes a slider and returns its image URL, or null when there was none. */
export async function remove(db: DB, id: number): Promise<string | null> {
  const row = await db.deleteFrom('sliders').where('id', '=', id).returning('image_url').executeTakeFirst();
  return row?.image_url ?? null;
}

/** Other sliders still using an image (a slider may be re-added with the same upload). */
export async function countUsingImage(db: DB, imageUrl: string): Promise<number> {
  const row = await db
    .selectFrom('sliders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('image_url', '=', imageUrl)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countActive(db: DB): Promise<number> {
  const row = await db
    .selectFrom('sliders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('is_active', '=', 1)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

