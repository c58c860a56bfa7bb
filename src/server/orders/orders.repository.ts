import type { OrderStatus } from '../../shared/constants';
import type { DB } from '../db/client';

/** Orders as buyers and guests see them, and the writes of checkout. */

export async function findCheckoutProducts(db: DB, productIds: readonly number[]) {
  if (productIds.length === 0) return [];
  return db
    .selectFrom('products as p')
    .innerJoin('shops as s', 's.id', 'p.shop_id')
    .where('p.id', 'in', productIds)
    .select([
      'p.id',
      'p.name',
      'p.selling_price',
      'p.currency',
      'p.discount_type',
      'p.discount_value',
      'p.stock_amount',
      'p.colors',
      'p.sizes',
      'p.is_active',
      's.id as shop_id',
      's.name as shop_name',
      's.whatsapp_number as shop_whatsapp',
      's.tax_rate_bps',
      's.is_active as shop_active',
    ])
    .select((eb) =>
      eb
        .selectFrom('product_images as pi')
        .select('pi.thumb_url')
        .whereRef('pi.product_id', '=', 'p.id')
        .orderBy('pi.is_primary', 'desc')
        .orderBy('pi.position')
        .limit(1)
        .as('image_url'),
    )
    .execute();
}

/** Takes `quantity` units only if that many are left; false when stock is short (never negative). */
export async function decrementStock(db: DB, productId: number, quantity: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('products')
    .set((eb) => ({ stock_amount: eb('stock_amount', '-', quantity), updated_at: now }))
    .where('id', '=', productId)
    .where('stock_amount', '>=', quantity)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function currentStock(db: DB, productId: number): Promise<number> {
  const row = await db.selectFrom('products').select('stock_amount').where('id', '=', productId).executeTakeFirst();
  return row?.stock_amount ?? 0;
}

/** The next value of the day's order sequence (insert or increment in one statement). */
export async function nextOrderSequence(db: DB, day: string): Promise<number> {
  const row = await db
    .insertInto('order_number_sequences')
    .values({ day, last_value: 1 })
    .onConflict((oc) => oc.column('day').doUpdateSet((eb) => ({ last_value: eb('order_number_sequences.last_value', '+', 1) })))
    .returning('last_value')
    .executeTakeFirstOrThrow();
  return row.last_value;
}

export interface NewOrder {
  order_number: string;
  buyer_id: number | null;
  shop_id: number;
  shop_name: string;
  shop_whatsapp: string;
  currency: string;
  buyer_name: string;
  buyer_email: string;
  buyer_phone: string;
  ship_address: string;
  ship_city: string;
  ship_postal_code: string;
  notes: string;
  subtotal: number;
  tax: number;
  total: number;
  created_at: string;
  updated_at: string;
}

export async function insertOrder(db: DB, order: NewOrder): Promise<number> {
  const row = await db.insertInto('orders').values(order).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function insertOrderItems(
  db: DB,
  items: Array<{
    order_id: number;
    product_id: number;
    product_name: string;
    image_url: string | null;
    color: string | null;
    size: string | null;
    unit_price: number;
    quantity: number;
    line_total: number;
  }>,
): Promise<void> {
  if (items.length) await db.insertInto('order_items').values(items).execute();
}

const ORDER_FIELDS = [
  'o.id',
  'o.order_number',
  'o.shop_id',
  'o.shop_name',
  'o.currency',
  'o.buyer_name',
  'o.buyer_email',
  'o.buyer_phone',
  'o.ship_address',
  'o.ship_city',
  'o.ship_postal_code',
  'o.notes',
  'o.subtotal',
  'o.tax',
  'o.total',
  'o.status',
  'o.created_at',
] as const;

export async function listBuyerOrders(db: DB, buyerId: number, offset: number, limit: number) {
  return db
    .selectFrom('orders as o')
    .leftJoin('shops as s', 's.id', 'o.shop_id')
    .select([...ORDER_FIELDS, 's.slug as shop_slug'])
    .where('o.buyer_id', '=', buyerId)
    .orderBy('o.created_at', 'desc')
    .orderBy('o.id', 'desc')
    .limit(limit + 1)
    .offset(offset)
    .execute();
}

/** Guest tracking: only orders without a buyer, by exact order number or by email, newest first. */
export async function findGuestOrders(db: DB, by: { orderNumber: string } | { email: string }, limit: number) {
  let query = db.selectFrom('orders as o').select([...ORDER_FIELDS, 'o.shop_id']).where('o.buyer_id', 'is', null);
  query = 'orderNumber' in by ? query.where('o.order_number', '=', by.orderNumber) : query.where('o.buyer_email', '=', by.email);
  return query.orderBy('o.created_at', 'desc').orderBy('o.id', 'desc').limit(limit).execute();
}

export async function listOrderItems(db: DB, orderIds: readonly number[]) {
  if (orderIds.length === 0) return [];
  return db
    .selectFrom('order_items as i')
    .leftJoin('products as p', 'p.id', 'i.product_id')
    .select(['i.order_id', 'i.product_name', 'i.image_url', 'i.color', 'i.size', 'i.unit_price', 'i.quantity', 'i.line_total', 'p.slug'])
    .where('i.order_id', 'in', orderIds)
    .orderBy('i.id')
    .execute();
}

export type OrderRow = Awaited<ReturnType<typeof listBuyerOrders>>[number];
export type { OrderStatus };
