import type { DB } from '../db/client';
import { shopIsPublic } from '../catalog/visibility';
import { lockingRows } from '../db/dialect';

/** Followed shops (issue 50): one row per account and shop. */

/** The ids of the shops an account follows, newest first. */
export async function followedShopIds(db: DB, userId: number): Promise<number[]> {
  const rows = await db.selectFrom('shop_follows').select('shop_id').where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('shop_id', 'desc').execute();
  return rows.map((r) => Number(r.shop_id));
}

/** Holds the account's row until the transaction ends (PostgreSQL): two follows at once count in turn. */
export async function lockFollows(db: DB, userId: number): Promise<void> {
  await lockingRows(db, db.selectFrom('profiles').select('user_id').where('user_id', '=', userId)).execute();
}

export async function countFollowed(db: DB, userId: number): Promise<number> {
  const row = await db.selectFrom('shop_follows').select((eb) => eb.fn.countAll<number | string>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function isFollowing(db: DB, userId: number, shopId: number): Promise<boolean> {
  return (await db.selectFrom('shop_follows').select('shop_id').where('user_id', '=', userId).where('shop_id', '=', shopId).executeTakeFirst()) !== undefined;
}

/** Adds the row; one already there stays as it is. */
export async function insertFollow(db: DB, userId: number, shopId: number, at: string): Promise<void> {
  await db.insertInto('shop_follows').values({ user_id: userId, shop_id: shopId, created_at: at }).onConflict((oc) => oc.columns(['user_id', 'shop_id']).doNothing()).execute();
}

export async function deleteFollow(db: DB, userId: number, shopId: number): Promise<void> {
  await db.deleteFrom('shop_follows').where('user_id', '=', userId).where('shop_id', '=', shopId).execute();
}

/** A shop buyers may see, with its owner: what following checks. */
export async function findPublicShop(db: DB, shopId: number) {
  return db.selectFrom('shops as s').select(['s.id', 's.owner_id']).where('s.id', '=', shopId).where((eb) => shopIsPublic(eb)).executeTakeFirst();
}

/** The shop a user owns, if any. */
export async function ownedShopOf(db: DB, userId: number): Promise<number | null> {
  const row = await db.selectFrom('shops').select('id').where('owner_id', '=', userId).executeTakeFirst();
  return row ? Number(row.id) : null;
}

/** The shop a user helps as staff, if any. */
export async function staffShopOf(db: DB, userId: number): Promise<number | null> {
  const row = await db.selectFrom('shop_staff').select('shop_id').where('user_id', '=', userId).executeTakeFirst();
  return row ? Number(row.shop_id) : null;
}

/** The public shops an account follows, newest followed first. */
export async function followedPublicShops(db: DB, userId: number, limit: number) {
  return db
    .selectFrom('shop_follows as f')
    .innerJoin('shops as s', 's.id', 'f.shop_id')
    .select(['s.id', 's.name', 's.slug'])
    .where('f.user_id', '=', userId)
    .where((eb) => shopIsPublic(eb))
    .orderBy('f.created_at', 'desc')
    .orderBy('s.id', 'desc')
    .limit(limit)
    .execute();
}

/** How many accounts follow a shop (its dashboard). */
export async function followerCount(db: DB, shopId: number): Promise<number> {
  const row = await db.selectFrom('shop_follows').select((eb) => eb.fn.countAll<number | string>().as('n')).where('shop_id', '=', shopId).executeTakeFirstOrThrow();
  return Number(row.n);
}
