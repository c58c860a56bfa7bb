import type { DeliveryRule } from '../../shared/delivery';
import { cityKey } from '../../shared/pakistan-cities';
import type { CreateShopValues } from '../../shared/schemas/shop';
import type { DB } from '../db/client';
import { compiledOnce } from '../db/compiled-once';

/** The caller's own shop, resolved once per request by the shopkeeper tier. */
export async function findByOwner(db: DB, ownerId: number) {
  return db
    .selectFrom('shops')
    .select(['id', 'name', 'slug', 'currency', 'is_active', 'taken_down_at', 'whatsapp_number', 'tax_rate_bps'])
    .where('owner_id', '=', ownerId)
    .executeTakeFirst();
}

export type OwnShop = NonNullable<Awaited<ReturnType<typeof findByOwner>>>;

/** Whether an account is on a shop's staff (it may then own none). */
export async function isStaff(db: DB, userId: number): Promise<boolean> {
  return (await db.selectFrom('shop_staff').select('id').where('user_id', '=', userId).executeTakeFirst()) !== undefined;
}

export async function insertShop(
  db: DB,
  values: Omit<CreateShopValues, 'taxRate'> & { ownerId: number; taxRateBps: number; now: Date },
): Promise<number> {
  const row = await db
    .insertInto('shops')
    .values({
      owner_id: values.ownerId,
      name: values.name,
      slug: values.slug,
      description: values.description,
      contact_email: values.contactEmail,
      contact_phone: values.contactPhone,
      whatsapp_number: values.whatsappNumber,
      currency: values.currency,
      tax_rate_bps: values.taxRateBps,
      created_at: values.now.toISOString(),
      updated_at: values.now.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** What the settings screen edits. */
export async function findSettings(db: DB, shopId: number) {
  return db
    .selectFrom('shops')
    .select([
      'id',
      'name',
      'slug',
      'description',
      'contact_email',
      'contact_phone',
      'whatsapp_number',
      'currency',
      'tax_rate_bps',
      'logo_url',
      'profile_picture_url',
      'cover_image_url',
      'is_active',
      'email_new_orders',
      'returns_policy',
      'delivery_time',
    ])
    .where('id', '=', shopId)
    .executeTakeFirst();
}

export async function updateSettings(
  db: DB,
  shopId: number,
  values: {
    name: string;
    description: string;
    contactEmail: string;
    contactPhone: string;
    whatsappNumber: string;
    currency: string;
    logoUrl: string | null;
    profilePictureUrl: string | null;
    coverImageUrl: string | null;
    now: Date;
  },
): Promise<void> {
  await db
    .updateTable('shops')
    .set({
      name: values.name,
      description: values.description,
      contact_email: values.contactEmail,
      contact_phone: values.contactPhone,
      whatsapp_number: values.whatsappNumber,
      currency: values.currency,
      logo_url: values.logoUrl,
      profile_picture_url: values.profilePictureUrl,
      cover_image_url: values.coverImageUrl,
      updated_at: values.now.toISOString(),
    })
    .where('id', '=', shopId)
    .execute();
}

/**
 * The shop's orders by currency and status, how many and their totals: the totals the database keeps
 * (see schema.ts), a few rows, never the orders themselves.
 */
export async function orderTotals(db: DB, shopId: number) {
  return db.selectFrom('shop_order_totals').select(['currency', 'status', 'order_count', 'order_total']).where('shop_id', '=', shopId).execute();
}

/** The same per UTC day (YYYY-MM-DD) from `sinceDay` on, for the dashboard chart. */
export async function orderDays(db: DB, shopId: number, sinceDay: string) {
  return db
    .selectFrom('shop_order_days')
    .select(['day', 'currency', 'status', 'order_count', 'order_total'])
    .where('shop_id', '=', shopId)
    .where('day', '>=', sinceDay)
    .execute();
}

/**
 * The shop's products, those low on stock (1 to lowStockBelow - 1 left, or per variant any variant
 * below it while the product still has stock) and those out of stock.
 */
export async function productCounts(db: DB, shopId: number, lowStockBelow: number) {
  const row = await db
    .selectFrom('products')
    .select((eb) => [
      eb.fn.countAll<number>().as('products'),
      eb.fn
        .sum<number>(
          eb
            .case()
            .when(
              eb.and([
                eb('stock_amount', '>', 0),
                // Per variant: low as soon as one variant is (its shared stock has no variant rows).
                eb.or([
                  eb('stock_amount', '<', lowStockBelow),
                  eb.exists(
                    eb
                      .selectFrom('product_variants as v')
                      .select('v.id')
                      .whereRef('v.product_id', '=', 'products.id')
                      .where('v.stock', '<', lowStockBelow),
                  ),
                ]),
              ]),
            )
            .then(1)
            .else(0)
            .end(),
        )
        .as('low_stock'),
      eb.fn.sum<number>(eb.case().when('stock_amount', '=', 0).then(1).else(0).end()).as('out_of_stock'),
    ])
    .where('shop_id', '=', shopId)
    .executeTakeFirstOrThrow();
  return { products: Number(row.products), lowStock: Number(row.low_stock ?? 0), outOfStock: Number(row.out_of_stock ?? 0) };
}

/** The delivery rules of some shops: their own columns, and their city rows in the order written. */
export async function findDeliveryRules(db: DB, shopIds: readonly number[]) {
  if (shopIds.length === 0) return { shops: [], cities: [] };
  // One statement (a round trip on PostgreSQL, issue 33): each shop once per city row, or once with none.
  const { rows } = await rulesOfShops(db, [...shopIds]);
  const shops = new Map<number, { id: number; currency: string; delivery_fee: number | null; free_delivery_from: number | null }>();
  const cities: Array<{ shop_id: number; city: string; fee: number | null; no_delivery: number }> = [];
  for (const row of rows) {
    const id = Number(row.id);
    if (!shops.has(id)) shops.set(id, { id, currency: row.currency, delivery_fee: row.delivery_fee, free_delivery_from: row.free_delivery_from });
    if (row.city !== null) cities.push({ shop_id: id, city: row.city, fee: row.fee, no_delivery: row.no_delivery! });
  }
  return { shops: [...shops.values()], cities };
}

// Checkout's statement, compiled once per number of shops (db/compiled-once.ts).
const rulesOfShops = compiledOnce((db: DB, ids: number[]) =>
  db
    .selectFrom('shops as s')
    .leftJoin('shop_delivery_cities as c', 'c.shop_id', 's.id')
    .select(['s.id', 's.currency', 's.delivery_fee', 's.free_delivery_from', 'c.city', 'c.fee', 'c.no_delivery'])
    .where('s.id', 'in', ids)
    .orderBy('s.id')
    .orderBy('c.position'),
);

/** Replaces a shop's delivery rule: its fee and threshold, and every city row keyed by the city as compared (cityKey: a listed city's id, whatever script named it). */
export async function replaceDeliveryRule(
  db: DB,
  shopId: number,
  rule: DeliveryRule,
  now: Date,
): Promise<void> {
  await db
    .updateTable('shops')
    .set({ delivery_fee: rule.fee, free_delivery_from: rule.freeFrom, updated_at: now.toISOString() })
    .where('id', '=', shopId)
    .execute();
  await db.deleteFrom('shop_delivery_cities').where('shop_id', '=', shopId).execute();
  if (rule.cities.length === 0) return;
  await db
    .insertInto('shop_delivery_cities')
    .values(
      rule.cities.map((r, position) => ({
        shop_id: shopId,
        city_key: cityKey(r.city),
        city: r.city,
        fee: r.noDelivery ? null : r.fee,
        no_delivery: r.noDelivery ? 1 : 0,
        position,
      })),
    )
    .execute();
}

/** The shop setting "Email me new orders". */
/** The shop's "Returns and exchanges" and "Delivery time" (issue 47). */
export async function setPolicies(db: DB, shopId: number, policies: { returnsPolicy: string; deliveryTime: string }, now: Date): Promise<void> {
  await db
    .updateTable('shops')
    .set({ returns_policy: policies.returnsPolicy, delivery_time: policies.deliveryTime, updated_at: now.toISOString() })
    .where('id', '=', shopId)
    .execute();
}

export async function setEmailNewOrders(db: DB, shopId: number, enabled: boolean, now: Date): Promise<void> {
  await db.updateTable('shops').set({ email_new_orders: enabled ? 1 : 0, updated_at: now.toISOString() }).where('id', '=', shopId).execute();
}

/** Where each shop's new-order email goes: its contact email, when it has one and the setting is on. */
export async function findNewOrderRecipients(db: DB, shopIds: readonly number[]) {
  if (shopIds.length === 0) return [];
  return db
    .selectFrom('shops')
    .select(['id', 'contact_email'])
    .where('id', 'in', shopIds)
    .where('email_new_orders', '=', 1)
    .where('contact_email', '!=', '')
    .execute();
}

/** Hides (a time) or shows again (null) the shops of an account suspended (issue 49). */
export async function setOwnerSuspended(db: DB, ownerId: number, at: string | null): Promise<void> {
  await db.updateTable('shops').set({ owner_suspended_at: at }).where('owner_id', '=', ownerId).execute();
}
