import type { z } from 'zod';
import { type ActivityActor, recordActivity } from '../activity/activity.service';
import { setProductActiveIn, setShopActiveIn } from '../admin/admin.service';
import type { DB } from '../db/client';
import type { ReportResolution } from '../db/schema';
import { inTransaction } from '../db/transaction';
import { AppError, badRequest, conflict, isUniqueViolation, notFound } from '../errors';
import { offsetPage } from '../pagination';
import { setReviewHiddenIn } from '../reviews/reviews.service';
import { type ReportAction, type ReportReason, RESOLUTIONS_FOR } from '../../shared/reports';
import type { reportSchema } from '../../shared/schemas/report';
import * as repo from './reports.repository';
import type { Thing } from './reports.repository';

const REPORTS_PAGE = 20;
const ALREADY_REPORTED = 'You have already reported this';
const NOT_FOUND: Record<Thing['type'], string> = {
  product: 'Product not found',
  shop: 'Shop not found',
  product_review: 'Review not found',
  shop_review: 'Review not found',
};
const RESOLUTION_OF: Record<ReportAction, ReportResolution> = {
  hide_product: 'product_hidden',
  deactivate_shop: 'shop_deactivated',
  hide_review: 'review_hidden',
  dismiss: 'dismissed',
};

/** The reported thing as the rules and the admin's list need it; undefined when it is gone. */
async function thingOf(db: DB, thing: Thing) {
  const onProduct = thing.type === 'product' || thing.type === 'product_review';
  const row =
    thing.type === 'product'
      ? { ...(await repo.findProduct(db, thing.id)), comment: null, hidden_at: null }
      : thing.type === 'shop'
        ? { ...(await repo.findShop(db, thing.id)), comment: null, hidden_at: null }
        : await repo.findReview(db, onProduct ? 'product' : 'shop', thing.id);
  if (!row?.name) return undefined;
  return {
    name: row.name,
    link: `${onProduct ? '/product/' : '/shop/'}${row.slug}`,
    shopId: row.shop_id,
    ownerId: row.owner_id,
    isPublic: Number(row.is_public) === 1 && !row.hidden_at,
    reviewComment: row.comment,
    reviewHidden: Boolean(row.hidden_at),
  };
}

/**
 * A report by a buyer or a guest (rate-limited by its procedure): of something the public sees, once
 * while open per reporter and thing; a shop's owner does not report their own shop or products.
 */
export async function submitReport(db: DB, input: z.output<typeof reportSchema>, reporter: { userId: number | null }, now: Date) {
  const reporterKey = reporter.userId !== null ? `user:${reporter.userId}` : input.clientKey ? `guest:${input.clientKey}` : null;
  if (!reporterKey) throw badRequest('Something went wrong. Please try again.');
  const thing = input.thing;
  await inTransaction(db, async (trx) => {
    const found = await thingOf(trx, thing);
    if (!found?.isPublic) throw notFound(NOT_FOUND[thing.type]);
    if ((thing.type === 'product' || thing.type === 'shop') && found.ownerId === reporter.userId) {
      throw new AppError('FORBIDDEN', 'You cannot report your own shop or products');
    }
    if (await repo.findOpenReport(trx, thing, reporterKey)) throw conflict(ALREADY_REPORTED);
    try {
      await repo.insertReport(trx, {
        subject_type: thing.type,
        subject_id: thing.id,
        reporter_key: reporterKey,
        reporter_user_id: reporter.userId,
        reason: input.reason,
        details: input.details || null,
        created_at: now.toISOString(),
      });
    } catch (error) {
      // The same reporter's second tab, at the same moment.
      if (isUniqueViolation(error)) throw conflict(ALREADY_REPORTED);
      throw error;
    }
  });
  return { ok: true as const };
}

