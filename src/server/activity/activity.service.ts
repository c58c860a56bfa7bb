import type { DB } from '../db/client';
import type { ActivityActorRole } from '../db/schema';
import { dayStartIn } from '../../shared/cash';
import type { activityListSchema } from '../../shared/schemas/activity';
import type { z } from 'zod';
import { toActivityView } from './activity.mapper';
import { deleteEntriesBefore, insertEntry, listEntries } from './activity.repository';

/** Who did it: the account and its name as it was, in the role it acted in. */
export interface ActivityActor {
  userId: number | null;
  name: string;
  role: ActivityActorRole;
}

/** An admin acting from the admin screens, named as their profile reads now. */
export function adminActor(user: { id: number; fullName: string; email: string }): ActivityActor {
  return { userId: user.id, name: user.fullName.trim() || user.email, role: 'admin' };
}

/**
 * A shop's user acting on their shop (its orders, cash, coupons, block list, imports): the account and
 * its name as it reads now. The owner today; staff, when shops have them, are named the same way.
 */
export function shopActor(user: { id: number; fullName: string; email: string }): ActivityActor {
  return { userId: user.id, name: user.fullName.trim() || user.email, role: 'owner' };
}

/** A field's value before and after the change (null where it did not exist). */
type FieldChange = readonly [unknown, unknown];

export interface ActivityEntry {
  actor: ActivityActor;
  /** `<thing>.<verb>`: `shop.deactivated`, `order.status_changed`. */
  action: string;
  subject: { type: string; id: string | number; label?: string | null };
  /** The shop the thing belongs to, so a shop's entries can be listed. */
  shopId?: number | null;
  changes?: Record<string, FieldChange>;
  at: Date;
}

/**
 * Fields the log never keeps (product-decisions 7: no secrets, no full addresses): a password, a token,
 * a hash or a secret by any name, and an address (a city alone is kept: it says where, not who).
 */
const NEVER_KEPT = /password|token|secret|hash|address|postal/i;
/** A long value (a description, a page's text) is kept as its start: the log says what changed, not the whole text. */
const LONGEST_VALUE = 200;

function keptValue(value: unknown): unknown {
  if (typeof value === 'string' && value.length > LONGEST_VALUE) return `${value.slice(0, LONGEST_VALUE)}…`;
  if (value === undefined) return null;
  return value;
}

/** The changes as stored: secrets and addresses left out, long texts cut, unchanged fields dropped. */
export function storedChanges(changes: Record<string, FieldChange> = {}): string {
  const kept: Record<string, [unknown, unknown]> = {};
  for (const [field, [before, after]] of Object.entries(changes)) {
    if (NEVER_KEPT.test(field)) continue;
    if (JSON.stringify(before) === JSON.stringify(after)) continue;
    kept[field] = [keptValue(before), keptValue(after)];
  }
  return JSON.stringify(kept);
}

/**
 * Records one action in the activity log. Call it from the service that did the write, with its
 * transaction, so the entry and the write commit together or not at all.
 */
export async function recordActivity(trx: DB, entry: ActivityEntry): Promise<void> {
  await insertEntry(trx, {
    created_at: entry.at.toISOString(),
    actor_user_id: entry.actor.userId,
    actor_name: entry.actor.name,
    actor_role: entry.actor.role,
    shop_id: entry.shopId ?? null,
    action: entry.action,
    subject_type: entry.subject.type,
    subject_id: String(entry.subject.id),
    subject_label: entry.subject.label ?? null,
    changes: storedChanges(entry.changes),
  });
}

/** Two years, unless ACTIVITY_RETENTION_DAYS says otherwise. */
export const DEFAULT_ACTIVITY_RETENTION_DAYS = 730;

/** Housekeeping: removes up to `limit` entries older than the retention; returns how many went. */
export function pruneOldActivity(db: DB, now: Date, retentionDays: number, limit: number): Promise<number> {
  return deleteEntriesBefore(db, new Date(now.getTime() - retentionDays * 86_400_000).toISOString(), limit);
}

/**
 * /admin/activity: entries newest first, filtered; `from` and `to` are the marketplace's days (both
 * included). A page at a time: `nextCursor` is the last entry's id while more may follow.
 */
export async function listActivity(db: DB, input: z.output<typeof activityListSchema>, timeZone: string) {
  const to = input.to ? dayStartIn(nextDay(input.to), timeZone).toISOString() : undefined;
  const rows = await listEntries(
    db,
    {
      who: input.who || undefined,
      action: input.kind ?? undefined,
      thing: input.thing || undefined,
      from: input.from ? dayStartIn(input.from, timeZone).toISOString() : undefined,
      to,
    },
    { beforeId: input.cursor ?? undefined, limit: input.limit + 1 },
  );
  const items = rows.slice(0, input.limit).map(toActivityView);
  return { items, nextCursor: rows.length > input.limit ? (items.at(-1)?.id ?? null) : null };
}

function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}
