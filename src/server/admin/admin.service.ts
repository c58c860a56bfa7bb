import { type ActivityActor, recordActivity } from '../activity/activity.service';
import type { AdminListInput } from '../../shared/schemas/admin';
import { lookupOf } from '../../shared/schemas/order-lookup';
import type { AppConfig } from '../config';
import type { DB } from '../db/client';
import { inTransaction } from '../db/transaction';
import { badRequest, notFound } from '../errors';
import type { Logger } from '../observability/logger';
import { lookupOrders as findOrders } from '../orders/orders.service';
import { offsetPage } from '../pagination';
import { PRODUCT_NOT_FOUND, productImages } from '../products/products.service';
import { countActive as countActiveSliders } from '../sliders/sliders.service';
import { browserUrlOf, type UploadStorage } from '../uploads/storage';
import { removeUploads } from '../uploads/uploads.service';
import * as users from '../users/users.service';
import { toAdminProductView, toAdminShopView } from './admin.mapper';
import * as admin from './admin.repository';

export const SHOP_NOT_FOUND = 'Shop not found';

type ListQuery = Required<Pick<AdminListInput, 'search' | 'limit'>> & { cursor?: number | null };

/** The dashboard's four counts: kept counts of shops, products and accounts (one per profile), and active banners. */
export async function stats(db: DB) {
  const [counts, activeSliders] = await Promise.all([admin.tableCounts(db), countActiveSliders(db)]);
  return { shops: counts.shops, products: counts.products, users: counts.profiles, activeSliders };
}

export function listUsers(db: DB, input: ListQuery) {
  return users.searchUsers(db, input.search, input.cursor ?? 0, input.limit);
}

export async function setPro(db: DB, userId: number, isPro: boolean, actor: ActivityActor, now: Date): Promise<void> {
  await users.setPro(db, userId, isPro, now, actor);
}

export async function setAdmin(db: DB, userId: number, isAdmin: boolean, actor: ActivityActor, now: Date): Promise<void> {
  await users.setAdminRole(db, userId, isAdmin, now, actor);
}

/** A page of a searchable list, its views and the total count of matches. */
async function searchPage<Row, View>(
  input: ListQuery,
  list: (search: string, offset: number, limit: number) => Promise<Row[]>,
  count: (search: string) => Promise<number>,
  toView: (row: Row) => View,
) {
  const offset = input.cursor ?? 0;
  const [rows, total] = await Promise.all([list(input.search, offset, input.limit), count(input.search)]);
  const page = offsetPage(rows, offset, input.limit);
  return { items: page.items.map(toView), total, nextCursor: page.nextCursor };
}

export function listShops(db: DB, images: Pick<UploadStorage, 'publicBaseUrl'>, input: ListQuery) {
  const urlOf = (url: string) => browserUrlOf(images, url);
  return searchPage(input, (...args) => admin.listShops(db, ...args), (search) => admin.countShops(db, search), (row) => toAdminShopView(row, urlOf));
}

/**
 * An admin's Activate/Deactivate of a shop: deactivating takes it down, a state of its own that its
 * owner cannot lift (product-decisions 4); activating ends the takedown.
 */
export function setShopActive(db: DB, id: number, isActive: boolean, actor: ActivityActor, now: Date): Promise<void> {
  return inTransaction(db, (trx) => setShopActiveIn(trx, id, isActive, actor, now));
}

/** setShopActive inside the caller's transaction (a report's "Deactivate shop" shares it). */
export async function setShopActiveIn(trx: DB, id: number, isActive: boolean, actor: ActivityActor, now: Date): Promise<void> {
  const before = await admin.findShopState(trx, id);
  if (!before || !(await admin.setShopTakedown(trx, id, !isActive, now))) throw notFound(SHOP_NOT_FOUND);
  const wasActive = before.taken_down_at === null;
  if (wasActive === isActive) return;
  await recordActivity(trx, {
    actor,
    action: isActive ? 'shop.activated' : 'shop.deactivated',
    subject: { type: 'shop', id, label: before.name },
    shopId: id,
    changes: { active: [wasActive, isActive] },
    at: now,
  });
}

