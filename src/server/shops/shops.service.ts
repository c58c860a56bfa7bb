import { LOW_STOCK_BELOW } from '../../shared/constants';
import type { UpdateShopInput } from '../../shared/schemas/shop';
import type { DB } from '../db/client';
import { badRequest, conflict, isUniqueViolation } from '../errors';
import { imagesUsedElsewhere } from '../products/products.repository';
import { removeUploads, resolveOwnedImages } from '../uploads/uploads.service';
import * as repo from './shops.repository';

export const ONE_SHOP_MESSAGE = 'You already have a shop. Only one shop per user is allowed.';
export const SLUG_TAKEN_MESSAGE = 'This shop URL is already taken. Please choose another.';

/**
 * One shop per owner is the database's UNIQUE(owner_id): two concurrent creates cannot both win,
 * and the loser gets the spec's message.
 */
export async function createShop(
  db: DB,
  ownerId: number,
  input: {
    name: string;
    slug: string;
    description: string;
    contactEmail: string;
    contactPhone: string;
    whatsappNumber: string;
    currency: string;
    taxRate: number;
  },
  now: Date,
): Promise<{ id: number; slug: string }> {
  if (await repo.findByOwner(db, ownerId)) throw conflict(ONE_SHOP_MESSAGE);
  try {
    const id = await repo.insertShop(db, { ...input, ownerId, taxRateBps: input.taxRate, now });
    return { id, slug: input.slug };
  } catch (error) {
    if (isUniqueViolation(error, 'shops.owner_id')) throw conflict(ONE_SHOP_MESSAGE);
    if (isUniqueViolation(error, 'shops.slug')) throw conflict(SLUG_TAKEN_MESSAGE);
    throw error;
  }
}

/** Saves the settings; an image replaced or removed has its file deleted once the row no longer points at it. */
export async function updateShopSettings(
  db: DB,
  uploadsDir: string,
  userId: number,
  shopId: number,
  input: Required<Omit<UpdateShopInput, 'description' | 'contactEmail' | 'contactPhone'>> & {
    description: string;
    contactEmail: string;
    contactPhone: string;
  },
  now: Date,
): Promise<void> {
  const current = await repo.findSettings(db, shopId);
  if (!current) throw badRequest('Shop not found');
  const kept = new Map<string, string>();
  for (const url of [current.logo_url, current.profile_picture_url, current.cover_image_url]) if (url) kept.set(url, url);
  const wanted = [input.logoUrl, input.profilePictureUrl, input.coverImageUrl].filter((u): u is string => !!u);
  await resolveOwnedImages(db, userId, wanted, kept);
  const fresh = wanted.filter((u) => !kept.has(u));
  if ((await imagesUsedElsewhere(db, fresh, null)).length > 0) {
    throw badRequest('One of the images is already used elsewhere. Please upload it again.');
  }
  await repo.updateSettings(db, shopId, { ...input, now });
  const stillUsed = new Set(wanted);
  const dropped = [current.logo_url, current.profile_picture_url, current.cover_image_url].filter((u) => u && !stillUsed.has(u));
  await removeUploads(db, uploadsDir, dropped);
}

function dayKey(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Stats and the 30-day chart of the shop's dashboard. */
export async function dashboard(db: DB, shop: { id: number; currency: string }, now: Date) {
  const stats = await repo.dashboardStats(db, shop.id, LOW_STOCK_BELOW);
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - 29));
  const rows = await repo.dailySeries(db, shop.id, start, shop.currency);
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const series = Array.from({ length: 30 }, (_, i) => {
    const day = dayKey(new Date(start.getTime() + i * 86_400_000));
    const row = byDay.get(day);
    return { day, orders: Number(row?.orders ?? 0), revenue: Number(row?.revenue ?? 0) };
  });
  return { ...stats, series };
}
