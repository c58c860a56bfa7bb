import { AlertTriangle, MessageCircle } from 'lucide-react';
import { Link } from 'wouter';
import { formatDate } from '../../../shared/i18n/intl';
import { DEFAULT_TRIAL_MINUTES } from '../../../shared/constants';
import { DEFAULT_GRACE_DAYS } from '../../../shared/plan';
import billing from '../../i18n/catalogues/en/billing';
import { useLanguage, useT } from '../../i18n/language';
import { useSession } from '../../session';
import { trpc } from '../../trpc';
import * as styles from './billing.css';
import { usePlanState } from './plan-status';

const DAY_MS = 86_400_000;
/** The banner shows from this many days before Pro's end (the reminders: 7 days and 1 day before). */
const NOTICE_DAYS = 7;

/**
 * The shop dashboard's banner about Pro's end (issue 48): "Your Pro plan ends on 5 Dec. Renew on
 * WhatsApp" in the last 7 days, and a red one through the grace days after the end.
 */
export function PlanBanner() {
  const t = useT(billing);
  const language = useLanguage();
  const { user } = useSession();
  const profile = { isPro: user?.isPro ?? false, proUntil: user?.proUntil ?? null, trialStartAt: user?.trialStartAt ?? null };
  const state = usePlanState(profile, { trialMinutes: user?.trialMinutes ?? DEFAULT_TRIAL_MINUTES, graceDays: user?.graceDays ?? DEFAULT_GRACE_DAYS });
  const ending = state.kind === 'pro' && state.until !== null && state.until.getTime() - Date.now() <= NOTICE_DAYS * DAY_MS;
  const grace = state.kind === 'grace';
  const plans = trpc.billing.mine.useQuery(undefined, { enabled: ending || grace });
  if (!ending && !grace) return null;
  const payUrl = plans.data?.plans[0]?.payUrl ?? null;
  const date = (at: Date) => formatDate(at, language, 'date');
  const text =
    state.kind === 'grace'
      ? t('billing.status.grace', { date: date(state.endedAt), graceEnd: date(state.graceEndsAt) })
      : t('billing.banner.ending', { date: state.kind === 'pro' && state.until ? date(state.until) : '' });
  return (
    <div role={grace ? 'alert' : 'status'} className={grace ? styles.bannerDanger : styles.banner} data-testid="plan-banner">
      <AlertTriangle size={20} aria-hidden="true" />
      <span>{text}</span>
      {payUrl ? (
        <a href={payUrl} target="_blank" rel="noopener noreferrer" className={styles.bannerLink}>
          <MessageCircle size={16} aria-hidden="true" /> {t('billing.banner.renew')}
        </a>
      ) : (
        <Link href="/shop/billing" className={styles.bannerLink}>
          {t('billing.banner.renew')}
        </Link>
      )}
    </div>
  );
}
