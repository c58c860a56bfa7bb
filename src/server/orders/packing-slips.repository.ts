import type { DB } from '../db/client';

/** The orders printed on packing slips, by id (any shop: the service decides who may read which). */
export async function findSlipOrders(db: DB, orderIds: readonly number[]) {
  if (orderIds.length === 0) return [];
  return db
    .selectFrom('orders')
    .select([
      'id',
      'shop_id',
      'order_number',
      'shop_name',
      'shop_whatsapp',
      'created_at',
      'status',
      'buyer_name',
      'buyer_phone',
      'ship_address',
      'ship_city',
      'ship_postal_code',
      'total',
      'currency',
      'coupon_code',
      'coupon_type',
      'coupon_discount',
      'returns_policy',
      'delivery_time',
    ])
    .where('id', 'in', orderIds)
    .execute();
}

/** Their lines, each order's as written. */
export async function listSlipLines(db: DB, orderIds: readonly number[]) {
  if (orderIds.length === 0) return [];
  return db
    .selectFrom('order_items')
    .select(['order_id', 'product_name', 'variant_label', 'color', 'size', 'sku', 'quantity'])
    .where('order_id', 'in', orderIds)
    .orderBy('order_id')
    .orderBy('id')
    .execute();
}

export type SlipOrderRow = Awaited<ReturnType<typeof findSlipOrders>>[number];
export type SlipLineRow = Awaited<ReturnType<typeof listSlipLines>>[number];
