import { dayIn } from '../../shared/cash';
import whatsapp from '../../shared/i18n/catalogues/en/whatsapp';
import type { Language } from '../../shared/i18n/language';
import { translate } from '../../shared/i18n/translator';
import { formatMoney, parseMajorToMinor } from '../../shared/money';
import { addMonths, extendedEnd } from '../../shared/plan';
import { MAX_PRICE_MINOR } from '../../shared/pricing';
import {
  PAYMENT_ALREADY_UNDONE,
  PAYMENT_AMOUNT_INVALID,
  PAYMENT_DATE_FUTURE,
  PAYMENT_NOT_FOUND,
  PLAN_INACTIVE,
  PLAN_NOT_FOUND,
  PLAN_PRICE_INVALID,
  type planSchema,
  type recordPaymentSchema,
} from '../../shared/schemas/billing';
import { waLink } from '../../shared/whatsapp';
import type { z } from 'zod';
import { type ActivityActor, recordActivity } from '../activity/activity.service';
import type { AppConfig } from '../config';
import type { DB } from '../db/client';
import { inTransaction } from '../db/transaction';
import { AppError, badRequest, conflict, notFound } from '../errors';
import { countryCode, siteIdentity, supportWhatsapp } from '../settings/settings.service';
import '../i18n/languages';
import { toPaymentView, toPlanView } from './billing.mapper';
import * as repo from './billing.repository';
import { graceDaysFor } from './billing-settings.service';

/**
 * Pro plans and their payments (issue 48, product-decisions 7). A payment extends the shop owner's Pro
 * by its months from the later of now and the current end (shared/plan.ts); an undo takes them back.
 * Pro lives on the owner's profile, so a renewal empties every instance's session cache at once (a
 * profiles write: db/watched-writes.ts, and the PostgreSQL notifications).
 */

const SHOP_NOT_FOUND = 'Shop not found';
const PAYMENTS_SHOWN = 50;

function minorOf(typed: string, currency: string, message: string): number {
  const minor = parseMajorToMinor(typed, currency);
  if (minor === null || minor <= 0 || minor > MAX_PRICE_MINOR) throw new AppError('BAD_REQUEST', message, undefined, { field: message === PLAN_PRICE_INVALID ? 'price' : 'amount' });
  return minor;
}

export async function listPlans(db: DB, onlyActive = false) {
  return (await repo.listPlans(db, onlyActive)).map(toPlanView);
}

type PlanValues = z.output<typeof planSchema>;

export async function savePlan(db: DB, id: number | null, input: PlanValues, actor: ActivityActor, now: Date) {
  const price = minorOf(input.price, input.currency, PLAN_PRICE_INVALID);
  const row = { name: input.name, months: input.months, price, currency: input.currency, is_active: input.isActive ? 1 : 0, updated_at: now.toISOString() };
  return inTransaction(db, async (trx) => {
    const before = id === null ? null : await repo.findPlan(trx, id);
    if (id !== null && !before) throw notFound(PLAN_NOT_FOUND);
    const planId = id === null ? await repo.insertPlan(trx, { ...row, created_at: now.toISOString() }) : (await repo.updatePlan(trx, id, row), id);
    await recordActivity(trx, {
      actor,
      action: id === null ? 'plan.created' : 'plan.updated',
      subject: { type: 'plan', id: planId, label: input.name },
      changes: {
        name: [before?.name ?? null, row.name],
        months: [before?.months ?? null, row.months],
        price: [before ? formatMoney(before.price, before.currency) : null, formatMoney(price, input.currency)],
        is_active: [before ? before.is_active === 1 : null, input.isActive],
      },
      at: now,
    });
    return { id: planId };
  });
}

type PaymentValues = z.output<typeof recordPaymentSchema>;

