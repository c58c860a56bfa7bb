import { setImmediate as nextTurn } from 'node:timers/promises';
import { DEFAULT_ACTIVITY_RETENTION_DAYS, pruneOldActivity } from '../activity/activity.service';
import { pruneExpiredSessions } from '../auth/auth.service';
import { pruneExpiredResets } from '../auth/password-reset.service';
import { OUTBOX_RETENTION_MS, pruneFinishedEmails } from '../mail/outbox.service';
import { pruneDrawnShareImages } from '../catalog/share-head';
import { sendCartReminders } from '../carts/cart-reminders.service';
import type { MailConfig } from '../config';
import type { DB } from '../db/client';
import { pruneCheckoutAttempts, pruneOrderSequences } from '../orders/orders.service';
import { pruneEndedWindows } from '../rate-limits/shared-rate-limiter';
import type { UploadStorage } from '../uploads/storage';

/** How often the housekeeping job runs (once per period across instances: db/run-once.ts). */
export const HOUSEKEEPING_EVERY_MS = 6 * 3_600_000;

/**
 * A checkout attempt's key is kept a week: a retry after a lost answer comes from the same tab
 * (sessionStorage), within minutes or at worst days; a key pruned before its retry would place the
 * orders again.
 */
export const CHECKOUT_ATTEMPT_RETENTION_MS = 7 * 24 * 3_600_000;

/** Order-number sequences of the last week are kept (only today's is used). */
export const ORDER_SEQUENCE_RETENTION_MS = 7 * 24 * 3_600_000;

/**
 * Rows deleted per statement: each batch is a short write of its own, so SQLite's other writers (a
 * checkout) wait for one batch at most, never for a year of rows.
 */
export const PRUNE_BATCH_SIZE = 500;

export interface HousekeepingResult {
  sessions: number;
  checkoutAttempts: number;
  orderSequences: number;
  rateLimitWindows: number;
  shareImages: number;
  passwordResets: number;
  emails: number;
  activityEntries: number;
  /** Forgotten carts' reminders queued (carts/cart-reminders.service.ts). */
  cartReminders: number;
}

/**
 * Removes what only grows with use and is no longer needed (issue 22): sessions past their expiry,
 * checkout attempts past their retry window, order-number sequences of past days, rate-limit windows
 * that ended (PostgreSQL's shared limiter; SQLite counts in memory), drawn share images of renamed or
 * deleted shops, reset tokens past their expiry, emails sent (or failed) more than 30 days ago
 * (OUTBOX_RETENTION_MS), activity log entries past `activityRetentionDays` (ACTIVITY_RETENTION_DAYS); and,
 * with `mail` set up, queues the reminders of carts forgotten for 24 hours. Each table in batches of `batchSize`. `scheduled_runs` needs nothing: one row per job.
 * Returns how many of each went.
 */
export async function runHousekeeping(
  db: DB,
  storage: UploadStorage,
  now: Date,
  batchSize = PRUNE_BATCH_SIZE,
  activityRetentionDays = DEFAULT_ACTIVITY_RETENTION_DAYS,
  mail: MailConfig | null = null,
): Promise<HousekeepingResult> {
  const checkoutBefore = new Date(now.getTime() - CHECKOUT_ATTEMPT_RETENTION_MS);
  const sequencesBefore = new Date(now.getTime() - ORDER_SEQUENCE_RETENTION_MS);
  return {
    sessions: await inBatches(batchSize, (limit) => pruneExpiredSessions(db, now, limit)),
    checkoutAttempts: await inBatches(batchSize, (limit) => pruneCheckoutAttempts(db, checkoutBefore, limit)),
    orderSequences: await inBatches(batchSize, (limit) => pruneOrderSequences(db, sequencesBefore, limit)),
    rateLimitWindows: await inBatches(batchSize, (limit) => pruneEndedWindows(db, now.getTime(), limit)),
    shareImages: await pruneDrawnShareImages(db, storage),
    passwordResets: await inBatches(batchSize, (limit) => pruneExpiredResets(db, now, limit)),
    emails: await inBatches(batchSize, (limit) => pruneFinishedEmails(db, new Date(now.getTime() - OUTBOX_RETENTION_MS), limit)),
    activityEntries: await inBatches(batchSize, (limit) => pruneOldActivity(db, now, activityRetentionDays, limit)),
    cartReminders: await sendCartReminders(db, mail, now),
  };
}

/** Deletes batch after batch until one comes back short, letting other work run between them. */
async function inBatches(batchSize: number, deleteBatch: (limit: number) => Promise<number>): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await deleteBatch(batchSize);
    total += deleted;
    if (deleted < batchSize) return total;
    await nextTurn();
  }
}
