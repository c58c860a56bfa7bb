import type { Insertable, Updateable } from 'kysely';
import type { DB } from '../db/client';
import type { BillingPlansTable, PlanPaymentsTable } from '../db/schema';

/** Pro plans and their payments (issue 48); all their SQL. */

export async function listPlans(db: DB, onlyActive: boolean) {
  let query = db.selectFrom('billing_plans').select(['id', 'name', 'months', 'price', 'currency', 'is_active']);
  if (onlyActive) query = query.where('is_active', '=', 1);
  return query.orderBy('is_active', 'desc').orderBy('months').orderBy('id').execute();
}

export async function findPlan(db: DB, id: number) {
  return db.selectFrom('billing_plans').select(['id', 'name', 'months', 'price', 'currency', 'is_active']).where('id', '=', id).executeTakeFirst();
}

export async function insertPlan(db: DB, row: Insertable<BillingPlansTable>): Promise<number> {
  const { id } = await db.insertInto('billing_plans').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(id);
}

/** Returns whether the plan exists. */
export async function updatePlan(db: DB, id: number, row: Updateable<BillingPlansTable>): Promise<boolean> {
  const r = await db.updateTable('billing_plans').set(row).where('id', '=', id).executeTakeFirst();
  return r.numUpdatedRows > 0n;
}

/** A shop with its owner's Pro: what a payment changes. */
export async function findShopAccount(db: DB, shopId: number) {
  return db
    .selectFrom('shops')
    .innerJoin('profiles', 'profiles.user_id', 'shops.owner_id')
    .select(['shops.id', 'shops.name', 'shops.currency', 'shops.owner_id', 'profiles.is_pro', 'profiles.pro_until', 'profiles.trial_start_at', 'profiles.full_name'])
    .where('shops.id', '=', shopId)
    .executeTakeFirst();
}

export async function findProfilePro(db: DB, userId: number) {
  return db.selectFrom('profiles').select(['is_pro', 'pro_until']).where('user_id', '=', userId).executeTakeFirst();
}

/**
 * Sets Pro's end only if it is still what the caller read (`expectedUntil`), so two payments at once
 * cannot both count from the same end and lose one's months. Returns whether it was written.
 */
export async function setProUntilIf(db: DB, userId: number, expectedUntil: string | null, next: { isPro: boolean; proUntil: string | null }, now: Date): Promise<boolean> {
  const r = await db
    .updateTable('profiles')
    .set({ is_pro: next.isPro ? 1 : 0, pro_until: next.proUntil, updated_at: now.toISOString() })
    .where('user_id', '=', userId)
    .where((eb) => (expectedUntil === null ? eb('pro_until', 'is', null) : eb('pro_until', '=', expectedUntil)))
    .executeTakeFirst();
  return r.numUpdatedRows > 0n;
}

export async function insertPayment(db: DB, row: Insertable<PlanPaymentsTable>): Promise<number> {
  const { id } = await db.insertInto('plan_payments').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(id);
}

export async function findPayment(db: DB, id: number) {
  return db.selectFrom('plan_payments').select(['id', 'user_id', 'shop_id', 'shop_name', 'months', 'amount', 'currency', 'undone_at', 'new_until']).where('id', '=', id).executeTakeFirst();
}

/** Marks a payment undone unless it already is (one statement: two undos cannot both pass). */
export async function markUndone(db: DB, id: number, by: number | null, reason: string, at: Date): Promise<boolean> {
  const r = await db
    .updateTable('plan_payments')
    .set({ undone_at: at.toISOString(), undone_by: by, undo_reason: reason })
    .where('id', '=', id)
    .where('undone_at', 'is', null)
    .executeTakeFirst();
  return r.numUpdatedRows > 0n;
}

const PAYMENT_COLUMNS = ['id', 'shop_id', 'shop_name', 'plan_name', 'months', 'amount', 'currency', 'paid_on', 'reference', 'new_until', 'created_at', 'undone_at', 'undo_reason'] as const;

/** Payments newest first: one account's, or everyone's (`userId` null). */
export async function listPayments(db: DB, userId: number | null, limit: number) {
  let query = db.selectFrom('plan_payments').select([...PAYMENT_COLUMNS]);
  if (userId !== null) query = query.where('user_id', '=', userId);
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

export async function findSettings(db: DB) {
  return db.selectFrom('billing_settings').select(['grace_days', 'stop_orders', 'commission_rate_bps']).where('id', '=', 1).executeTakeFirst();
}

export async function upsertSettings(db: DB, row: { grace_days: number; stop_orders: number; commission_rate_bps: number; updated_at: string }): Promise<void> {
  await db
    .insertInto('billing_settings')
    .values({ id: 1, ...row })
    .onConflict((c) => c.column('id').doUpdateSet(row))
    .execute();
}

/** The owners' Pro and trial of these shops, for the stop-orders rule. */
export async function findShopOwnersPlan(db: DB, shopIds: readonly number[]) {
  if (shopIds.length === 0) return [];
  return db
    .selectFrom('shops')
    .innerJoin('profiles', 'profiles.user_id', 'shops.owner_id')
    .select(['shops.id', 'shops.name', 'profiles.is_pro', 'profiles.pro_until', 'profiles.trial_start_at'])
    .where('shops.id', 'in', shopIds)
    .execute();
}

/** Dated Pro accounts ending between `from` and `to`, with their shop: the admin's "Ending this week". */
export async function listEndingBetween(db: DB, from: string, to: string) {
  return db
    .selectFrom('profiles')
    .innerJoin('shops', 'shops.owner_id', 'profiles.user_id')
    .select(['shops.id', 'shops.name', 'shops.whatsapp_number', 'profiles.pro_until'])
    .where('profiles.is_pro', '=', 1)
    .where('profiles.pro_until', '>=', from)
    .where('profiles.pro_until', '<', to)
    .orderBy('profiles.pro_until')
    .limit(100)
    .execute();
}

/** Dated Pro accounts ending after `from` and by `to`, with their sign-in email and shop: the plan-end notices. */
export async function listProEndingWithin(db: DB, from: string, to: string) {
  return db
    .selectFrom('profiles')
    .innerJoin('users', 'users.id', 'profiles.user_id')
    .innerJoin('shops', 'shops.owner_id', 'profiles.user_id')
    .select(['profiles.user_id', 'users.email', 'shops.name as shop_name', 'profiles.pro_until'])
    .where('profiles.is_pro', '=', 1)
    .where('profiles.pro_until', '>', from)
    .where('profiles.pro_until', '<=', to)
    .orderBy('profiles.pro_until')
    .execute();
}

/** Claims one plan-end notice: true when this call wrote it (the primary key refuses a second). */
export async function claimPlanReminder(db: DB, row: { user_id: number; pro_until: string; days_before: 1 | 7; sent_at: string }): Promise<boolean> {
  const result = await db
    .insertInto('plan_reminders')
    .values(row)
    .onConflict((conflict) => conflict.columns(['user_id', 'pro_until', 'days_before']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}
