import { type FormEvent, useState } from 'react';
import { useLocation } from 'wouter';
import { PASSWORD_MIN_LENGTH } from '../../../shared/constants';
import { localizeMessage } from '../../../shared/i18n/translator';
import { changePasswordSchema } from '../../../shared/schemas/auth';
import { Button } from '../../components/ui/button';
import { Card, CardHeader } from '../../components/ui/card';
import { useConfirm } from '../../components/ui/confirm-dialog';
import { TextField } from '../../components/ui/field';
import * as layout from '../../components/ui/page.css';
import { useToast } from '../../components/ui/toast';
import account from '../../i18n/catalogues/en/account';
import { useLanguage, useT } from '../../i18n/language';
import { errorMessage } from '../../error-message';
import { useReads } from '../../reads';
import { trpc } from '../../trpc';
import { signOut } from './auth-client';

/** /settings: a new password (the current one required); the server signs out the other devices. */
export function ChangePasswordForm() {
  const toast = useToast();
  const t = useT(account);
  const language = useLanguage();
  const change = trpc.auth.changePassword.useMutation();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const parsed = changePasswordSchema.safeParse({ currentPassword: data.get('currentPassword'), newPassword: data.get('newPassword') });
    if (!parsed.success) {
      toast.error(localizeMessage(language, parsed.error.issues[0]?.message ?? t('account.form.check')));
      return;
    }
    try {
      await change.mutateAsync(parsed.data);
      form.reset();
      toast.success(t('account.password.changed'));
    } catch (error) {
      toast.error(errorMessage(error, undefined, language));
    }
  }

  return (
    <Card as="section" aria-labelledby="password-heading">
      <CardHeader id="password-heading" title={t('account.password.title')} description={t('account.password.description')} />
      <form onSubmit={onSubmit} noValidate className={layout.stack} aria-label={t('account.password.title')}>
        <div className={layout.formGrid}>
          <TextField label={t('account.password.current')} name="currentPassword" type="password" autoComplete="current-password" dir="ltr" required />
          <TextField
            label={t('account.password.new')}
            name="newPassword"
            type="password"
            autoComplete="new-password"
            dir="ltr"
            hint={t('account.password.rule', { min: PASSWORD_MIN_LENGTH })}
            required
          />
        </div>
        <div className={layout.row}>
          <Button type="submit" variant="secondary" loading={change.isPending}>
            {t('account.password.title')}
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** /settings: ends every session of the account, on every device, after a confirmation. */
export function SignOutEverywhere() {
  const toast = useToast();
  const t = useT(account);
  const language = useLanguage();
  const confirm = useConfirm();
  const reads = useReads();
  const [, navigate] = useLocation();
  const end = trpc.auth.signOutEverywhere.useMutation();
  const [busy, setBusy] = useState(false);

  async function onClick() {
    const ok = await confirm({
      title: t('account.devices.confirmTitle'),
      message: t('account.devices.confirmMessage'),
      confirmLabel: t('account.devices.confirmLabel'),
    });
    if (!ok) return;
    setBusy(true);
    try {
      await end.mutateAsync();
    } catch (error) {
      toast.error(errorMessage(error, undefined, language));
      setBusy(false);
      return;
    }
    // The sessions have ended on the server; this only clears this browser's cookie.
    await signOut().catch(() => undefined);
    // Both caches (reads.ts's and React Query's) forget what was read as signed in.
    reads.clear();
    toast.success(t('account.devices.done'));
    navigate('/auth');
  }

  return (
    <Card as="section" aria-labelledby="devices-heading">
      <CardHeader
        id="devices-heading"
        title={t('account.devices.title')}
        description={t('account.devices.description')}
      />
      <div className={layout.row}>
        <Button type="button" variant="outline" onClick={onClick} loading={busy}>
          {t('account.devices.button')}
        </Button>
      </div>
    </Card>
  );
}
