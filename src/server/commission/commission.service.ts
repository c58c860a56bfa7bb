import type { z } from 'zod';
import { dayIn } from '../../shared/cash';
import type { Language } from '../../shared/i18n/language';
import { formatMoney, minorToMajorString, parseMajorToMinor } from '../../shared/money';
import { MAX_PRICE_MINOR } from '../../shared/pricing';
import { COMMISSION_AMOUNT_INVALID, PAYMENT_DATE_FUTURE, type commissionPaymentSchema } from '../../shared/schemas/billing';
import { bpsToTaxPercent } from '../../shared/schemas/shop';
import { type ActivityActor, recordActivity } from '../activity/activity.service';
import type { DB } from '../db/client';
import { inTransaction } from '../db/transaction';
import { AppError, conflict, notFound } from '../errors';
import { csvDocument } from '../spreadsheets/csv';
import * as repo from './commission.repository';

/**
 * Commission owed on delivered orders and what each shop has paid of it (issue 48, product-decisions
 * 7). The rate and amount were frozen on the order at checkout (orders.service, shared/commission.ts);
 * here they become owed, once, when the order is Delivered, and payments bring the balance down, never
 * below zero. Balances are per shop and currency (a shop that changed its currency keeps the old one's).
 */

const SHOP_NOT_FOUND = 'Shop not found';

/**
 * In the transaction that marks an order Delivered: its frozen commission becomes owed. Written once per
 * order however often or wherever the status is set: the entry's unique order id makes a second insert
 * write nothing, and only the insert that wrote adds to the balance. Delivered is final in the workflow
 * (shared/order-status.ts), so a Cancelled or Returned order never reaches here and never owes; were a
 * return after delivery ever allowed, it would need a reversing entry here, not a deleted one.
 */
export async function oweCommission(trx: DB, orderId: number, now: Date): Promise<void> {
  const order = await repo.findOrderCommission(trx, orderId);
  if (!order || order.shop_id === null || Number(order.commission) <= 0) return;
  const at = now.toISOString();
  const amount = Number(order.commission);
  const written = await repo.insertEntryOnce(trx, {
    order_id: order.id,
    shop_id: order.shop_id,
    order_number: order.order_number,
    currency: order.currency,
    goods: Number(order.commission_base),
    rate_bps: Number(order.commission_rate_bps),
    amount,
    created_at: at,
  });
  if (written) await repo.addOwed(trx, order.shop_id, order.currency, amount, at);
}

/** /admin/shops "Custom rate": a rate in basis points, or null for the marketplace's; logged. */
export async function setShopCommissionRate(db: DB, shopId: number, rateBps: number | null, actor: ActivityActor, now: Date) {
  return inTransaction(db, async (trx) => {
    const shop = await repo.findShop(trx, shopId);
    if (!shop) throw notFound(SHOP_NOT_FOUND);
    await repo.setShopRate(trx, shopId, rateBps, now.toISOString());
    const before = shop.commission_rate_bps === null ? null : bpsToTaxPercent(Number(shop.commission_rate_bps));
    await recordActivity(trx, {
      actor,
      action: 'shop.commission_rate_set',
      subject: { type: 'shop', id: shopId, label: shop.name },
      shopId,
      changes: { commission_rate: [before, rateBps === null ? null : bpsToTaxPercent(rateBps)] },
      at: now,
    });
    return { shopId, rateBps };
  });
}

type PaymentValues = z.output<typeof commissionPaymentSchema>;

/**
 * Records a commission payment in the shop's currency: above 0, dated today or before, and never more
 * than the balance ("Sara's Boutique owes Rs 4,500; Rs 5,000 is more than that"). The balance is taken
 * down by one conditional write, so two admins paying at once never take it below zero; logged.
 */
export async function recordCommissionPayment(db: DB, input: PaymentValues, actor: ActivityActor, now: Date, timeZone: string, language: Language = 'en') {
  if (input.paidOn > dayIn(now, timeZone)) throw new AppError('BAD_REQUEST', PAYMENT_DATE_FUTURE, undefined, { field: 'paidOn' });
  return inTransaction(db, async (trx) => {
    const shop = await repo.findShop(trx, input.shopId);
    if (!shop) throw notFound(SHOP_NOT_FOUND);
    const { currency } = shop;
    const amount = parseMajorToMinor(input.amount, currency);
    if (amount === null || amount <= 0 || amount > MAX_PRICE_MINOR) throw new AppError('BAD_REQUEST', COMMISSION_AMOUNT_INVALID, undefined, { field: 'amount' });
    const balance = await repo.findBalance(trx, shop.id, currency);
    const owed = balance ? Number(balance.owed) - Number(balance.paid) : 0;
    const overBalance = () =>
      new AppError('BAD_REQUEST', owed <= 0 ? `${shop.name} owes nothing` : `${shop.name} owes ${formatMoney(owed, currency, language)}; ${formatMoney(amount, currency, language)} is more than that`, undefined, { field: 'amount' });
    if (amount > owed) throw overBalance();
    const at = now.toISOString();
    if (!(await repo.addPaidIf(trx, shop.id, currency, amount, input.paidOn, at))) throw conflict('Someone else changed this at the same moment. Please try again.');
    const id = await repo.insertPayment(trx, { shop_id: shop.id, shop_name: shop.name, amount, currency, paid_on: input.paidOn, reference: input.reference, recorded_by: actor.userId, created_at: at });
    await recordActivity(trx, {
      actor,
      action: 'payment.commission_recorded',
      subject: { type: 'payment', id, label: `${shop.name}: ${formatMoney(amount, currency)}` },
      shopId: shop.id,
      changes: { balance: [formatMoney(owed, currency), formatMoney(owed - amount, currency)], paid_on: [null, input.paidOn], reference: [null, input.reference] },
      at: now,
    });
    return { id, balance: owed - amount, currency };
  });
}

