import type { DB } from '../db/client';
import { notFound } from '../errors';
import { findShopAccess } from '../staff/staff.service';
import type { SessionUser } from '../users/users.mapper';
import { type PackingSlip, toPackingSlip } from './packing-slips.mapper';
import * as repo from './packing-slips.repository';

/**
 * The packing slips of `orderIds`, one per order in the order asked (an id asked twice prints once).
 * An admin may print any order's; a shop's owner and its staff (either role) only that shop's. Anyone else, or any order that
 * is missing or another shop's, gets "Order not found" for the whole request: nothing partial, and
 * nothing tells whether another shop's order exists.
 */
export async function packingSlips(db: DB, caller: SessionUser, orderIds: readonly number[]): Promise<PackingSlip[]> {
  const ids = [...new Set(orderIds)];
  const isAdmin = caller.roles.includes('admin');
  const ownShopId = isAdmin ? null : ((await findShopAccess(db, caller))?.shop.id ?? null);
  if (!isAdmin && ownShopId === null) throw notFound('Order not found');
  const [orders, lines] = await Promise.all([repo.findSlipOrders(db, ids), repo.listSlipLines(db, ids)]);
  const byId = new Map(orders.map((order) => [order.id, order]));
  return ids.map((id) => {
    const order = byId.get(id);
    if (!order || (!isAdmin && order.shop_id !== ownShopId)) throw notFound('Order not found');
    return toPackingSlip(order, lines.filter((line) => line.order_id === id));
  });
}
