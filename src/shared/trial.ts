import { DEFAULT_GRACE_DAYS, PLAN_ENDED_MESSAGE, type PlanProfile, planState } from './plan';

/**
 * Shopkeeper free trial (spec section 4) and Pro plans: whether the account is blocked (writes refused,
 * the dialog shown), by the one rule of shared/plan.ts. Pro with no end date never expires.
 */
export function isTrialExpired(profile: PlanProfile, now: Date, minutes: number, graceDays = DEFAULT_GRACE_DAYS): boolean {
  return planState(profile, now, { trialMinutes: minutes, graceDays }).kind === 'ended';
}

/**
 * Whether the trial clock still has to start (product-decisions 3): a non-pro shopkeeper whose trial
 * did not start when the role was chosen.
 */
export function trialNotStarted(user: { isPro: boolean; trialStartAt: string | null; roles: readonly string[] }): boolean {
  return user.roles.includes('shopkeeper') && !user.isPro && !user.trialStartAt;
}

/** What the server answers to a write after the trial, and what the blocking dialog says. */
export function trialExpiredMessage(minutes: number): string {
  return `Your ${minutes}-minute free trial has expired.`;
}

/** The refusal of a blocked account's write: the plan's end, else the trial's. */
export function blockedMessage(profile: PlanProfile, minutes: number): string {
  return profile.proUntil ? PLAN_ENDED_MESSAGE : trialExpiredMessage(minutes);
}