/** /admin/billing "Balances": each shop that owes or has paid, the largest balance first. */
export async function commissionBalances(db: DB) {
  return (await repo.listBalances(db)).map((row) => ({
    shopId: Number(row.shop_id),
    shopName: row.shop_name,
    currency: row.currency,
    owed: Number(row.owed),
    paid: Number(row.paid),
    balance: Number(row.owed) - Number(row.paid),
    deliveredOrders: Number(row.delivered_orders),
    lastPaidOn: row.last_paid_on,
  }));
}

/**
 * A shop's statement in its currency, month by month (the marketplace's months), newest first: each
 * delivered order's commission (order number, goods, rate, commission) and each payment, with the
 * month's totals, and the balance.
 */
export async function commissionStatement(db: DB, shopId: number, timeZone: string) {
  const shop = await repo.findShop(db, shopId);
  if (!shop) throw notFound(SHOP_NOT_FOUND);
  const [entries, payments, balance] = await Promise.all([
    repo.listEntries(db, shop.id, shop.currency),
    repo.listPayments(db, shop.id, shop.currency),
    repo.findBalance(db, shop.id, shop.currency),
  ]);
  const months = new Map<string, { month: string; commission: number; paid: number; entries: StatementEntry[]; payments: StatementPayment[] }>();
  const monthOf = (key: string) => {
    let month = months.get(key);
    if (!month) months.set(key, (month = { month: key, commission: 0, paid: 0, entries: [], payments: [] }));
    return month;
  };
  for (const e of entries) {
    const month = monthOf(dayIn(e.created_at, timeZone).slice(0, 7));
    month.commission += Number(e.amount);
    month.entries.push({ id: Number(e.id), orderNumber: e.order_number, goods: Number(e.goods), rateBps: Number(e.rate_bps), commission: Number(e.amount), deliveredOn: dayIn(e.created_at, timeZone) });
  }
  for (const p of payments) {
    const month = monthOf(p.paid_on.slice(0, 7));
    month.paid += Number(p.amount);
    month.payments.push({ id: Number(p.id), amount: Number(p.amount), paidOn: p.paid_on, reference: p.reference });
  }
  const owed = balance ? Number(balance.owed) : 0;
  const paid = balance ? Number(balance.paid) : 0;
  return {
    shopId: shop.id,
    shopName: shop.name,
    currency: shop.currency,
    owed,
    paid,
    balance: owed - paid,
    months: [...months.values()].sort((a, b) => b.month.localeCompare(a.month)),
  };
}

interface StatementEntry {
  id: number;
  orderNumber: string;
  goods: number;
  rateBps: number;
  commission: number;
  /** The marketplace's day it was marked Delivered. */
  deliveredOn: string;
}
interface StatementPayment {
  id: number;
  amount: number;
  paidOn: string;
  reference: string;
}

/** The statement CSV's columns, in English (they are data), oldest first. */
const STATEMENT_COLUMNS = ['Date', 'Type', 'Order number', 'Currency', 'Goods', 'Rate (%)', 'Commission', 'Payment', 'Reference', 'Balance'] as const;

/** "Download statement (CSV)": a BOM, formula-safe cells (spreadsheets/csv.ts), a running balance. */
export async function commissionStatementCsv(db: DB, shopId: number, timeZone: string): Promise<{ filename: string; csv: string }> {
  const statement = await commissionStatement(db, shopId, timeZone);
  const { currency } = statement;
  const rows = statement.months.flatMap((m) => [
    ...m.entries.map((e) => ({ day: e.deliveredOn, order: 0, cells: ['Commission', e.orderNumber, currency, minorToMajorString(e.goods, currency), bpsToTaxPercent(e.rateBps), minorToMajorString(e.commission, currency), null, null], change: e.commission })),
    ...m.payments.map((p) => ({ day: p.paidOn, order: 1, cells: ['Payment', null, currency, null, null, null, minorToMajorString(p.amount, currency), p.reference], change: -p.amount })),
  ]);
  rows.sort((a, b) => a.day.localeCompare(b.day) || a.order - b.order);
  let balance = 0;
  const records = rows.map((row) => {
    balance += row.change;
    return [row.day, ...row.cells, minorToMajorString(balance, currency)];
  });
  return { filename: `commission-statement-${statement.shopName.replace(/[^\w-]+/g, '-').toLowerCase()}.csv`, csv: csvDocument(STATEMENT_COLUMNS, records) };
}
