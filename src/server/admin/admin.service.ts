import { LAST_ADMIN_MESSAGE } from '../../shared/schemas/admin';
import type { AppConfig } from '../config';
import type { DB } from '../db/client';
import { conflict, notFound } from '../errors';
import { listImages } from '../products/products.repository';
import { removeUploads } from '../uploads/uploads.service';
import * as admin from './admin.repository';

export const SHOP_NOT_FOUND = 'Shop not found';
export const PRODUCT_NOT_FOUND = 'Product not found';
export const USER_NOT_FOUND = 'User not found';

/**
 * Grants or removes the admin role. The last admin is never removed: the check and the delete run in
 * one transaction, so two admins removing each other at once cannot both succeed.
 */
export async function setAdminRole(db: DB, userId: number, isAdmin: boolean, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (!(await admin.userExists(trx, userId))) throw notFound(USER_NOT_FOUND);
    if (isAdmin) {
      await admin.grantRole(trx, userId, 'admin', now);
      return;
    }
    if (!(await admin.hasRole(trx, userId, 'admin'))) return;
    if ((await admin.countAdmins(trx)) <= 1) throw conflict(LAST_ADMIN_MESSAGE);
    await admin.revokeRole(trx, userId, 'admin');
  });
}

/**
 * Deletes a shop with its products, categories and reviews (foreign keys cascade), while its orders
 * stay readable for their buyers (orders.shop_id becomes null; the order keeps its snapshot). The
 * shop's uploaded files are collected inside the transaction and removed after it commits.
 */
export async function deleteShop(db: DB, config: Pick<AppConfig, 'uploadsDir'>, shopId: number): Promise<void> {
  const urls = await db.transaction().execute(async (trx) => {
    const found = await admin.shopUploadUrls(trx, shopId);
    if (found === null || !(await admin.deleteShop(trx, shopId))) throw notFound(SHOP_NOT_FOUND);
    return found;
  });
  await removeUploads(db, config.uploadsDir, urls);
}

/** Deletes a product (its images, reviews cascade; order lines keep their snapshot), then its files. */
export async function deleteProduct(db: DB, config: Pick<AppConfig, 'uploadsDir'>, productId: number): Promise<void> {
  const urls = await db.transaction().execute(async (trx) => {
    const found = (await listImages(trx, productId)).flatMap((i) => [i.url, i.thumb_url]);
    if (!(await admin.deleteProduct(trx, productId))) throw notFound(PRODUCT_NOT_FOUND);
    return found;
  });
  await removeUploads(db, config.uploadsDir, urls);
}
