import { type ActivityActor, recordActivity } from '../activity/activity.service';
import { endAllSessions } from '../auth/auth.service';
import type { DB } from '../db/client';
import { inTransaction } from '../db/transaction';
import { conflict, notFound } from '../errors';
import { hideReviewsOfSuspended } from '../reviews/reviews.service';
import { hideShopOfSuspended } from '../shops/shops.service';
import * as users from './users.repository';
import { USER_NOT_FOUND } from './users.service';

/**
 * An admin suspends an account (issue 49, product-decisions 7), in one transaction: it cannot sign in,
 * its sessions end (deleting them is a write the session caches of every instance hear: the write
 * watcher here, the row triggers' notifications on PostgreSQL), its shop is hidden as a taken-down one
 * is, and its reviews leave the pages and the averages. Unsuspending restores each of these. An admin
 * cannot suspend themselves, nor the last admin; each change is recorded in the activity log.
 */
export async function setSuspended(
  db: DB,
  userId: number,
  suspend: { reason: string } | null,
  actor: ActivityActor,
  adminId: number,
  now: Date,
): Promise<void> {
  await inTransaction(db, async (trx) => {
    const profile = await users.findProfile(trx, userId);
    if (!profile) throw notFound(USER_NOT_FOUND);
    const wasSuspended = profile.suspended_at !== null;
    if (suspend) {
      if (userId === adminId) throw conflict('You cannot suspend yourself');
      if (wasSuspended) throw conflict('This account is already suspended');
      const isAdmin = (await users.listRoles(trx, userId)).includes('admin');
      if (isAdmin && (await users.countOtherActiveAdmins(trx, userId)) === 0) throw conflict('You cannot suspend the last admin');
    } else if (!wasSuspended) throw conflict('This account is not suspended');

    const at = suspend ? now : null;
    await users.setSuspension(trx, userId, at?.toISOString() ?? null, suspend?.reason || null);
    await hideShopOfSuspended(trx, userId, at);
    await hideReviewsOfSuspended(trx, userId, at);
    if (suspend) await endAllSessions(trx, userId);
    await recordActivity(trx, {
      actor,
      action: suspend ? 'user.suspended' : 'user.unsuspended',
      subject: { type: 'user', id: userId, label: profile.full_name || null },
      changes: { suspended: [wasSuspended, Boolean(suspend)], ...(suspend && { reason: [null, suspend.reason || null] }) },
      at: now,
    });
  });
}