/**
 * Deletes a shop with its products, categories and reviews (foreign keys cascade), while its orders
 * stay readable for their buyers (orders.shop_id becomes null; the order keeps its snapshot). The
 * shop's uploaded files are collected inside the transaction and removed after it commits.
 */
export async function deleteShop(db: DB, config: Pick<AppConfig, 'storage'>, shopId: number, actor: ActivityActor, now: Date): Promise<void> {
  const urls = await inTransaction(db, async (trx) => {
    const before = await admin.findShopState(trx, shopId);
    const found = await admin.shopUploadUrls(trx, shopId);
    if (found === null || !(await admin.deleteShop(trx, shopId))) throw notFound(SHOP_NOT_FOUND);
    await recordActivity(trx, { actor, action: 'shop.deleted', subject: { type: 'shop', id: shopId, label: before?.name ?? null }, shopId, at: now });
    return found;
  });
  await removeUploads(db, config.storage, urls);
}

export function listProducts(db: DB, images: Pick<UploadStorage, 'publicBaseUrl'>, input: ListQuery) {
  const urlOf = (url: string) => browserUrlOf(images, url);
  return searchPage(input, (...args) => admin.listProducts(db, ...args), (search) => admin.countProducts(db, search), (row) => toAdminProductView(row, urlOf));
}

/**
 * An admin's Activate/Deactivate of a product: a takedown the owner's own switch cannot lift, or its
 * end. Ending it does not switch on a product its owner switched off.
 */
export function setProductActive(db: DB, id: number, isActive: boolean, actor: ActivityActor, now: Date): Promise<void> {
  return inTransaction(db, (trx) => setProductActiveIn(trx, id, isActive, actor, now));
}

/** setProductActive inside the caller's transaction (a report's "Hide product" shares it). */
export async function setProductActiveIn(trx: DB, id: number, isActive: boolean, actor: ActivityActor, now: Date): Promise<void> {
  const before = await admin.findProductState(trx, id);
  if (!before || !(await admin.setProductTakedown(trx, id, !isActive, now))) throw notFound(PRODUCT_NOT_FOUND);
  const wasActive = before.taken_down_at === null;
  if (wasActive === isActive) return;
  await recordActivity(trx, {
    actor,
    action: isActive ? 'product.activated' : 'product.deactivated',
    subject: { type: 'product', id, label: before.name },
    shopId: before.shop_id,
    changes: { active: [wasActive, isActive] },
    at: now,
  });
}

/** Deletes a product (its images, reviews cascade; order lines keep their snapshot), then its files. */
export async function deleteProduct(db: DB, config: Pick<AppConfig, 'storage'>, productId: number, actor: ActivityActor, now: Date): Promise<void> {
  const urls = await inTransaction(db, async (trx) => {
    const before = await admin.findProductState(trx, productId);
    const found = (await productImages(trx, productId)).flatMap((i) => [i.url, i.thumb_url]);
    if (!(await admin.deleteProduct(trx, productId))) throw notFound(PRODUCT_NOT_FOUND);
    await recordActivity(trx, {
      actor,
      action: 'product.deleted',
      subject: { type: 'product', id: productId, label: before?.name ?? null },
      shopId: before?.shop_id ?? null,
      at: now,
    });
    return found;
  });
  await removeUploads(db, config.storage, urls);
}

/**
 * The admin's order lookup across shops (read-only). Every lookup is logged with the admin's id, what
 * it searched by and how many orders it found: never the text searched (an email or a phone number).
 */
export async function lookupOrders(db: DB, log: Logger | undefined, adminId: number, input: { query: string; cursor?: number | null }) {
  const lookup = lookupOf(input.query);
  if (!lookup) throw badRequest('Enter an order number, an email or a phone number');
  const result = await findOrders(db, lookup, input.cursor);
  log?.info({ adminId, lookupBy: lookup.by, found: result.total, page: input.cursor ?? 0 }, 'admin order lookup');
  return result;
}
