import { FOLLOW_FULL_MESSAGE, MAX_FOLLOWED, OWN_SHOP_FOLLOW_MESSAGE } from '../../shared/follows';
import type { DB } from '../db/client';
import { inTransaction } from '../db/transaction';
import { AppError, badRequest, notFound } from '../errors';
import * as repo from './follows.repository';

/** Followed shops (issue 50): Follow on a storefront, /following, the shop's follower count. */

/** The Follow buttons' state: the shops an account follows, and the one it owns or helps (which shows none). */
export async function followedIds(db: DB, userId: number): Promise<{ following: number[]; ownShopId: number | null }> {
  const [following, ownShopId] = await Promise.all([repo.followedShopIds(db, userId), ownShopOf(db, userId)]);
  return { following, ownShopId };
}

/** The shop an account owns or helps as staff (one at most: one shop per account). */
async function ownShopOf(db: DB, userId: number): Promise<number | null> {
  return (await repo.ownedShopOf(db, userId)) ?? (await repo.staffShopOf(db, userId));
}

/**
 * Follows a shop buyers may see, or stops following one. A shop's owner and its staff cannot follow it;
 * the 501st is refused; the count and the insert are one transaction holding the account's row, so
 * follows at once (on PostgreSQL too) cannot pass the cap. Following twice changes nothing.
 */
export async function setFollowing(db: DB, userId: number, shopId: number, following: boolean, now: Date): Promise<{ following: boolean }> {
  if (!following) {
    await repo.deleteFollow(db, userId, shopId);
    return { following: false };
  }
  const shop = await repo.findPublicShop(db, shopId);
  if (!shop) throw notFound('Shop not found');
  if ((await ownShopOf(db, userId)) === shopId) throw new AppError('FORBIDDEN', OWN_SHOP_FOLLOW_MESSAGE);
  await inTransaction(db, async (trx) => {
    await repo.lockFollows(trx, userId);
    if (await repo.isFollowing(trx, userId, shopId)) return;
    if ((await repo.countFollowed(trx, userId)) >= MAX_FOLLOWED) throw badRequest(FOLLOW_FULL_MESSAGE);
    await repo.insertFollow(trx, userId, shopId, now.toISOString());
  });
  return { following: true };
}

/** The followed shops buyers may see, newest followed first (/following: catalog.service followingPage). */
export async function followedShops(db: DB, userId: number, limit: number): Promise<Array<{ id: number; name: string; slug: string }>> {
  return (await repo.followedPublicShops(db, userId, limit)).map((shop) => ({ id: Number(shop.id), name: shop.name, slug: shop.slug }));
}

/** The shop dashboard's follower count. */
export function followerCount(db: DB, shopId: number): Promise<number> {
  return repo.followerCount(db, shopId);
}
