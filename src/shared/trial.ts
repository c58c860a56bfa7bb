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

export function trialEndsAt(trialStartAt: string, minutes: number): Date {
  return new Date(Date.parse(trialStartAt) + minutes * 60_000);
}
