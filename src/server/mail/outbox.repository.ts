import { sql } from 'kysely';
import type { Language } from '../../shared/i18n/language';
import type { DB } from '../db/client';
import { claimingRows } from '../db/dialect';

export interface NewOutboxRow {
  kind: string;
  to: string;
  language: Language;
  subject: string;
  text: string;
  html: string;
  now: Date;
  unsubscribeUrl: string | null;
}

export async function insertEmail(db: DB, row: NewOutboxRow): Promise<void> {
  const at = row.now.toISOString();
  await db
    .insertInto('outbox')
    .values({
      kind: row.kind,
      to_address: row.to,
      language: row.language,
      subject: row.subject,
      text_body: row.text,
      html_body: row.html,
      unsubscribe_url: row.unsubscribeUrl,
      next_attempt_at: at,
      created_at: at,
    })
    .execute();
}

const DUE_COLUMNS = ['id', 'kind', 'to_address', 'language', 'subject', 'text_body', 'html_body', 'unsubscribe_url', 'attempts'] as const;

/** Pending rows due by `now`, oldest first; on PostgreSQL locked for this transaction, skipping those another holds. */
export function claimDue(db: DB, now: Date, limit: number) {
  const query = db
    .selectFrom('outbox')
    .select(DUE_COLUMNS)
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now.toISOString())
    .orderBy('next_attempt_at')
    .orderBy('id')
    .limit(limit);
  return claimingRows(db, query).execute();
}

export type DueEmail = Awaited<ReturnType<typeof claimDue>>[number];

export async function markSent(db: DB, id: number, now: Date, erase: boolean): Promise<void> {
  await db
    .updateTable('outbox')
    .set({ status: 'sent', sent_at: now.toISOString(), attempts: sql`attempts + 1`, last_error: null, ...(erase ? { text_body: '', html_body: '' } : {}) })
    .where('id', '=', id)
    .execute();
}

/** A failed attempt: tried again at `retryAt`, or failed for good when it is null. */
export async function markAttemptFailed(db: DB, id: number, error: string, retryAt: Date | null, erase: boolean): Promise<void> {
  await db
    .updateTable('outbox')
    .set({
      attempts: sql`attempts + 1`,
      last_error: error.slice(0, 500),
      ...(retryAt ? { next_attempt_at: retryAt.toISOString() } : { status: 'failed' as const }),
      ...(erase && !retryAt ? { text_body: '', html_body: '' } : {}),
    })
    .where('id', '=', id)
    .execute();
}

/** Failed rows back to pending, due at `now` (the operator's retry after fixing the mail server). Returns how many. */
export async function retryFailed(db: DB, now: Date): Promise<number> {
  const result = await db
    .updateTable('outbox')
    .set({ status: 'pending', attempts: 0, next_attempt_at: now.toISOString() })
    .where('status', '=', 'failed')
    .where('kind', '!=', 'password-reset')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Deletes up to `limit` rows sent, or failed, before `before` (housekeeping); returns how many went. */
export async function deleteFinishedBefore(db: DB, before: Date, limit: number): Promise<number> {
  const at = before.toISOString();
  const old = db
    .selectFrom('outbox')
    .select('id')
    .where((eb) => eb.or([eb.and([eb('status', '=', 'sent'), eb('sent_at', '<', at)]), eb.and([eb('status', '=', 'failed'), eb('next_attempt_at', '<', at)])]))
    .limit(limit);
  const result = await db.deleteFrom('outbox').where('id', 'in', old).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The outbox's state for the dashboard and the metrics: rows waiting, those that failed at least once, and the oldest waiting one. */
export async function outboxCounts(db: DB) {
  const row = await db
    .selectFrom('outbox')
    .select((eb) => [
      eb.fn.count<number>(eb.case().when('status', '=', 'pending').then(1).end()).as('pending'),
      eb.fn.count<number>(eb.case().when(eb.and([eb('status', '=', 'pending'), eb('attempts', '>', 0)])).then(1).end()).as('retrying'),
      eb.fn.count<number>(eb.case().when('status', '=', 'failed').then(1).end()).as('failed'),
      eb.fn.min(eb.case().when('status', '=', 'pending').then(eb.ref('created_at')).end()).as('oldest'),
    ])
    .where('status', '!=', 'sent')
    .executeTakeFirstOrThrow();
  return { pending: Number(row.pending), retrying: Number(row.retrying), failed: Number(row.failed), oldestPendingAt: (row.oldest as string | null) ?? null };
}
