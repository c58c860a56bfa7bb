import { useEffect, useState } from 'react';
import { formatDate } from '../../../shared/i18n/intl';
import { type PlanProfile, planState, type PlanState } from '../../../shared/plan';
import billing from '../../i18n/catalogues/en/billing';
import { useLanguage, useT } from '../../i18n/language';

/** The shared rule (shared/plan.ts) on a clock that ticks each 10 seconds, so the words follow the time. */
export function usePlanState(profile: PlanProfile, rules: { trialMinutes: number; graceDays: number }): PlanState {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 10_000);
    return () => window.clearInterval(timer);
  }, []);
  return planState(profile, now, rules);
}

/** "Free trial: ends in 6 minutes", "Pro until Dec 28, 2026", "Pro, no end date", "Ended on Dec 3, 2026". */
export function usePlanStatusText(state: PlanState): string {
  const t = useT(billing);
  const language = useLanguage();
  const date = (at: Date) => formatDate(at, language, 'date');
  switch (state.kind) {
    case 'trialNotStarted':
      return t('billing.status.trialNotStarted');
    case 'trial':
      return t('billing.status.trial', { minutes: Math.max(1, Math.ceil((state.endsAt.getTime() - Date.now()) / 60_000)) });
    case 'pro':
      return state.until ? t('billing.status.proUntil', { date: date(state.until) }) : t('billing.status.proForever');
    case 'grace':
      return t('billing.status.grace', { date: date(state.endedAt), graceEnd: date(state.graceEndsAt) });
    case 'ended':
      return t('billing.status.ended', { date: date(state.endedAt) });
  }
}