/** Records a plan payment for a shop and extends its owner's Pro; nothing is written on a refusal. */
export async function recordPayment(db: DB, input: PaymentValues, actor: ActivityActor, now: Date, timeZone: string) {
  if (input.paidOn > dayIn(now, timeZone)) throw new AppError('BAD_REQUEST', PAYMENT_DATE_FUTURE, undefined, { field: 'paidOn' });
  return inTransaction(db, async (trx) => {
    const shop = await repo.findShopAccount(trx, input.shopId);
    if (!shop) throw notFound(SHOP_NOT_FOUND);
    let plan: Awaited<ReturnType<typeof repo.findPlan>> | null = null;
    if (input.planId !== null) {
      plan = (await repo.findPlan(trx, input.planId)) ?? null;
      if (!plan) throw notFound(PLAN_NOT_FOUND);
      if (plan.is_active !== 1) throw badRequest(PLAN_INACTIVE);
    }
    const months = plan ? plan.months : Number(input.months);
    const currency = plan ? plan.currency : shop.currency;
    const amount = minorOf(input.amount, currency, PAYMENT_AMOUNT_INVALID);
    // A dated Pro counts on from its end; "no end date" or none from now (shared/plan.ts).
    const current = shop.is_pro === 1 ? shop.pro_until : null;
    const newUntil = extendedEnd(current, now, months).toISOString();
    if (!(await repo.setProUntilIf(trx, shop.owner_id, shop.pro_until, { isPro: true, proUntil: newUntil }, now))) {
      throw conflict('Someone else changed this at the same moment. Please try again.');
    }
    const id = await repo.insertPayment(trx, {
      user_id: shop.owner_id,
      shop_id: shop.id,
      shop_name: shop.name,
      plan_id: plan?.id ?? null,
      plan_name: plan?.name ?? null,
      months,
      amount,
      currency,
      paid_on: input.paidOn,
      reference: input.reference,
      previous_until: shop.pro_until,
      new_until: newUntil,
      recorded_by: actor.userId,
      created_at: now.toISOString(),
    });
    await recordActivity(trx, {
      actor,
      action: 'payment.recorded',
      subject: { type: 'payment', id, label: `${shop.name}: ${formatMoney(amount, currency)}` },
      shopId: shop.id,
      changes: { is_pro: [shop.is_pro === 1, true], pro_until: [shop.pro_until, newUntil], months: [null, months], reference: [null, input.reference] },
      at: now,
    });
    return { id, proUntil: newUntil };
  });
}

/** Undoes a payment with a reason: its months come off Pro's end. A second undo is refused. */
export async function undoPayment(db: DB, paymentId: number, reason: string, actor: ActivityActor, now: Date) {
  return inTransaction(db, async (trx) => {
    const payment = await repo.findPayment(trx, paymentId);
    if (!payment) throw notFound(PAYMENT_NOT_FOUND);
    if (!(await repo.markUndone(trx, paymentId, actor.userId, reason, now))) throw conflict(PAYMENT_ALREADY_UNDONE);
    const profile = await repo.findProfilePro(trx, payment.user_id);
    // A "no end date" Pro an admin gave since stays as it is: there is no end to take months from.
    const until = profile?.pro_until ?? null;
    const newUntil = until === null ? null : addMonths(new Date(until), -payment.months).toISOString();
    if (profile && until !== null && !(await repo.setProUntilIf(trx, payment.user_id, until, { isPro: profile.is_pro === 1, proUntil: newUntil }, now))) {
      throw conflict('Someone else changed this at the same moment. Please try again.');
    }
    await recordActivity(trx, {
      actor,
      action: 'payment.undone',
      subject: { type: 'payment', id: paymentId, label: `${payment.shop_name}: ${formatMoney(payment.amount, payment.currency)}` },
      shopId: payment.shop_id,
      changes: { pro_until: [until, newUntil], reason: [null, reason] },
      at: now,
    });
    return { id: paymentId, proUntil: newUntil };
  });
}

/** /admin/billing: every plan and the latest payments. */
export async function adminBilling(db: DB) {
  const [plans, payments] = await Promise.all([repo.listPlans(db, false), repo.listPayments(db, null, PAYMENTS_SHOWN)]);
  return { plans: plans.map(toPlanView), payments: payments.map(toPaymentView) };
}

/**
 * /shop/billing: where the shop stands (the client says it by shared/plan.ts, on a clock that ticks),
 * the active plans each with its "Pay on WhatsApp" link, and the shop's payments.
 */
export async function shopBilling(
  db: DB,
  config: Pick<AppConfig, 'supportWhatsapp' | 'countryCode' | 'trialMinutes'>,
  owner: { id: number; isPro: boolean; proUntil: string | null; trialStartAt: string | null },
  now: Date,
  shop: { id: number; name: string },
  language: Language,
) {
  const [plans, payments, number, site, code, graceDays] = await Promise.all([
    repo.listPlans(db, true),
    repo.listPayments(db, owner.id, PAYMENTS_SHOWN),
    supportWhatsapp(db, config),
    siteIdentity(db),
    countryCode(db, config),
    graceDaysFor(db, owner, now),
  ]);
  return {
    account: { isPro: owner.isPro, proUntil: owner.proUntil, trialStartAt: owner.trialStartAt, trialMinutes: config.trialMinutes, graceDays },
    plans: plans.map((plan) => {
      const text = translate(language, whatsapp, 'whatsapp.support.payPlan', {
        site: site.name,
        shop: shop.name,
        plan: plan.name,
        price: formatMoney(plan.price, plan.currency, language),
      });
      return { ...toPlanView(plan), payUrl: number ? waLink(number, code, text) : null };
    }),
    payments: payments.map(toPaymentView),
  };
}
