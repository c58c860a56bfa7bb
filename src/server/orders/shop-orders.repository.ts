import type { OrderStatus } from '../../shared/constants';
import type { DB } from '../db/client';

/** One page of the shop's orders, newest first. */
export async function listByShop(db: DB, shopId: number, options: { limit: number; offset: number; status?: OrderStatus }) {
  let query = db
    .selectFrom('orders')
    .select([
      'id',
      'order_number',
      'buyer_id',
      'buyer_name',
      'buyer_email',
      'buyer_phone',
      'ship_address',
      'ship_city',
      'ship_postal_code',
      'notes',
      'subtotal',
      'tax',
      'total',
      'currency',
      'status',
      'payment_method',
      'created_at',
    ])
    .where('shop_id', '=', shopId);
  if (options.status) query = query.where('status', '=', options.status);
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(options.limit).offset(options.offset).execute();
}

export async function countByShop(db: DB, shopId: number, status?: OrderStatus): Promise<number> {
  let query = db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).where('shop_id', '=', shopId);
  if (status) query = query.where('status', '=', status);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

export async function listItems(db: DB, orderIds: readonly number[]) {
  if (orderIds.length === 0) return [];
  return db
    .selectFrom('order_items')
    .select(['order_id', 'product_id', 'product_name', 'image_url', 'color', 'size', 'unit_price', 'quantity', 'line_total'])
    .where('order_id', 'in', orderIds)
    .orderBy('id')
    .execute();
}
