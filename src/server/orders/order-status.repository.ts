import type { OrderStatus } from '../../shared/constants';
import type { DB } from '../db/client';

export async function findForStatusChange(db: DB, orderId: number) {
  return db
    .selectFrom('orders')
    .select(['id', 'status', 'shop_id', 'buyer_id', 'order_number'])
    .where('id', '=', orderId)
    .executeTakeFirst();
}

/** Moves an order only if it is still in `from` (two tabs changing one order cannot both win). */
export async function updateStatusFrom(db: DB, orderId: number, from: OrderStatus, to: OrderStatus, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({ status: to, updated_at: now.toISOString() })
    .where('id', '=', orderId)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertStatusEvent(db: DB, orderId: number, status: OrderStatus, actorId: number | null, now: Date): Promise<void> {
  await db
    .insertInto('order_status_events')
    .values({ order_id: orderId, status, actor_id: actorId, created_at: now.toISOString() })
    .execute();
}

/** Gives the stock of a cancelled order back to its products that still exist. */
export async function restoreStock(db: DB, orderId: number): Promise<void> {
  const items = await db
    .selectFrom('order_items')
    .select(['product_id', 'quantity'])
    .where('order_id', '=', orderId)
    .where('product_id', 'is not', null)
    .execute();
  for (const item of items) {
    await db
      .updateTable('products')
      .set((eb) => ({ stock_amount: eb('stock_amount', '+', item.quantity) }))
      .where('id', '=', item.product_id as number)
      .execute();
  }
}

export async function listStatusEvents(db: DB, orderIds: readonly number[]) {
  if (orderIds.length === 0) return [];
  return db
    .selectFrom('order_status_events')
    .select(['order_id', 'status', 'created_at'])
    .where('order_id', 'in', orderIds)
    .orderBy('id')
    .execute();
}
