import { type Insertable, sql } from 'kysely';
import type { OrderStatus } from '../../shared/constants';
import { type DB, engineOf } from '../db/client';
import { compiledOnce } from '../db/compiled-once';
import type { OrderItemsTable, OrdersTable } from '../db/schema';

/** One combination of one product (null: the product has no such option). */
export interface VariantKey {
  productId: number;
  color: string | null;
  size: string | null;
}

/** Who may see which orders: a buyer's own, guest orders by number or email, one shop's. */
export type OrderFilter =
  | { buyerId: number }
  | { guestOrderNumber: string }
  | { guestEmail: string }
  | { shopId: number; status?: OrderStatus }
  /** The admin's lookup (any shop): by order number, buyer email or compared phone (issue 30). */
  | { lookup: { by: 'orderNumber' | 'email' | 'phone'; value: string } };

function ordersMatching(db: DB, filter: OrderFilter) {
  const query = db.selectFrom('orders');
  if ('buyerId' in filter) return query.where('buyer_id', '=', filter.buyerId);
  if ('guestOrderNumber' in filter) return query.where('buyer_id', 'is', null).where('order_number', '=', filter.guestOrderNumber);
  if ('guestEmail' in filter) return query.where('buyer_id', 'is', null).where('buyer_email', '=', filter.guestEmail);
  if ('lookup' in filter) {
    const { by, value } = filter.lookup;
    return query.where(by === 'orderNumber' ? 'order_number' : by === 'email' ? 'buyer_email' : 'buyer_phone_key', '=', value);
  }
  const ofShop = query.where('shop_id', '=', filter.shopId);
  return filter.status ? ofShop.where('status', '=', filter.status) : ofShop;
}

/** What the order screens and a checkout's confirmation read of an order. */
const ORDER_COLUMNS = [
  'id',
  'order_number',
  'buyer_id',
  'shop_name',
  'currency',
  'buyer_name',
  'buyer_email',
  'buyer_phone',
  'ship_address',
  'ship_city',
  'ship_postal_code',
  'notes',
  'subtotal',
  'tax',
  'delivery_fee',
  'delivery_basis',
  'total',
  'coupon_code',
  'coupon_type',
  'coupon_discount',
  'status',
  'payment_method',
  'created_at',
  'courier',
  'tracking_number',
  'buyer_language',
  'buyer_phone_key',
  'status_changed_at',
  'cash_received_on',
  'cash_reference',
  'returns_policy',
  'delivery_time',
] as const;

