import whatsapp from '../../shared/i18n/catalogues/en/whatsapp';
import { formatDate } from '../../shared/i18n/intl';
import type { Language } from '../../shared/i18n/language';
import { translate } from '../../shared/i18n/translator';
import { DEFAULT_GRACE_DAYS, graceMatters, isBlocked, NOT_TAKING_ORDERS, type PlanProfile } from '../../shared/plan';

import { waLink } from '../../shared/whatsapp';
import type { AppConfig } from '../config';
import { type ActivityActor, recordActivity } from '../activity/activity.service';
import type { DB } from '../db/client';
import { inTransaction } from '../db/transaction';
import { AppError } from '../errors';
import { countryCode, siteIdentity } from '../settings/settings.service';
import { bpsToTaxPercent } from '../../shared/schemas/shop';
import '../i18n/languages';
import * as repo from './billing.repository';

/**
 * The operator's billing switches (issue 48) and the rules that read them: the grace days after a
 * plan's end, and whether shops whose trial or plan ended stop taking orders (off by default).
 */

export interface BillingSettings {
  graceDays: number;
  stopOrders: boolean;
  /** The marketplace's commission rate in basis points (issue 48): 0, off, by default. */
  commissionRateBps: number;
}

export async function billingSettings(db: DB): Promise<BillingSettings> {
  const row = await repo.findSettings(db);
  return { graceDays: row ? Number(row.grace_days) : DEFAULT_GRACE_DAYS, stopOrders: row?.stop_orders === 1, commissionRateBps: row ? Number(row.commission_rate_bps) : 0 };
}

/** The admin's save of the switches, in the activity log once with what it changed (a save changing nothing: no entry). */
export async function saveBillingSettings(
  db: DB,
  input: { graceDays: number; stopOrders: boolean; commissionRate?: number | undefined },
  now: Date,
  actor: ActivityActor,
): Promise<BillingSettings> {
  return inTransaction(db, async (trx) => {
    const before = await billingSettings(trx);
    // The commission rate left out (an older page's save) stays as it is.
    const commissionRateBps = input.commissionRate ?? before.commissionRateBps;
    await repo.upsertSettings(trx, { grace_days: input.graceDays, stop_orders: input.stopOrders ? 1 : 0, commission_rate_bps: commissionRateBps, updated_at: now.toISOString() });
    const saved = await billingSettings(trx);
    const changes = {
      grace_days: [before.graceDays, saved.graceDays],
      stop_orders: [before.stopOrders, saved.stopOrders],
      commission_rate: [bpsToTaxPercent(before.commissionRateBps), bpsToTaxPercent(saved.commissionRateBps)],
    } as const;
    if (Object.values(changes).some(([b, a]) => b !== a)) {
      await recordActivity(trx, { actor, action: 'settings.billing_saved', subject: { type: 'settings', id: 'billing', label: 'Billing' }, changes, at: now });
    }
    return saved;
  });
}


/** The grace days this account's answer depends on: read only when its dated Pro has ended (one row by its key). */
export async function graceDaysFor(db: DB, profile: PlanProfile, now: Date): Promise<number> {
  return graceMatters(profile, now) ? (await billingSettings(db)).graceDays : DEFAULT_GRACE_DAYS;
}

/**
 * Whether a shop's writes are refused now: its trial or plan ended, past the operator's "Grace days"
 * (shared/plan.ts, the one rule). What the tiers, the shop's HTTP routes, uploads and the dashboard ask.
 */
export async function planEnded(db: DB, profile: PlanProfile, now: Date, trialMinutes: number): Promise<boolean> {
  return isBlocked(profile, now, { trialMinutes, graceDays: await graceDaysFor(db, profile, now) });
}

/**
 * The shops of `shopIds` not taking orders now: with the operator's "Stop orders from shops whose trial
 * or plan has ended" on, those whose owner is blocked by the one rule (shared/plan.ts); none with it
 * off. Also returns the settings it read (checkout freezes the commission rate from them).
 */
export async function shopsNotTakingOrders(db: DB, shopIds: readonly number[], now: Date, trialMinutes: number): Promise<{ settings: BillingSettings; stopped: Set<number> }> {
  const settings = await billingSettings(db);
  const stopped = new Set<number>();
  if (!settings.stopOrders || shopIds.length === 0) return { settings, stopped };
  const rules = { trialMinutes, graceDays: settings.graceDays };
  for (const shop of await repo.findShopOwnersPlan(db, shopIds)) {
    if (isBlocked({ isPro: shop.is_pro === 1, proUntil: shop.pro_until, trialStartAt: shop.trial_start_at }, now, rules)) stopped.add(Number(shop.id));
  }
  return { settings, stopped };
}

/** Checkout's refusal of a shop that is not taking orders (`shopsNotTakingOrders`); returns the settings it read. */
export async function refuseStoppedShops(db: DB, shopIds: readonly number[], now: Date, trialMinutes: number): Promise<BillingSettings> {
  const { settings, stopped } = await shopsNotTakingOrders(db, shopIds, now, trialMinutes);
  if (stopped.size > 0) throw new AppError('BAD_REQUEST', NOT_TAKING_ORDERS, 'stopped');
  return settings;
}

/**
 * Whether one shop takes orders now, for its product page and storefront. Their answers are cached for
 * 30 s at most (cache/public-cache.ts), and a renewal or a change of the setting empties that cache at
 * once: the page says "This shop is not taking orders right now" at most 30 s after the moment comes.
 */
export async function takesOrders(db: DB, shopId: number, now: Date, trialMinutes: number): Promise<boolean> {
  return !(await shopsNotTakingOrders(db, [shopId], now, trialMinutes)).stopped.has(shopId);
}

const WEEK_MS = 7 * 86_400_000;

/** Dated Pro ending within 7 days, the soonest first (at most 100), with their shop. */
export async function plansEndingThisWeek(db: DB, now: Date) {
  const rows = await repo.listEndingBetween(db, now.toISOString(), new Date(now.getTime() + WEEK_MS).toISOString());
  return rows.map((row) => ({ shopId: Number(row.id), shopName: row.name, proUntil: row.pro_until ?? '', whatsapp: row.whatsapp_number }));
}

/** /admin/billing "Ending this week": `plansEndingThisWeek`, each with its "Remind on WhatsApp" link. */
export async function endingThisWeek(db: DB, config: Pick<AppConfig, 'countryCode'>, now: Date, language: Language) {
  const [rows, site, code] = await Promise.all([plansEndingThisWeek(db, now), siteIdentity(db), countryCode(db, config)]);
  return rows.map(({ whatsapp: number, ...row }) => {
    const text = translate(language, whatsapp, 'whatsapp.billing.remind', { shop: row.shopName, site: site.name, date: formatDate(row.proUntil, language, 'date', 'UTC') });
    return { ...row, remindUrl: waLink(number, code, text) };
  });
}
