import { slugFromName } from '../../shared/slug';
import type { DB } from '../db/client';
import { badRequest, conflict, isUniqueViolation } from '../errors';
import * as repo from './categories.repository';

/** A shop's own categories, by name. */
export async function listShopCategories(db: DB, shopId: number) {
  return repo.listByShop(db, shopId);
}

/** A new category of the shop; its slug comes from the name and is unique within the shop. */
export async function createCategory(db: DB, shopId: number, input: { name: string; description: string }, now: Date) {
  const slug = slugFromName(input.name);
  if (!slug) throw badRequest('Category names need at least one letter or digit');
  try {
    const id = await repo.insertCategory(db, { shopId, name: input.name, slug, description: input.description, now });
    return { id, name: input.name, slug };
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('A category with this name already exists');
    throw error;
  }
}

/** Whether the category is one of this shop's own. */
export async function isShopCategory(db: DB, categoryId: number, shopId: number): Promise<boolean> {
  return repo.belongsToShop(db, categoryId, shopId);
}