/** The orders matching `filter`, newest first. */
export async function listOrders(db: DB, filter: OrderFilter, page: { limit: number; offset: number }) {
  return ordersMatching(db, filter)
    .select(ORDER_COLUMNS)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

/** How many orders match `filter`, counted from its index (the admin's lookup: one number's, email's or phone's orders). */
export async function countOrders(db: DB, filter: OrderFilter): Promise<number> {
  const row = await ordersMatching(db, filter)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** How many orders a shop has (of one status), from the totals the database keeps (see schema.ts). */
export async function countShopOrders(db: DB, shopId: number, status?: OrderStatus): Promise<number> {
  let query = db
    .selectFrom('shop_order_totals')
    .select((eb) => eb.fn.sum<number>('order_count').as('n'))
    .where('shop_id', '=', shopId);
  if (status) query = query.where('status', '=', status);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.n ?? 0);
}

export async function listOrderItems(db: DB, orderIds: readonly number[]) {
  if (orderIds.length === 0) return [];
  return (
    db
      .selectFrom('order_items as i')
      // The product's page, while it exists (a delivered order's message links it for a review).
      .leftJoin('products as p', 'p.id', 'i.product_id')
      .select(['i.order_id', 'i.product_name', 'i.image_url', 'i.color', 'i.size', 'i.variant_label', 'i.sku', 'i.unit_price', 'i.quantity', 'i.line_total', 'p.slug as product_slug'])
      .where('i.order_id', 'in', orderIds)
      // By order, then as written: the (order_id) index gives this order, with no sort (by id alone it sorted).
      .orderBy('i.order_id')
      .orderBy('i.id')
      .execute()
  );
}

export async function listStatusEvents(db: DB, orderIds: readonly number[]) {
  if (orderIds.length === 0) return [];
  return db
    .selectFrom('order_status_events as e')
    // Who moved it (issue 51: the shop's view names the owner or the helper), as their profile reads now.
    .leftJoin('profiles as p', 'p.user_id', 'e.actor_id')
    .select(['e.order_id', 'e.status', 'e.created_at', 'p.full_name as actor_name'])
    .where('e.order_id', 'in', orderIds)
    // By order, then as written: the (order_id) index gives this order, with no sort (by id alone it sorted).
    .orderBy('e.order_id')
    .orderBy('e.id')
    .execute();
}

export type OrderRow = Awaited<ReturnType<typeof listOrders>>[number];
export type OrderItemRow = Awaited<ReturnType<typeof listOrderItems>>[number];
export type StatusEventRow = Awaited<ReturnType<typeof listStatusEvents>>[number];

/** Takes `quantity` units only if that many are left; false when stock is short (never negative). */
export async function decrementStock(db: DB, productId: number, quantity: number, now: string): Promise<boolean> {
  const result = await takeStock(db, productId, quantity, now);
  return Number(result.numAffectedRows) === 1;
}

// The checkout's statements, compiled once (db/compiled-once.ts): they run for every order placed.
const takeStock = compiledOnce((db: DB, productId: number, quantity: number, now: string) =>
  db
    .updateTable('products')
    .set((eb) => ({ stock_amount: eb('stock_amount', '-', quantity), updated_at: now }))
    .where('id', '=', productId)
    .where('stock_amount', '>=', quantity),
);

/** The same guarded take from one variant of a per_variant product (its triggers lower the product's total). */
export async function decrementVariantStock(db: DB, variant: VariantKey, quantity: number): Promise<boolean> {
  const result = await takeVariantStock(db, variant.productId, variant.color ?? '', variant.size ?? '', quantity);
  return Number(result.numAffectedRows) === 1;
}

const takeVariantStock = compiledOnce((db: DB, productId: number, color: string, size: string, quantity: number) =>
  db
    .updateTable('product_variants')
    .set((eb) => ({ stock: eb('stock', '-', quantity) }))
    .where('product_id', '=', productId)
    .where('color', '=', color)
    .where('size', '=', size)
    .where('stock', '>=', quantity),
);

export async function currentVariantStock(db: DB, variant: VariantKey): Promise<number> {
  const row = await db
    .selectFrom('product_variants')
    .select('stock')
    .where('product_id', '=', variant.productId)
    .where('color', '=', variant.color ?? '')
    .where('size', '=', variant.size ?? '')
    .executeTakeFirst();
  return row?.stock ?? 0;
}

export async function currentStock(db: DB, productId: number): Promise<number> {
  const row = await db.selectFrom('products').select('stock_amount').where('id', '=', productId).executeTakeFirst();
  return row?.stock_amount ?? 0;
}

/**
 * The day's next `count` order sequence values, in order, in one statement. SQLite: the day's row,
 * inserted or raised by `count`. PostgreSQL (migration 2026_11_28_010000): the counter's next values
 * minus the day's base, so concurrent checkouts never wait for each other's commits on the day's row;
 * the first order of a day inserts the base. Checkouts racing at a day's first moment may share a
 * number: the order number's random part keeps them apart (and it is unique).
 */
export async function nextOrderSequences(db: DB, day: string, count: number): Promise<number[]> {
  if (count === 0) return [];
  if (engineOf(db) === 'postgres') return nextCounterSequences(db, day, count);
  const { rows } = await countDay(db, day, count);
  const last = rows[0]!.last_value;
  return Array.from({ length: count }, (_, i) => last - count + 1 + i);
}

const countDay = compiledOnce((db: DB, day: string, count: number) =>
  db
    .insertInto('order_number_sequences')
    .values({ day, last_value: count })
    .onConflict((oc) => oc.column('day').doUpdateSet((eb) => ({ last_value: eb('order_number_sequences.last_value', '+', count) })))
    .returning('last_value'),
);

/**
 * The count is written into the text (one prepared statement per number of orders a checkout places):
 * as a parameter, `generate_series(1, $1)` is estimated at 1,000 rows in the generic plan, so
 * PostgreSQL planned the statement afresh on every call (pg_stat_statements: 1,382 plans for 1,372
 * calls, 245 µs of planning each, under the bench), where every other statement of a checkout is
 * planned 6 times per connection.
 */
async function nextCounterSequences(db: DB, day: string, count: number): Promise<number[]> {
  if (!Number.isSafeInteger(count) || count < 1) throw new Error(`an order count must be a positive integer, not ${count}`);
  const { rows } = await sql<{ value: string; n: string | null }>`with counter as (select nextval('order_number_counter') as value from generate_series(1, ${sql.lit(count)})),
      first as (insert into order_number_sequences (day, last_value) select ${day}, min(value) - 1 from counter on conflict (day) do nothing returning last_value)
    select counter.value, counter.value - coalesce((select last_value from first), (select last_value from order_number_sequences where day = ${day})) as n
    from counter order by counter.value`.execute(db);
  let base: number | null = null;
  const sequences: number[] = [];
  for (const row of rows) {
    let n = row.n === null ? null : Number(row.n);
    if (n === null) {
      // The day's base was inserted by a checkout that committed while this statement waited for it.
      base ??= (await db.selectFrom('order_number_sequences').select('last_value').where('day', '=', day).executeTakeFirstOrThrow()).last_value;
      n = Number(row.value) - base;
    }
    sequences.push(Math.max(1, n));
  }
  return sequences;
}

/**
 * Claims a checkout attempt's key for this transaction. Undefined when the key is already taken: a
 * request carrying it committed first (a second one waits for the write lock, then sees it here).
 */
export async function claimCheckoutAttempt(
  db: DB,
  attempt: { attempt_key: string; request_hash: string; created_at: string },
): Promise<number | undefined> {
  const { rows } = await claimAttempt(db, attempt);
  return rows[0]?.id;
}

const claimAttempt = compiledOnce((db: DB, attempt: { attempt_key: string; request_hash: string; created_at: string }) =>
  db.insertInto('checkout_attempts').values(attempt).onConflict((oc) => oc.column('attempt_key').doNothing()).returning('id'),
);

export async function findCheckoutAttempt(db: DB, attemptKey: string) {
  return db.selectFrom('checkout_attempts').select(['id', 'request_hash']).where('attempt_key', '=', attemptKey).executeTakeFirst();
}

/**
 * Deletes up to `limit` checkout attempts created before `before`, oldest first (housekeeping): their
 * orders stay, unlinked (checkout_attempt_id is set null by the foreign key). Returns how many went.
 */
export async function deleteCheckoutAttemptsBefore(db: DB, before: Date, limit: number): Promise<number> {
  const old = db.selectFrom('checkout_attempts').select('id').where('created_at', '<', before.toISOString()).orderBy('id').limit(limit);
  const result = await db.deleteFrom('checkout_attempts').where('id', 'in', old).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Deletes up to `limit` order-number sequences of days before `beforeDay` (YYYYMMDD); returns how many went. */
export async function deleteOrderSequencesBefore(db: DB, beforeDay: string, limit: number): Promise<number> {
  const old = db.selectFrom('order_number_sequences').select('day').where('day', '<', beforeDay).orderBy('day').limit(limit);
  const result = await db.deleteFrom('order_number_sequences').where('day', 'in', old).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The orders one checkout attempt placed, with what its confirmation shows. */
export async function listAttemptOrders(db: DB, attemptId: number) {
  return db
    .selectFrom('orders')
    .select([...ORDER_COLUMNS, 'shop_id', 'shop_whatsapp'])
    .where('checkout_attempt_id', '=', attemptId)
    .orderBy('id')
    .execute();
}

export type PlacedOrderRow = Awaited<ReturnType<typeof listAttemptOrders>>[number];

/** An order to write with its lines (their `order_id` comes from the order's row). */
export interface OrderDraft {
  order: Insertable<OrdersTable>;
  items: Array<Omit<Insertable<OrderItemsTable>, 'order_id'>>;
}

/**
 * Writes a checkout's orders, each with its lines and its first history row, and returns their ids in
 * the drafts' order. SQLite: three statements per order (each a function call). PostgreSQL (issue 33):
 * one statement for them all, each table written by one INSERT from a JSON array, so a checkout's
 * writes are one round trip whatever its number of shops and lines.
 */
export async function insertOrders(db: DB, drafts: readonly OrderDraft[], first: { status: OrderStatus; actorId: number | null; at: string }): Promise<number[]> {
  if (drafts.length === 0) return [];
  const columns = definedKeys(drafts[0]!.order);
  const sameColumns = drafts.every((d) => definedKeys(d.order).join() === columns.join());
  if (engineOf(db) === 'postgres' && sameColumns && drafts.every((d) => d.items.length > 0)) return insertOrdersAtOnce(db, drafts, columns, first);
  const ids: number[] = [];
  for (const { order, items } of drafts) {
    const id = (await addOrder(db, order)).rows[0]!.id;
    await addOrderItems(db, items.map((item) => ({ ...item, order_id: id })));
    await addStatusEvent(db, id, first.status, first.actorId, first.at);
    ids.push(id);
  }
  return ids;
}

const definedKeys = (row: object) => Object.entries(row).filter(([, value]) => value !== undefined).map(([key]) => key);

async function insertOrdersAtOnce(db: DB, drafts: readonly OrderDraft[], columns: string[], first: { status: OrderStatus; actorId: number | null; at: string }): Promise<number[]> {
  const itemColumns = definedKeys(drafts[0]!.items[0]!);
  const items = drafts.flatMap(({ order, items }) => items.map((item) => ({ ...item, order_number: order.order_number })));
  const list = (names: string[], table?: string) => sql.join(names.map((name) => sql.ref(table ? `${table}.${name}` : name)));
  const { rows } = await sql<{ id: number; order_number: string }>`with o as (
      insert into orders (${list(columns)}) select ${list(columns, 'r')} from json_populate_recordset(null::orders, ${JSON.stringify(drafts.map((d) => d.order))}::json) with ordinality r
      order by r.ordinality returning id, order_number
    ), i as (
      insert into order_items (order_id, ${list(itemColumns)})
      select o.id, ${list(itemColumns, 'r')} from json_array_elements(${JSON.stringify(items)}::json) with ordinality e
      cross join lateral json_populate_record(null::order_items, e.value) r
      join o on o.order_number = e.value->>'order_number'
      order by e.ordinality
    ), s as (
      insert into order_status_events (order_id, status, actor_id, created_at) select id, ${first.status}::text, ${first.actorId}::bigint, ${first.at}::text from o order by id
    )
    select id, order_number from o`.execute(db);
  const ids = new Map(rows.map((row) => [row.order_number, Number(row.id)]));
  return drafts.map((d) => ids.get(d.order.order_number)!);
}

const addOrder = compiledOnce((db: DB, order: Insertable<OrdersTable>) => db.insertInto('orders').values(order).returning('id'));

const addOrderItems = compiledOnce((db: DB, items: Array<Insertable<OrderItemsTable>>) => db.insertInto('order_items').values(items));

/** What a status email says of an order. */
export async function findForStatusEmail(db: DB, orderId: number) {
  return db
    .selectFrom('orders')
    .select(['order_number', 'buyer_id', 'shop_name', 'buyer_name', 'buyer_email', 'buyer_language'])
    .where('id', '=', orderId)
    .executeTakeFirst();
}

export async function findForStatusChange(db: DB, orderId: number) {
  return db.selectFrom('orders').select(['id', 'status', 'shop_id', 'buyer_id', 'order_number']).where('id', '=', orderId).executeTakeFirst();
}

/** Moves an order only if it is still in `from` (two tabs changing one order cannot both win). */
export async function updateStatusFrom(db: DB, orderId: number, from: OrderStatus, to: OrderStatus, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({ status: to, updated_at: now.toISOString(), status_changed_at: now.toISOString() })
    .where('id', '=', orderId)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertStatusEvent(db: DB, orderId: number, status: OrderStatus, actorId: number | null, now: Date): Promise<void> {
  await addStatusEvent(db, orderId, status, actorId, now.toISOString());
}

const addStatusEvent = compiledOnce((db: DB, orderId: number, status: OrderStatus, actorId: number | null, at: string) =>
  db.insertInto('order_status_events').values({ order_id: orderId, status, actor_id: actorId, created_at: at }),
);

/**
 * Gives the stock of a cancelled order back to its products that still exist: to the variant the
 * line took it from while the product keeps it; to the product's shared stock when the product is
 * shared (it may have gone back to shared since). A variant since removed gets nothing back.
 * Returns the products that got stock back.
 */
export async function restoreStock(db: DB, orderId: number): Promise<number[]> {
  const items = await db
    .selectFrom('order_items as i')
    .innerJoin('products as p', 'p.id', 'i.product_id')
    .select(['i.product_id', 'i.color', 'i.size', 'i.quantity', 'p.stock_mode'])
    .where('i.order_id', '=', orderId)
    .execute();
  for (const item of items) {
    const productId = item.product_id as number;
    if (item.stock_mode === 'per_variant') {
      await db
        .updateTable('product_variants')
        .set((eb) => ({ stock: eb('stock', '+', item.quantity) }))
        .where('product_id', '=', productId)
        .where('color', '=', item.color ?? '')
        .where('size', '=', item.size ?? '')
        .execute();
      continue;
    }
    await db
      .updateTable('products')
      .set((eb) => ({ stock_amount: eb('stock_amount', '+', item.quantity) }))
      .where('id', '=', productId)
      .execute();
  }
  return [...new Set(items.map((item) => item.product_id as number))];
}
