import type { DB } from '../db/client';
import { notFound } from '../errors';
import { findOwnShop } from '../shops/shops.service';
import type { SessionUser } from '../users/users.mapper';
import { type PackingSlip, toPackingSlip } from './packing-slips.mapper';
import * as repo from './packing-slips.repository';

/**
 * The packing slips of `orderIds`, one per order in the order asked (an id asked twice prints once).
 * An admin may print any order's; a shopkeeper only their own shop's. Anyone else, or any order that
 * is missing or another shop's, gets "Order not found" for the whole request: nothing partial, and
 * nothing tells whether another shop's order exists.
 */
export async function packingSlips(db: DB, caller: Pick<SessionUser, 'id' | 'roles'>, orderIds: readonly number[]): Promise<PackingSlip[]> {
  const ids = [...new Set(orderIds)];
  const isAdmin = caller.roles.includes('admin');
  const ownShopId = !isAdmin && caller.roles.includes('shopkeeper') ? ((await findOwnShop(db, caller.id))?.id ?? null) : null;
  if (!isAdmin && ownShopId === null) throw notFound('Order not found');
  const [orders, lines] = await Promise.all([repo.findSlipOrders(db, ids), repo.listSlipLines(db, ids)]);
  const byId = new Map(orders.map((order) => [order.id, order]));
  return ids.map((id) => {
    const order = byId.get(id);
    if (!order || (!isAdmin && order.shop_id !== ownShopId)) throw notFound('Order not found');
    return toPackingSlip(order, lines.filter((line) => line.order_id === id));
  });
}
