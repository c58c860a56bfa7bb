/**
 * Where a shopkeeper's account stands (product-decisions 7): the one rule for the free trial and Pro
 * plans, used by the server's tiers, the blocking dialog and /shop/billing.
 *
 * - Pro with no end date (`isPro`, `proUntil` null): what Pro meant before plans; it never ends.
 * - Pro until a date (`isPro`, `proUntil`): Pro before it, then `graceDays` of grace (writes still
 *   allowed, a red banner), then ended.
 * - Not Pro with an end date (an admin's Disable Pro, which ends it at once): ended on that date.
 * - Not Pro without one: the free trial, ended `trialMinutes` after it started (no grace: the trial is
 *   minutes long, and its end blocked at once before plans existed).
 */

export const DEFAULT_GRACE_DAYS = 3;
export const MAX_GRACE_DAYS = 60;

/** Whether the grace days decide anything now: a dated Pro whose end has come (else any number gives one answer). */
export function graceMatters(profile: PlanProfile, now: Date): boolean {
  const until = parsed(profile.proUntil ?? null);
  return profile.isPro && until !== null && now >= until;
}

/** The refusal of a checkout line from a shop that stopped taking orders (the operator's setting). */
export const NOT_TAKING_ORDERS = 'This shop is not taking orders right now';
export const MIN_PLAN_MONTHS = 1;
export const MAX_PLAN_MONTHS = 24;

const DAY_MS = 86_400_000;

export interface PlanProfile {
  isPro: boolean;
  /** ISO time Pro ends; null: no end date (or never Pro). */
  proUntil?: string | null;
  trialStartAt: string | null;
}

export interface PlanRules {
  trialMinutes: number;
  graceDays: number;
}

export type PlanState =
  | { kind: 'trialNotStarted' }
  | { kind: 'trial'; endsAt: Date }
  | { kind: 'pro'; until: Date | null }
  | { kind: 'grace'; endedAt: Date; graceEndsAt: Date }
  | { kind: 'ended'; endedAt: Date; reason: 'trial' | 'plan' };

function parsed(iso: string | null): Date | null {
  if (!iso) return null;
  const time = Date.parse(iso);
  return Number.isNaN(time) ? null : new Date(time);
}

export function planState(profile: PlanProfile, now: Date, rules: PlanRules): PlanState {
  const until = parsed(profile.proUntil ?? null);
  if (profile.isPro && !until) return { kind: 'pro', until: null };
  if (until) {
    if (now < until && profile.isPro) return { kind: 'pro', until };
    const graceEndsAt = new Date(until.getTime() + rules.graceDays * DAY_MS);
    if (profile.isPro && now < graceEndsAt) return { kind: 'grace', endedAt: until, graceEndsAt };
    return { kind: 'ended', endedAt: until, reason: 'plan' };
  }
  const started = parsed(profile.trialStartAt);
  if (!started) return { kind: 'trialNotStarted' };
  const endsAt = new Date(started.getTime() + rules.trialMinutes * 60_000);
  return now.getTime() > endsAt.getTime() ? { kind: 'ended', endedAt: endsAt, reason: 'trial' } : { kind: 'trial', endsAt };
}

/** Whether the shop's writes are refused and the blocking dialog shows. */
export function isBlocked(profile: PlanProfile, now: Date, rules: PlanRules): boolean {
  return planState(profile, now, rules).kind === 'ended';
}

/** What the server answers to a write after a plan's end, and what the blocking dialog says. */
export const PLAN_ENDED_MESSAGE = 'Your Pro plan has ended';

/** `at` plus whole calendar months, the day kept or clamped to the month's last (31 Jan + 1 = 28 Feb). */
export function addMonths(at: Date, months: number): Date {
  const result = new Date(at.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const last = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, last));
  return result;
}

/**
 * Pro's new end after a payment of `months`: counted from the later of now and the current end, so a
 * shop that renews early loses none of its paid time and one that renews late does not pay for the gap.
 * A "no end date" Pro (or none) counts from now.
 */
export function extendedEnd(currentEnd: string | null, now: Date, months: number): Date {
  const end = parsed(currentEnd);
  return addMonths(end && end > now ? end : now, months);
}
