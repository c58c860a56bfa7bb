import { MessageCircle, TimerOff } from 'lucide-react';
import { isStaffRole } from '../../../shared/staff';
import { useEffect, useState } from 'react';
import { DEFAULT_TRIAL_MINUTES } from '../../../shared/constants';
import { localizeMessage } from '../../../shared/i18n/translator';
import { PLAN_ENDED_MESSAGE } from '../../../shared/plan';
import { isTrialExpired, trialExpiredMessage } from '../../../shared/trial';
import { ButtonLink } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import shop from '../../i18n/catalogues/en/shop';
import { useLanguage, useT } from '../../i18n/language';
import { trpc } from '../../trpc';
import { useSession } from '../../session';

/**
 * Spec section 8's blocking trial dialog. It cannot be dismissed, and the server refuses the
 * shopkeeper's writes anyway. The support number is only a link target, never shown.
 */
export function TrialExpiredDialog({ open, minutes, planEnded = false }: { open: boolean; minutes: number; planEnded?: boolean }) {
  const t = useT(shop);
  const language = useLanguage();
  const support = trpc.shops.supportLink.useQuery(undefined, { enabled: open, staleTime: Infinity });
  return (
    <Dialog
      open={open}
      dismissible={false}
      role="alertdialog"
      title={planEnded ? t('shop.trial.planEndedTitle') : t('shop.trial.title')}
      icon={<TimerOff size={32} color="#e8590c" aria-hidden="true" />}
      actions={
        support.data?.url ? (
          <ButtonLink href={support.data.url} external variant="whatsapp" block>
            <MessageCircle size={18} aria-hidden="true" /> {t('shop.trial.support')}
          </ButtonLink>
        ) : null
      }
    >
      {/* The server's own refusal, said in the page's language by the errors catalogue. */}
      <p>{localizeMessage(language, planEnded ? PLAN_ENDED_MESSAGE : trialExpiredMessage(minutes))}</p>
      <p style={{ marginTop: 8 }}>{t('shop.trial.contact')}</p>
    </Dialog>
  );
}

/**
 * Whether the trial is over: the server's answer, or the shared rule on a clock that ticks, so an
 * open screen blocks when the minutes run out rather than at the next reload.
 */
export function useTrialExpired(serverSaysExpired = false): { expired: boolean; minutes: number; planEnded: boolean } {
  const { user } = useSession();
  const [now, setNow] = useState(() => new Date());
  // A running trial or a dated Pro ends while the screen is open.
  const watching = Boolean(user && (user.proUntil || (!user.isPro && user.trialStartAt)) && !user.trialExpired);
  useEffect(() => {
    if (!watching) return;
    const timer = window.setInterval(() => setNow(new Date()), 10_000);
    return () => window.clearInterval(timer);
  }, [watching]);
  const minutes = user?.trialMinutes ?? DEFAULT_TRIAL_MINUTES;
  const expired =
    serverSaysExpired ||
    Boolean(user?.trialExpired) ||
    // A helper works under the shop's trial (its owner's), which the server's trialExpired says.
    Boolean(user && !isStaffRole(user.shopRole) && user.roles.includes('shopkeeper') && isTrialExpired(user, now, minutes, user.graceDays));
  return { expired, minutes, planEnded: Boolean(user?.proUntil) };
}

/** The same blocking dialog on every shop screen, so a typed URL does not step around it. */
export function TrialGate({ serverSaysExpired = false }: { serverSaysExpired?: boolean }) {
  const { expired, minutes, planEnded } = useTrialExpired(serverSaysExpired);
  return <TrialExpiredDialog open={expired} minutes={minutes} planEnded={planEnded} />;
}
