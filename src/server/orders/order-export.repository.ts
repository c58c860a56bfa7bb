import type { OrderStatus } from '../../shared/constants';
import type { DB } from '../db/client';

/** One batch of a shop's orders placed in [from, to), oldest first, after the (created_at, id) `after`: the shop's (shop_id, created_at) index. */
export async function exportOrders(
  db: DB,
  shopId: number,
  range: { status?: OrderStatus; from: string; to: string },
  after: { createdAt: string; id: number } | null,
  limit: number,
) {
  let query = db
    .selectFrom('orders')
    .select([
      'id',
      'order_number',
      'created_at',
      'status',
      'currency',
      'buyer_name',
      'buyer_phone',
      'buyer_email',
      'ship_city',
      'ship_address',
      'subtotal',
      'tax',
      'delivery_fee',
      'coupon_discount',
      'total',
      'courier',
      'tracking_number',
      'cash_received_on',
      'cash_reference',
    ])
    .where('shop_id', '=', shopId)
    .where('created_at', '>=', range.from)
    .where('created_at', '<', range.to);
  if (range.status) query = query.where('status', '=', range.status);
  if (after) {
    query = query.where((eb) => eb.or([eb('created_at', '>', after.createdAt), eb.and([eb('created_at', '=', after.createdAt), eb('id', '>', after.id)])]));
  }
  return query.orderBy('created_at').orderBy('id').limit(limit).execute();
}

/** The lines of `orderIds`, by order then as written. */
export async function exportLines(db: DB, orderIds: readonly number[]) {
  if (orderIds.length === 0) return [];
  return db
    .selectFrom('order_items')
    .select(['order_id', 'product_name', 'color', 'size', 'variant_label', 'sku', 'quantity', 'unit_price', 'line_total'])
    .where('order_id', 'in', [...orderIds])
    .orderBy('order_id')
    .orderBy('id')
    .execute();
}
