import { type Kysely, sql } from 'kysely';

// Frozen in time: this file imports nothing from src/ and is never edited after it has shipped.

// Cash received (issue 30, product-decisions 6): a delivered order's cash is awaiting until the shop
// marks it received.
// - orders.status_changed_at: when the order reached its status (set with every status change), so
//   "awaiting since" and "returned in the last 30 days" read an index, not the status history.
//   Existing orders take it from their history (the newest event of their status), else updated_at.
// - orders.cash_received_on: the day the courier paid the shop (YYYY-MM-DD, the marketplace's time
//   zone), only ever on a delivered order; orders.cash_reference: the courier's slip number, optional.
// - orders_email_created_idx (replacing the guests-only orders_guest_email_idx), orders_phone_created_idx:
//   the admin's order lookup across shops.
// - Two indexes the cash summary reads alone (covering: currency and total are in them): the shop's
//   orders by status, cash and status time (awaiting, returned), and its received cash by day.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('status_changed_at', 'text').execute();
  await db.schema
    .alterTable('orders')
    .addColumn('cash_received_on', 'text', (c) =>
      c.check(sql`cash_received_on is null or (length(cash_received_on) = 10 and status = 'delivered')`),
    )
    .execute();
  await db.schema
    .alterTable('orders')
    .addColumn('cash_reference', 'text', (c) => c.check(sql`cash_reference is null or (length(cash_reference) between 1 and 60 and cash_received_on is not null)`))
    .execute();
  await sql`update orders set status_changed_at = coalesce(
      (select max(e.created_at) from order_status_events e where e.order_id = orders.id and e.status = orders.status),
      updated_at)`.execute(db);
  await db.schema
    .createIndex('orders_shop_cash_idx')
    .on('orders')
    .columns(['shop_id', 'status', 'cash_received_on', 'status_changed_at', 'currency', 'total'])
    .execute();
  await db.schema
    .createIndex('orders_shop_received_idx')
    .on('orders')
    .columns(['shop_id', 'cash_received_on', 'currency', 'total'])
    .where(sql.ref('cash_received_on'), 'is not', null)
    .execute();
  // The admin's order lookup across shops, newest first: by buyer email and by compared phone. The
  // email index holds every order's, so it replaces the guests-only one guest tracking read.
  await db.schema.dropIndex('orders_guest_email_idx').execute();
  await db.schema.createIndex('orders_email_created_idx').on('orders').columns(['buyer_email', 'created_at']).execute();
  await db.schema.createIndex('orders_phone_created_idx').on('orders').columns(['buyer_phone_key', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('orders_phone_created_idx').execute();
  await db.schema.dropIndex('orders_email_created_idx').execute();
  await db.schema
    .createIndex('orders_guest_email_idx')
    .on('orders')
    .columns(['buyer_email', 'created_at'])
    .where(sql.ref('buyer_id'), 'is', null)
    .execute();
  await db.schema.dropIndex('orders_shop_received_idx').execute();
  await db.schema.dropIndex('orders_shop_cash_idx').execute();
  for (const column of ['cash_reference', 'cash_received_on', 'status_changed_at']) {
    await db.schema.alterTable('orders').dropColumn(column).execute();
  }
}
