import type { DB } from '../db/client';

/**
 * The operator's month (issue 48 part 6), per currency: reads over orders, commission and payments
 * between two instants (`from` inclusive, `to` exclusive, ISO strings as the rows keep them) or two
 * days (YYYY-MM-DD, for payments' days).
 */

/** Orders placed, per currency. */
export function ordersPlaced(db: DB, from: string, to: string) {
  return db
    .selectFrom('orders')
    .select(['currency', (eb) => eb.fn.countAll<string | number>().as('orders')])
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .groupBy('currency')
    .execute();
}

/** Orders that reached Delivered or Returned, per currency and status, with their totals. */
export function ordersSettled(db: DB, from: string, to: string) {
  return db
    .selectFrom('orders')
    .select(['currency', 'status', (eb) => eb.fn.countAll<string | number>().as('orders'), (eb) => eb.fn.sum<string | number>('total').as('total')])
    .where('status', 'in', ['delivered', 'returned'])
    .where('status_changed_at', '>=', from)
    .where('status_changed_at', '<', to)
    .groupBy(['currency', 'status'])
    .execute();
}

/** Commission that became owed (orders delivered), per currency. */
export function commissionEarned(db: DB, from: string, to: string) {
  return db
    .selectFrom('commission_entries')
    .select(['currency', (eb) => eb.fn.sum<string | number>('amount').as('amount')])
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .groupBy('currency')
    .execute();
}

/** Commission payments and plan payments (not undone) received on the days from `firstDay` to `lastDay`, per currency. */
export async function paymentsReceived(db: DB, firstDay: string, lastDay: string) {
  const [commission, plans] = await Promise.all([
    db
      .selectFrom('commission_payments')
      .select(['currency', (eb) => eb.fn.sum<string | number>('amount').as('amount')])
      .where('paid_on', '>=', firstDay)
      .where('paid_on', '<=', lastDay)
      .groupBy('currency')
      .execute(),
    db
      .selectFrom('plan_payments')
      .select(['currency', (eb) => eb.fn.sum<string | number>('amount').as('amount')])
      .where('undone_at', 'is', null)
      .where('paid_on', '>=', firstDay)
      .where('paid_on', '<=', lastDay)
      .groupBy('currency')
      .execute(),
  ]);
  return [...commission, ...plans];
}

/** Shops whose owner's free trial ended (started before `startedBefore`) with no plan ever: the newest first. */
export function trialsEnded(db: DB, startedBefore: string, limit: number) {
  return db
    .selectFrom('shops')
    .innerJoin('profiles', 'profiles.user_id', 'shops.owner_id')
    .select(['shops.id', 'shops.name', 'profiles.trial_start_at'])
    .where('profiles.is_pro', '=', 0)
    .where('profiles.pro_until', 'is', null)
    .where('profiles.trial_start_at', '<', startedBefore)
    .orderBy('profiles.trial_start_at', 'desc')
    .limit(limit)
    .execute();
}

/** How many shops `trialsEnded` would list without a limit. */
export async function countTrialsEnded(db: DB, startedBefore: string): Promise<number> {
  const row = await db
    .selectFrom('shops')
    .innerJoin('profiles', 'profiles.user_id', 'shops.owner_id')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('profiles.is_pro', '=', 0)
    .where('profiles.pro_until', 'is', null)
    .where('profiles.trial_start_at', '<', startedBefore)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}
