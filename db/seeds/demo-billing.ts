import type { FactoryEnv, ShopRef } from '../../src/server/testing/factories';
import { recordPayment, savePlan } from '../../src/server/billing/billing.service';
import { saveBillingSettings } from '../../src/server/billing/billing-settings.service';
import { commissionBalances, recordCommissionPayment } from '../../src/server/commission/commission.service';
import { dayIn } from '../../src/shared/cash';
import { minorToMajorString } from '../../src/shared/money';
import { addMonths } from '../../src/shared/plan';
import { billingSettingsSchema, commissionPaymentSchema, planSchema, recordPaymentSchema } from '../../src/shared/schemas/billing';

const DAY_MS = 86_400_000;

/**
 * The operator's income in the demo (issue 48), before its orders: commission at 5%, which checkout
 * freezes on each order (the shared rule, shared/commission.ts), and two plans. Returns the plan a
 * shop pays below.
 */
export async function seedBillingBeforeOrders(env: FactoryEnv, adminId: number): Promise<{ monthlyPlanId: number }> {
  const admin = { userId: adminId, name: 'Demo admin', role: 'admin' as const };
  const now = env.clock.now;
  await saveBillingSettings(env.db, billingSettingsSchema.parse({ graceDays: 3, stopOrders: false, commissionRate: '5' }), now, admin);
  const monthly = await savePlan(env.db, null, planSchema.parse({ name: 'Monthly', months: 1, price: '1,500', currency: 'PKR' }), admin, now);
  await savePlan(env.db, null, planSchema.parse({ name: 'Yearly', months: 12, price: '15,000', currency: 'PKR' }), admin, now);
  return { monthlyPlanId: Number(monthly.id) };
}

/**
 * After the orders: the shop paid its Monthly plan a month before Pro's end, so its Pro ends in 5
 * days (its dashboard's banner, /admin/billing's "Ending this week"); and it paid half of the commission
 * its delivered orders owe.
 */
export async function seedBillingAfterOrders(env: FactoryEnv, adminId: number, shop: ShopRef, monthlyPlanId: number, timeZone: string): Promise<void> {
  const admin = { userId: adminId, name: 'Demo admin', role: 'admin' as const };
  const now = env.clock.now;
  const paidAt = addMonths(new Date(now.getTime() + 5 * DAY_MS), -1);
  const paidOn = dayIn(paidAt, timeZone);
  await recordPayment(env.db, recordPaymentSchema.parse({ shopId: shop.id, planId: monthlyPlanId, amount: '1,500', paidOn, reference: 'EP-20431877' }), admin, paidAt, timeZone);
  const balance = (await commissionBalances(env.db)).find((b) => b.shopId === shop.id && b.currency === 'PKR');
  if (!balance || balance.balance <= 1) return;
  const half = Math.floor(balance.balance / 2);
  await recordCommissionPayment(env.db, commissionPaymentSchema.parse({ shopId: shop.id, amount: minorToMajorString(half, 'PKR'), paidOn: dayIn(now, timeZone), reference: 'JC-88120456' }), admin, now, timeZone);
}
