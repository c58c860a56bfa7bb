import type { Insertable } from 'kysely';
import { productIsPublic, shopIsPublic } from '../catalog/visibility';
import type { DB } from '../db/client';
import type { ReportResolution, ReportsTable } from '../db/schema';
import type { ReportThing } from '../../shared/reports';

/** Reports of products, shops and reviews (issue 49); the queries of reports.service. */
export interface Thing {
  type: ReportThing;
  id: number;
}

export async function insertReport(db: DB, row: Insertable<ReportsTable>): Promise<void> {
  await db.insertInto('reports').values(row).execute();
}

export async function findOpenReport(db: DB, thing: Thing, reporterKey: string) {
  return db
    .selectFrom('reports')
    .select('id')
    .where('subject_type', '=', thing.type)
    .where('subject_id', '=', thing.id)
    .where('reporter_key', '=', reporterKey)
    .where('status', '=', 'open')
    .executeTakeFirst();
}

/** The reported thing as the rules need it: its name, whose shop it is, whether it is hidden; undefined when gone. */
export async function findProduct(db: DB, id: number) {
  return db
    .selectFrom('products as p')
    .innerJoin('shops as s', 's.id', 'p.shop_id')
    .select(['p.id', 'p.name', 'p.slug', 'p.shop_id', 's.owner_id'])
    .select((eb) => eb.case().when(productIsPublic(eb)).then(1).else(0).end().as('is_public'))
    .where('p.id', '=', id)
    .executeTakeFirst();
}

export async function findShop(db: DB, id: number) {
  return db
    .selectFrom('shops as s')
    .select(['s.id', 's.name', 's.slug', 's.owner_id', 's.id as shop_id'])
    .select((eb) => eb.case().when(shopIsPublic(eb)).then(1).else(0).end().as('is_public'))
    .where('s.id', '=', id)
    .executeTakeFirst();
}

/** A review with what it is of: the product (and its shop) or the shop. */
export async function findReview(db: DB, kind: 'product' | 'shop', id: number) {
  if (kind === 'product') {
    return db
      .selectFrom('product_reviews as r')
      .innerJoin('products as p', 'p.id', 'r.product_id')
      .innerJoin('shops as s', 's.id', 'p.shop_id')
      .select(['r.id', 'r.comment', 'r.hidden_at', 'p.name', 'p.slug', 'p.shop_id', 's.owner_id'])
      .select((eb) => eb.case().when(productIsPublic(eb)).then(1).else(0).end().as('is_public'))
      .where('r.id', '=', id)
      .executeTakeFirst();
  }
  return db
    .selectFrom('shop_reviews as r')
    .innerJoin('shops as s', 's.id', 'r.shop_id')
    .select(['r.id', 'r.comment', 'r.hidden_at', 's.name', 's.slug', 's.id as shop_id', 's.owner_id'])
    .select((eb) => eb.case().when(shopIsPublic(eb)).then(1).else(0).end().as('is_public'))
    .where('r.id', '=', id)
    .executeTakeFirst();
}

/** Open: one row per thing with open reports, the latest reported first. */
export async function listOpenThings(db: DB, offset: number, limit: number) {
  return db
    .selectFrom('reports')
    .select(['subject_type', 'subject_id'])
    .select((eb) => [eb.fn.countAll<number | string>().as('count'), eb.fn.max('created_at').as('latest_at')])
    .where('status', '=', 'open')
    .groupBy(['subject_type', 'subject_id'])
    .orderBy('latest_at', 'desc')
    .orderBy('subject_id', 'desc')
    .limit(limit + 1)
    .offset(offset)
    .execute();
}

/** Resolved: one row per thing per resolution, the latest resolved first. */
export async function listResolvedThings(db: DB, offset: number, limit: number) {
  return db
    .selectFrom('reports as r')
    .leftJoin('profiles as pr', 'pr.user_id', 'r.resolved_by')
    .select(['r.subject_type', 'r.subject_id', 'r.resolved_at', 'r.resolution', 'r.note', 'pr.full_name as resolved_by_name'])
    .select((eb) => [eb.fn.countAll<number | string>().as('count'), eb.fn.max('r.created_at').as('latest_at')])
    .where('r.status', '=', 'resolved')
    .groupBy(['r.subject_type', 'r.subject_id', 'r.resolved_at', 'r.resolution', 'r.note', 'pr.full_name'])
    .orderBy('r.resolved_at', 'desc')
    .orderBy('r.subject_id', 'desc')
    .limit(limit + 1)
    .offset(offset)
    .execute();
}

/** The reports of these things with this status, newest first (their reasons and latest details). */
export async function reportsOf(db: DB, things: Thing[], status: 'open' | 'resolved') {
  if (things.length === 0) return [];
  return db
    .selectFrom('reports')
    .select(['subject_type', 'subject_id', 'reason', 'details', 'created_at', 'resolved_at'])
    .where('status', '=', status)
    .where((eb) => eb.or(things.map((t) => eb.and([eb('subject_type', '=', t.type), eb('subject_id', '=', t.id)]))))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Closes every open report of the thing; returns how many. */
export async function closeOpenReports(
  db: DB,
  thing: Thing,
  close: { resolution: ReportResolution; note: string | null; by: number; at: string },
): Promise<number> {
  const r = await db
    .updateTable('reports')
    .set({ status: 'resolved', resolution: close.resolution, note: close.note, resolved_by: close.by, resolved_at: close.at })
    .where('subject_type', '=', thing.type)
    .where('subject_id', '=', thing.id)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** The dashboard's "Reports: N open": things with open reports. */
export async function countOpenThings(db: DB): Promise<number> {
  const row = await db
    .selectFrom((eb) => eb.selectFrom('reports').select(['subject_type', 'subject_id']).where('status', '=', 'open').groupBy(['subject_type', 'subject_id']).as('t'))
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
