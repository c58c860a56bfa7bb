import type { Language } from '../../shared/i18n/language';
import type { DB } from '../db/client';
import { productIsPublic } from '../catalog/visibility';

/** A pending request; '' for the option it does not name (both '': the product as a whole). */
export interface NewRequest {
  productId: number;
  color: string;
  size: string;
  email: string;
  language: Language;
  userId: number | null;
  now: Date;
}

/** Writes the request unless the same one is pending; true when it was written. */
export async function insertRequest(db: DB, request: NewRequest): Promise<boolean> {
  const row = await db
    .insertInto('back_in_stock_requests')
    .values({
      product_id: request.productId,
      color: request.color,
      size: request.size,
      email: request.email,
      language: request.language,
      user_id: request.userId,
      created_at: request.now.toISOString(),
    })
    .onConflict((oc) => oc.columns(['product_id', 'color', 'size', 'email']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The pending requests of `productIds` whose stock is above 0 now, on products buyers may see: a
 * request for the product as a whole by the product's stock (a per-variant product's is its variants'
 * sum), one for a colour x size by that variant's.
 */
export async function dueRequests(db: DB, productIds: readonly number[]) {
  if (productIds.length === 0) return [];
  return db
    .selectFrom('back_in_stock_requests as r')
    .innerJoin('products as p', 'p.id', 'r.product_id')
    .innerJoin('shops as s', 's.id', 'p.shop_id')
    .select(['r.id', 'r.color', 'r.size', 'r.email', 'r.language', 'p.name', 'p.slug'])
    .where('r.product_id', 'in', [...productIds])
    .where((eb) => productIsPublic(eb))
    .where((eb) =>
      eb.or([
        eb.and([eb('r.color', '=', ''), eb('r.size', '=', ''), eb('p.stock_amount', '>', 0)]),
        eb.exists(
          eb
            .selectFrom('product_variants as v')
            .select('v.product_id')
            .whereRef('v.product_id', '=', 'r.product_id')
            .whereRef('v.color', '=', 'r.color')
            .whereRef('v.size', '=', 'r.size')
            .where('v.stock', '>', 0),
        ),
      ]),
    )
    .orderBy('r.id')
    .execute();
}

/**
 * Takes one pending request (it is then done): true for the one transaction that deleted it. Under
 * concurrent stock updates the others find it gone (PostgreSQL: they wait for the row, or retry), so
 * exactly one of them writes its email.
 */
export async function takeRequest(db: DB, id: number): Promise<boolean> {
  const result = await db.deleteFrom('back_in_stock_requests').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** The stop link: every pending request of the address goes. Returns how many. */
export async function deleteByEmail(db: DB, email: string): Promise<number> {
  const result = await db.deleteFrom('back_in_stock_requests').where('email', '=', email).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function countByEmail(db: DB, email: string): Promise<number> {
  const row = await db
    .selectFrom('back_in_stock_requests')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** How many requests wait for each of `productIds` (absent: none). */
export async function waitingCounts(db: DB, productIds: readonly number[]): Promise<Map<number, number>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('back_in_stock_requests')
    .select((eb) => ['product_id', eb.fn.countAll<number>().as('n')])
    .where('product_id', 'in', [...productIds])
    .groupBy('product_id')
    .execute();
  return new Map(rows.map((r) => [Number(r.product_id), Number(r.n)]));
}

/** A product buyers may see, with what its stock is kept by; undefined otherwise. */
export async function findPublicProduct(db: DB, productId: number) {
  return db
    .selectFrom('products as p')
    .innerJoin('shops as s', 's.id', 'p.shop_id')
    .select(['p.id', 'p.stock_amount', 'p.stock_mode', 'p.colors', 'p.sizes'])
    .where('p.id', '=', productId)
    .where((eb) => productIsPublic(eb))
    .executeTakeFirst();
}

/** The variant of a per-variant product ('' for the option it lacks), or undefined when it has none such. */
export async function variantStock(db: DB, productId: number, color: string, size: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('product_variants')
    .select('stock')
    .where('product_id', '=', productId)
    .where('color', '=', color)
    .where('size', '=', size)
    .executeTakeFirst();
  return row?.stock;
}
