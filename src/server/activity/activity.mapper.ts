import type { ActivityActorRole } from '../db/schema';

interface EntryRow {
  id: number;
  created_at: string;
  actor_name: string;
  actor_role: ActivityActorRole;
  shop_id: number | null;
  action: string;
  subject_type: string;
  subject_id: string;
  subject_label: string | null;
  changes: string;
}

/** One entry as /admin/activity shows it: who, when, what, the thing, and each field before → after. */
export function toActivityView(row: EntryRow) {
  const changes = JSON.parse(row.changes) as Record<string, [unknown, unknown]>;
  return {
    id: Number(row.id),
    at: row.created_at,
    actor: { name: row.actor_name, role: row.actor_role },
    action: row.action,
    subject: { type: row.subject_type, id: row.subject_id, label: row.subject_label },
    shopId: row.shop_id === null ? null : Number(row.shop_id),
    changes: Object.entries(changes).map(([field, [before, after]]) => ({ field, before: shown(before), after: shown(after) })),
  };
}

/** A value as text: the screen shows it as it was, whatever its type. */
function shown(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}
