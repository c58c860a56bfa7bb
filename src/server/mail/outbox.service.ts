import type { Language } from '../../shared/i18n/language';
import { siteName } from '../../shared/page-titles';
import { siteIdentity } from '../settings/settings.service';
import type { DB } from '../db/client';
import { engineOf } from '../db/client';
import type { EmailKind } from './emails';
import type { EmailContent } from './message';
import * as repo from './outbox.repository';
import type { MailSender } from './transport';

/**
 * After the nth failed attempt the row waits RETRY_DELAYS_MS[n - 1] (about 1 min, 5 min, 30 min, 2 h,
 * 12 h); after the sixth it has failed for good and waits for the operator (docs/operations.md).
 */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 12 * 3_600_000] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

/** When the row is tried again after its `attempts`th failure, or null once it has failed for good. */
export function nextAttemptAt(attempts: number, now: Date): Date | null {
  const delay = RETRY_DELAYS_MS[attempts - 1];
  return delay === undefined ? null : new Date(now.getTime() + delay);
}

/**
 * Writes one email to the outbox, in the caller's transaction (the order, the status change, the reset
 * request), so it exists exactly when what caused it does. The sender delivers it after the commit.
 */
export async function enqueueEmail(
  trx: DB,
  email: { kind: EmailKind; to: string; language: Language; content: EmailContent; now: Date; unsubscribeUrl?: string },
): Promise<void> {
  await repo.insertEmail(trx, { kind: email.kind, to: email.to, language: email.language, ...email.content, now: email.now, unsubscribeUrl: email.unsubscribeUrl ?? null });
}

// A reset email and a staff invitation hold a live link: once sent (or failed for good) their body is not kept.
const erased = (kind: string) => kind === 'password-reset' || kind === 'staff-invitation';

/** What the operator configured: the address mail comes from; its name is the marketplace's own, in the reader's language. */
export interface MailIdentity {
  from: string;
}

export interface DeliveryResult {
  sent: number;
  retried: number;
  failed: number;
}

/** Plain one-line reason for the log and the row (SMTP answers carry their code: "550 …"). */
function reason(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/\s+/g, ' ').trim() || 'unknown error';
}

/**
 * Delivers the rows due by `now`, up to `limit`. On PostgreSQL each row is taken in its own
 * transaction with FOR UPDATE SKIP LOCKED and stays locked while it is sent, so instances working at
 * once never take the same row, and a row whose instance died (its lock gone with its connection) is
 * due again at once. On SQLite the one process sends them in turn, writing each outcome after it. A
 * row left unmarked by a crash is sent again after the restart: at least once, never silently lost.
 */
export async function deliverDue(db: DB, sender: MailSender, identity: MailIdentity, now: () => Date, limit = 50): Promise<DeliveryResult> {
  const result: DeliveryResult = { sent: 0, retried: 0, failed: 0 };
  // The sender's name is the marketplace's own (its settings), read once per round that has mail to send.
  let name: Promise<string> | null = null;
  const attempt = async (trx: DB, row: repo.DueEmail) => {
    try {
      name ??= siteIdentity(db).then((site) => site.name);
      await sender.send({
        from: { name: siteName(await name, row.language), address: identity.from },
        to: row.to_address,
        subject: row.subject,
        text: row.text_body,
        html: row.html_body,
        language: row.language,
        unsubscribeUrl: row.unsubscribe_url,
      });
      await repo.markSent(trx, row.id, now(), erased(row.kind));
      result.sent += 1;
    } catch (error) {
      const retryAt = nextAttemptAt(row.attempts + 1, now());
      await repo.markAttemptFailed(trx, row.id, reason(error), retryAt, erased(row.kind));
      if (retryAt) result.retried += 1;
      else result.failed += 1;
    }
  };
  if (engineOf(db) === 'sqlite') {
    for (const row of await repo.claimDue(db, now(), limit)) await attempt(db, row);
    return result;
  }
  for (let i = 0; i < limit; i += 1) {
    const found = await db
      .transaction()
      .setIsolationLevel('read committed')
      .execute(async (trx) => {
        const [row] = await repo.claimDue(trx, now(), 1);
        if (!row) return false;
        await attempt(trx, row);
        return true;
      });
    if (!found) break;
  }
  return result;
}

/** Rows sent (or failed for good) longer ago than this are pruned by housekeeping. */
export const OUTBOX_RETENTION_MS = 30 * 24 * 3_600_000;

/** Housekeeping: up to `limit` rows finished before `before`. Returns how many went. */
export function pruneFinishedEmails(db: DB, before: Date, limit: number): Promise<number> {
  return repo.deleteFinishedBefore(db, before, limit);
}

/** The operator's retry (`npm run admin -- retry-mail`): failed rows are due again now. Reset emails are not: ask for a new link. */
export function retryFailedEmails(db: DB, now: Date): Promise<number> {
  return repo.retryFailed(db, now);
}

/** Rows waiting, failing (waiting after a failed attempt, or failed for good) and the age of the oldest waiting one. */
export async function outboxHealth(db: DB, now: Date) {
  const counts = await repo.outboxCounts(db);
  const oldestAgeSeconds = counts.oldestPendingAt ? Math.max(0, (now.getTime() - Date.parse(counts.oldestPendingAt)) / 1000) : 0;
  return { depth: counts.pending, failing: counts.retrying + counts.failed, failed: counts.failed, oldestAgeSeconds };
}

/** The admin dashboard's "Email:" line. */
export async function emailStatus(db: DB, configured: boolean, now: Date): Promise<{ configured: boolean; failing: number }> {
  if (!configured) return { configured, failing: 0 };
  return { configured, failing: (await outboxHealth(db, now)).failing };
}
