/** Shopkeeper free trial (spec section 4): expired once more than `minutes` have passed. Pro never expires. */
export function isTrialExpired(
  profile: { isPro: boolean; trialStartAt: string | null },
  now: Date,
  minutes: number,
): boolean {
  if (profile.isPro || !profile.trialStartAt) return false;
  const started = Date.parse(profile.trialStartAt);
  if (Number.isNaN(started)) return false;
  return now.getTime() - started > minutes * 60_000;
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
