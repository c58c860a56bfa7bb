import { dayIn, dayStartIn } from '../../shared/cash';
import type { AppConfig } from '../config';
import type { DB } from '../db/client';
import { plansEndingThisWeek } from '../billing/billing-settings.service';
import { commissionBalances } from '../commission/commission.service';
import * as repo from './month.repository';

/** How many names each "Needs attention" line shows (its link leads to all of them). */
const NAMED = 3;

export interface CurrencyMonth {
  currency: string;
  /** Totals of the orders delivered this month (what couriers collected). */
  deliveredSales: number;
  deliveredOrders: number;
  ordersPlaced: number;
  returnedOrders: number;
  /** Returned of delivered and returned this month, 0 to 1; null when neither happened. */
  returnRate: number | null;
  commissionEarned: number;
  paymentsReceived: number;
}

/** The first day of the month after `month` (YYYY-MM). */
function nextMonth(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${year + 1}-01-01` : `${year}-${String(m + 1).padStart(2, '0')}-01`;
}

/**
 * The admin dashboard's "This month" and "Needs attention" (issue 48 part 6). The month is the
 * calendar month in the marketplace's time zone, as the statements count it; every figure is per
 * currency (a marketplace may have shops in several), never added across them.
 */
export async function marketplaceMonth(db: DB, config: Pick<AppConfig, 'timeZone' | 'trialMinutes'>, now: Date) {
  const month = dayIn(now, config.timeZone).slice(0, 7);
  const from = dayStartIn(`${month}-01`, config.timeZone);
  const to = dayStartIn(nextMonth(month), config.timeZone);
  const lastDay = dayIn(new Date(to.getTime() - 1), config.timeZone);
  const trialStartedBefore = new Date(now.getTime() - config.trialMinutes * 60_000).toISOString();
  const [placed, settled, earned, payments, trials, trialCount, ending, balances] = await Promise.all([
    repo.ordersPlaced(db, from.toISOString(), to.toISOString()),
    repo.ordersSettled(db, from.toISOString(), to.toISOString()),
    repo.commissionEarned(db, from.toISOString(), to.toISOString()),
    repo.paymentsReceived(db, `${month}-01`, lastDay),
    repo.trialsEnded(db, trialStartedBefore, NAMED),
    repo.countTrialsEnded(db, trialStartedBefore),
    plansEndingThisWeek(db, now),
    commissionBalances(db),
  ]);
  const months = new Map<string, CurrencyMonth>();
  const of = (currency: string) => {
    let row = months.get(currency);
    if (!row) months.set(currency, (row = { currency, deliveredSales: 0, deliveredOrders: 0, ordersPlaced: 0, returnedOrders: 0, returnRate: null, commissionEarned: 0, paymentsReceived: 0 }));
    return row;
  };
  for (const row of placed) of(row.currency).ordersPlaced += Number(row.orders);
  for (const row of settled) {
    const entry = of(row.currency);
    if (row.status === 'delivered') {
      entry.deliveredOrders += Number(row.orders);
      entry.deliveredSales += Number(row.total);
    } else entry.returnedOrders += Number(row.orders);
  }
  for (const row of earned) of(row.currency).commissionEarned += Number(row.amount);
  for (const row of payments) of(row.currency).paymentsReceived += Number(row.amount);
  for (const entry of months.values()) {
    const settledCount = entry.deliveredOrders + entry.returnedOrders;
    entry.returnRate = settledCount > 0 ? entry.returnedOrders / settledCount : null;
  }
  const owing = balances.filter((b) => b.balance > 0).sort((a, b) => b.balance - a.balance);
  return {
    month,
    currencies: [...months.values()].sort((a, b) => a.currency.localeCompare(b.currency)),
    attention: {
      trialsEnded: { count: trialCount, shops: trials.map((t) => ({ id: Number(t.id), name: t.name })) },
      endingThisWeek: { count: ending.length, shops: ending.slice(0, NAMED).map((e) => ({ id: e.shopId, name: e.shopName, proUntil: e.proUntil })) },
      balancesOwed: { count: owing.length, shops: owing.slice(0, NAMED).map((b) => ({ id: b.shopId, name: b.shopName, balance: b.balance, currency: b.currency })) },
    },
  };
}