/** Reasons, most given first (ties in the dialog's order). */
function reasonsOf(rows: Array<{ reason: ReportReason }>): ReportReason[] {
  const counts = new Map<ReportReason, number>();
  for (const { reason } of rows) counts.set(reason, (counts.get(reason) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([reason]) => reason);
}

/**
 * /admin/reports: one row per reported thing (Open), or per thing and resolution (Resolved): how many
 * reports, their reasons, the latest details, and the thing's name and link (null once it is gone).
 */
export async function listReports(db: DB, input: { status: 'open' | 'resolved'; cursor?: number | null }) {
  const offset = input.cursor ?? 0;
  const rows =
    input.status === 'open'
      ? (await repo.listOpenThings(db, offset, REPORTS_PAGE)).map((r) => ({ ...r, resolved_at: null, resolution: null, note: null, resolved_by_name: null }))
      : await repo.listResolvedThings(db, offset, REPORTS_PAGE);
  const page = offsetPage(rows, offset, REPORTS_PAGE);
  const things = page.items.map((r) => ({ type: r.subject_type, id: Number(r.subject_id) }));
  const reports = await repo.reportsOf(db, things, input.status);
  const items = await Promise.all(
    page.items.map(async (row) => {
      const thing = { type: row.subject_type, id: Number(row.subject_id) };
      const own = reports.filter((r) => r.subject_type === thing.type && Number(r.subject_id) === thing.id && r.resolved_at === row.resolved_at);
      const found = await thingOf(db, thing);
      return {
        thing,
        count: Number(row.count),
        reasons: reasonsOf(own),
        latestDetails: own.find((r) => r.details)?.details ?? null,
        latestAt: String(row.latest_at),
        name: found?.name ?? null,
        link: found?.link ?? null,
        reviewComment: found?.reviewComment ?? null,
        actions: found ? RESOLUTIONS_FOR[thing.type] : (['dismiss'] as const),
        resolution: row.resolution,
        note: row.note,
        resolvedAt: row.resolved_at,
        resolvedBy: row.resolved_by_name?.trim() || null,
      };
    }),
  );
  return { items, nextCursor: page.nextCursor };
}

/**
 * An admin's answer to a thing's open reports, in one transaction: hide the product, deactivate the
 * shop, hide the review, or dismiss; every open report of the thing closes with it, and the log
 * records the resolution (and the hiding, by the service that hides).
 */
export async function resolveReports(db: DB, thing: Thing, action: ReportAction, note: string, actor: ActivityActor, adminId: number, now: Date) {
  if (!RESOLUTIONS_FOR[thing.type].includes(action)) throw badRequest('This action does not fit this report');
  await inTransaction(db, async (trx) => {
    const found = await thingOf(trx, thing);
    if (action !== 'dismiss') {
      if (!found) throw notFound(NOT_FOUND[thing.type]);
      if (action === 'hide_product') await setProductActiveIn(trx, thing.id, false, actor, now);
      if (action === 'deactivate_shop') await setShopActiveIn(trx, thing.id, false, actor, now);
      if (action === 'hide_review' && !found.reviewHidden) {
        await setReviewHiddenIn(trx, thing.type === 'product_review' ? 'product' : 'shop', thing.id, true, actor, now);
      }
    }
    const resolution = RESOLUTION_OF[action];
    const closed = await repo.closeOpenReports(trx, thing, { resolution, note: note || null, by: adminId, at: now.toISOString() });
    if (closed === 0) throw conflict('These reports are already resolved');
    await recordActivity(trx, {
      actor,
      action: 'report.resolved',
      subject: { type: thing.type, id: thing.id, label: found?.name ?? null },
      shopId: found?.shopId ?? null,
      changes: { open_reports: [closed, 0], resolution: [null, resolution], note: [null, note || null] },
      at: now,
    });
  });
  return { ok: true as const };
}

/** The dashboard's "Reports: N open". */
export async function openReportCount(db: DB) {
  return { open: await repo.countOpenThings(db) };
}
