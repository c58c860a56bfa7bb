import type { Insertable, Updateable } from 'kysely';
import type { DB } from '../db/client';
import type { PagesTable } from '../db/schema';

/** The marketplace's pages (issue 47): all SQL of the domain. */

/** Every page for /admin/pages, in the order they were made (the footer's order). */
export function listAll(db: DB) {
  return db.selectFrom('pages').select(['id', 'address', 'title', 'title_ur', 'show_in_footer', 'published', 'updated_at']).orderBy('id').execute();
}

export function findById(db: DB, id: number) {
  return db.selectFrom('pages').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The id of the page at an address, if any. */
export async function idAtAddress(db: DB, address: string): Promise<number | null> {
  const row = await db.selectFrom('pages').select('id').where('address', '=', address).executeTakeFirst();
  return row ? Number(row.id) : null;
}

/** A published page by its address (a draft is not found). */
export function findPublished(db: DB, address: string) {
  return db.selectFrom('pages').selectAll().where('address', '=', address).where('published', '=', 1).executeTakeFirst();
}

/** The published pages shown in every page's footer, in the order they were made. */
export function listFooter(db: DB) {
  return db.selectFrom('pages').select(['address', 'title', 'title_ur']).where('published', '=', 1).where('show_in_footer', '=', 1).orderBy('id').execute();
}

export async function insert(db: DB, row: Insertable<PagesTable>): Promise<number> {
  const { id } = await db.insertInto('pages').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(id);
}

export async function update(db: DB, id: number, row: Updateable<PagesTable>): Promise<boolean> {
  const result = await db.updateTable('pages').set(row).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function remove(db: DB, id: number): Promise<boolean> {
  const result = await db.deleteFrom('pages').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
