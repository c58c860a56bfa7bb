import { useState } from 'react';
import { useSearchParams } from 'wouter';
import { Button } from '../components/ui/button';
import { PageSkeleton } from '../components/ui/skeleton';
import { SLOT, TextWith } from '../components/ui/text-with';
import { useToast } from '../components/ui/toast';
import { AuthPanel, PanelNotice } from '../features/auth/auth-panel';
import account from '../i18n/catalogues/en/account';
import common from '../i18n/catalogues/en/common';
import { useLanguage, useT } from '../i18n/language';
import { errorMessage } from '../error-message';
import { trpc } from '../trpc';
import * as styles from '../features/auth/auth-panel.css';

/**
 * /email-updates?email=…&token=… (issue 31): where a status email's "stop these emails" link lands.
 * No account needed (a guest has none): the link's signature is the permission, for its one address.
 * Opening the page switches nothing; the button does, and the same button switches them on again.
 */
export default function EmailUpdatesPage() {
  const [params] = useSearchParams();
  // A back-in-stock email's link and a cart reminder's (issue 50) say what they are about.
  const about = params.get('about');
  if (about === 'back-in-stock') return <BackInStockEmails />;
  return about === 'cart-reminders' ? <CartReminders /> : <OrderUpdates />;
}

/** The link's address and signature, as the email wrote them. */
function useLink() {
  const [params] = useSearchParams();
  return { email: params.get('email') ?? '', token: params.get('token') ?? '' };
}

const READ_ONCE = { retry: false, staleTime: Infinity } as const;

function OrderUpdates() {
  const t = useT(account);
  const tc = useT(common);
  const link = useLink();
  return (
    <LinkSwitch
      title={t('account.emails.orderUpdates')}
      link={link}
      check={trpc.orderUpdates.check.useQuery(link, READ_ONCE)}
      save={trpc.orderUpdates.set.useMutation()}
      texts={{
        onFor: (email) => t('account.updates.onFor', { email }),
        offFor: (email) => t('account.updates.offFor', { email }),
        stop: t('account.updates.stop'),
        resume: t('account.updates.resume'),
        switchedOn: t('account.emails.on'),
        switchedOff: t('account.emails.off'),
        invalid: t('account.updates.invalid'),
      }}
      invalidAction={{ href: '/guest/orders', label: tc('common.nav.trackOrder') }}
    />
  );
}

/** A cart reminder's stop link (issue 50): the account's cart reminders off, and on again. */
function CartReminders() {
  const t = useT(account);
  const tc = useT(common);
  const link = useLink();
  return (
    <LinkSwitch
      title={t('account.emails.cartReminders')}
      link={link}
      check={trpc.cartReminders.check.useQuery(link, READ_ONCE)}
      save={trpc.cartReminders.set.useMutation()}
      texts={{
        onFor: (email) => t('account.cartReminders.onFor', { email }),
        offFor: (email) => t('account.cartReminders.offFor', { email }),
        stop: t('account.cartReminders.stop'),
        resume: t('account.cartReminders.resume'),
        switchedOn: t('account.emails.cartRemindersOn'),
        switchedOff: t('account.emails.cartRemindersOff'),
        invalid: t('account.backInStock.invalid'),
      }}
      invalidAction={{ href: '/cart', label: tc('common.nav.cart') }}
    />
  );
}

/** A signed link's switch: what it is about is on or off for the link's address; the one button turns it over. */
function LinkSwitch({
  title,
  link,
  check,
  save,
  texts,
  invalidAction,
}: {
  title: string;
  link: { email: string; token: string };
  check: { isPending: boolean; data?: { valid: false } | { valid: true; enabled: boolean } };
  save: { isPending: boolean; mutateAsync: (input: { email: string; token: string; enabled: boolean }) => Promise<unknown> };
  texts: { onFor: (email: string) => string; offFor: (email: string) => string; stop: string; resume: string; switchedOn: string; switchedOff: string; invalid: string };
  invalidAction: { href: string; label: string };
}) {
  const language = useLanguage();
  const toast = useToast();
  const [enabled, setEnabled] = useState<boolean | null>(null);

  async function onSwitch(next: boolean) {
    try {
      await save.mutateAsync({ ...link, enabled: next });
      setEnabled(next);
      toast.success(next ? texts.switchedOn : texts.switchedOff);
    } catch (error) {
      toast.error(errorMessage(error, undefined, language));
    }
  }

  let body;
  if (check.isPending) body = <PageSkeleton />;
  else if (!check.data?.valid) body = <PanelNotice text={texts.invalid} action={{ ...invalidAction, variant: 'secondary' }} />;
  else {
    const on = enabled ?? check.data.enabled;
    const address = <bdi dir="ltr">{link.email.trim().toLowerCase()}</bdi>;
    body = (
      <div className={styles.form}>
        <p className={styles.notice} role="status">
          <TextWith text={on ? texts.onFor(SLOT) : texts.offFor(SLOT)}>{address}</TextWith>
        </p>
        <Button size="lg" block variant={on ? 'primary' : 'secondary'} loading={save.isPending} onClick={() => onSwitch(!on)}>
          {on ? texts.stop : texts.resume}
        </Button>
      </div>
    );
  }

  return <AuthPanel title={title}>{body}</AuthPanel>;
}

/** A back-in-stock email's stop link: the address's pending requests, and the button that removes them. */
function BackInStockEmails() {
  const t = useT(account);
  const tc = useT(common);
  const language = useLanguage();
  const toast = useToast();
  const link = useLink();
  const check = trpc.backInStock.check.useQuery(link, READ_ONCE);
  const stop = trpc.backInStock.stop.useMutation();
  const [stopped, setStopped] = useState(false);

  async function onStop() {
    try {
      await stop.mutateAsync(link);
      setStopped(true);
    } catch (error) {
      toast.error(errorMessage(error, undefined, language));
    }
  }

  let body;
  if (check.isPending) body = <PageSkeleton />;
  else if (!check.data?.valid) body = <PanelNotice text={t('account.backInStock.invalid')} action={{ href: '/browse', label: tc('common.nav.browse'), variant: 'secondary' }} />;
  else {
    const waiting = stopped ? 0 : check.data.waiting;
    const address = <bdi dir="ltr">{link.email.trim().toLowerCase()}</bdi>;
    body = (
      <div className={styles.form}>
        <p className={styles.notice} role="status">
          <TextWith text={waiting > 0 ? t('account.backInStock.waiting', { count: waiting, email: SLOT }) : t('account.backInStock.none', { email: SLOT })}>{address}</TextWith>
        </p>
        {waiting > 0 && (
          <Button size="lg" block loading={stop.isPending} onClick={onStop}>
            {t('account.backInStock.stop')}
          </Button>
        )}
      </div>
    );
  }
  return <AuthPanel title={t('account.backInStock.title')}>{body}</AuthPanel>;
}
