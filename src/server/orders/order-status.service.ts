import type { OrderStatus } from '../../shared/constants';
import { buyerCanCancel, canTransition, statusLabel } from '../../shared/order-status';
import type { DB } from '../db/client';
import { badRequest, conflict, notFound } from '../errors';
import type { AppEvents } from '../events';
import * as repo from './order-status.repository';

export type StatusActor = { kind: 'shop'; shopId: number; userId: number } | { kind: 'buyer'; userId: number };

/**
 * Changes an order's status by the workflow, in one transaction: the owning shop moves it along; its
 * buyer may only cancel it while pending. Cancelling gives the stock back. Every change is recorded.
 * An order the actor may not touch is "not found", so its existence is not revealed.
 */
export async function changeOrderStatus(
  db: DB,
  events: AppEvents,
  input: { orderId: number; to: OrderStatus; actor: StatusActor; now: Date },
): Promise<{ id: number; status: OrderStatus }> {
  const { orderId, to, actor, now } = input;
  const order = await db.transaction().execute(async (trx) => {
    const current = await repo.findForStatusChange(trx, orderId);
    const mayAct =
      current &&
      (actor.kind === 'shop' ? current.shop_id === actor.shopId : current.buyer_id !== null && current.buyer_id === actor.userId);
    if (!current || !mayAct) throw notFound('Order not found');
    if (actor.kind === 'buyer' && !(to === 'cancelled' && buyerCanCancel(current.status))) {
      throw badRequest('Only a pending order can be cancelled');
    }
    if (!canTransition(current.status, to)) {
      throw badRequest(`An order that is ${statusLabel(current.status).toLowerCase()} cannot become ${to}`);
    }
    if (!(await repo.updateStatusFrom(trx, orderId, current.status, to, now))) {
      throw conflict('This order was just changed. Reload and try again.');
    }
    await repo.insertStatusEvent(trx, orderId, to, actor.userId, now);
    if (to === 'cancelled') await repo.restoreStock(trx, orderId);
    return current;
  });
  events.emit('order.updated', { shopId: order.shop_id, orderId, buyerId: order.buyer_id });
  return { id: orderId, status: to };
}
