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
  // A back-in-stock email's link (issue 50) says what it is about.
  return params.get('about') === 'back-in-stock' ? <BackInStockEmails /> : <OrderUpdates />;
}

function OrderUpdates() {
  const t = useT(account);
  const tc = useT(common);
  const language = useLanguage();
  const toast = useToast();
  const [params] = useSearchParams();
  const link = { email: params.get('email') ?? '', token: params.get('token') ?? '' };
  const check = trpc.orderUpdates.check.useQuery(link, { retry: false, staleTime: Infinity });
  const save = trpc.orderUpdates.set.useMutation();
  const [enabled, setEnabled] = useState<boolean | null>(null);

  async function onSwitch(next: boolean) {
    try {
      await save.mutateAsync({ ...link, enabled: next });
      setEnabled(next);
      toast.success(t(next ? 'account.emails.on' : 'account.emails.off'));
    } catch (error) {
      toast.error(errorMessage(error, undefined, language));
    }
  }

  let body;
  if (check.isPending) body = <PageSkeleton />;
  else if (!check.data?.valid) {
    body = <PanelNotice text={t('account.updates.invalid')} action={{ href: '/guest/orders', label: tc('common.nav.trackOrder'), variant: 'secondary' }} />;
  } else {
    const on = enabled ?? check.data.enabled;
    const address = <bdi dir="ltr">{link.email.trim().toLowerCase()}</bdi>;
    body = (
      <div className={styles.form}>
        <p className={styles.notice} role="status">
          <TextWith text={t(on ? 'account.updates.onFor' : 'account.updates.offFor', { email: SLOT })}>{address}</TextWith>
        </p>
        <Button size="lg" block variant={on ? 'primary' : 'secondary'} loading={save.isPending} onClick={() => onSwitch(!on)}>
          {t(on ? 'account.updates.stop' : 'account.updates.resume')}
        </Button>
      </div>
    );
  }

  return <AuthPanel title={t('account.emails.orderUpdates')}>{body}</AuthPanel>;
}

/** A back-in-stock email's stop link: the address's pending requests, and the button that removes them. */
function BackInStockEmails() {
  const t = useT(account);
  const tc = useT(common);
  const language = useLanguage();
  const toast = useToast();
  const [params] = useSearchParams();
  const link = { email: params.get('email') ?? '', token: params.get('token') ?? '' };
  const check = trpc.backInStock.check.useQuery(link, { retry: false, staleTime: Infinity });
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
