import type { Insertable } from 'kysely';
import type { DB } from '../db/client';
import { containsText } from '../db/dialect';
import type { ActivityLogTable } from '../db/schema';
import { inTransaction } from '../db/transaction';

/** Appends one entry (the only write the log takes besides pruning). */
export async function insertEntry(db: DB, row: Insertable<ActivityLogTable>): Promise<number> {
  const { id } = await db.insertInto('activity_log').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(id);
}

export interface ActivityFilter {
  /** Part of the actor's name, any case. */
  who?: string;
  /** An action, or its thing's kind (`order` for every `order.*`). */
  action?: string;
  /** Part of the thing's name or number, any case, or its id. */
  thing?: string;
  subjectType?: string;
  subjectId?: string;
  shopId?: number;
  /** ISO instants, `from` inclusive, `to` exclusive. */
  from?: string;
  to?: string;
}

/** Entries newest first, `limit` of them before the entry `beforeId` (keyset paging). */
export async function listEntries(db: DB, filter: ActivityFilter, page: { beforeId?: number; limit: number }) {
  let query = db
    .selectFrom('activity_log')
    .select(['id', 'created_at', 'actor_user_id', 'actor_name', 'actor_role', 'shop_id', 'action', 'subject_type', 'subject_id', 'subject_label', 'changes'])
    .orderBy('id', 'desc')
    .limit(page.limit);
  if (page.beforeId !== undefined) query = query.where('id', '<', page.beforeId);
  if (filter.who) query = query.where(containsText('actor_name', filter.who));
  if (filter.action !== undefined) {
    const action = filter.action;
    query = action.includes('.') ? query.where('action', '=', action) : query.where((eb) => eb.or([eb('action', '=', action), eb('action', 'like', `${action}.%`)]));
  }
  if (filter.thing) {
    const thing = filter.thing;
    query = query.where((eb) => eb.or([eb('subject_id', '=', thing), containsText('subject_label', thing)]));
  }
  if (filter.subjectType !== undefined) query = query.where('subject_type', '=', filter.subjectType);
  if (filter.subjectId !== undefined) query = query.where('subject_id', '=', filter.subjectId);
  if (filter.shopId !== undefined) query = query.where('shop_id', '=', filter.shopId);
  if (filter.from !== undefined) query = query.where('created_at', '>=', filter.from);
  if (filter.to !== undefined) query = query.where('created_at', '<', filter.to);
  return query.execute();
}

/**
 * Deletes up to `limit` entries written before `before` (housekeeping, past the retention): the one
 * delete the log's trigger lets through, under a permit that lives only inside this transaction.
 */
export function deleteEntriesBefore(db: DB, before: string, limit: number): Promise<number> {
  return inTransaction(db, async (trx) => {
    await trx.insertInto('activity_prune_permits').values({ before }).execute();
    const old = trx.selectFrom('activity_log').select('id').where('created_at', '<', before).orderBy('id').limit(limit);
    const result = await trx.deleteFrom('activity_log').where('id', 'in', old).executeTakeFirst();
    await trx.deleteFrom('activity_prune_permits').execute();
    return Number(result.numDeletedRows);
  });
}
