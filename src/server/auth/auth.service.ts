import { isTrialExpired } from '../../shared/trial';
import type { DB } from '../db/client';
import { findOwnShop } from '../shops/shops.service';
import { findSessionUser } from '../users/users.service';

/** The signed-in user for the client's navigation and guards (with their shop and trial), or null for a guest. */
export async function describeSession(db: DB, sessionUserId: number | null, now: Date, trialMinutes: number) {
  if (sessionUserId === null) return null;
  const user = await findSessionUser(db, sessionUserId);
  if (!user) return null;
  const isShopkeeper = user.roles.includes('shopkeeper');
  const shop = isShopkeeper ? await findOwnShop(db, user.id) : undefined;
  return {
    ...user,
    shop: shop ? { id: shop.id, name: shop.name, slug: shop.slug } : null,
    trialMinutes,
    trialExpired: isShopkeeper && isTrialExpired(user, now, trialMinutes),
  };
}
