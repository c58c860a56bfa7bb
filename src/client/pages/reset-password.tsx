import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'wouter';
import { PASSWORD_MIN_LENGTH } from '../../shared/constants';
import { localizeMessage } from '../../shared/i18n/translator';
import { passwordSchema } from '../../shared/schemas/auth';
import { Button } from '../components/ui/button';
import { TextField } from '../components/ui/field';
import { PageSkeleton } from '../components/ui/skeleton';
import { useToast } from '../components/ui/toast';
import account from '../i18n/catalogues/en/account';
import { useLanguage, useT } from '../i18n/language';
import { errorMessage } from '../error-message';
import { useReads } from '../reads';
import { trpc } from '../trpc';
import * as styles from '../features/auth/auth-panel.css';
import { AuthPanel, PanelNotice } from '../features/auth/auth-panel';

/**
 * /reset-password?token=… (issue 31): the new password twice, by the sign-up rules. Success ends every
 * session of the account (this browser's too) and does not sign in; a dead link says so at once.
 */
export default function ResetPasswordPage() {
  const t = useT(account);
  const language = useLanguage();
  const toast = useToast();
  const queryClient = useQueryClient();
  const reads = useReads();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const check = trpc.auth.checkResetToken.useQuery({ token }, { retry: false, staleTime: Infinity });
  const reset = trpc.auth.resetPassword.useMutation();
  const [state, setState] = useState<'form' | 'done' | 'invalid'>('form');

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const parsed = passwordSchema.safeParse(data.get('newPassword'));
    if (!parsed.success) {
      toast.error(localizeMessage(language, parsed.error.issues[0]?.message ?? t('account.form.check')));
      return;
    }
    if (data.get('confirmPassword') !== parsed.data) {
      toast.error(t('account.reset.mismatch'));
      return;
    }
    try {
      await reset.mutateAsync({ token, newPassword: parsed.data });
      // Every session of the account ended, this browser's included: forget what was read as signed in.
      await Promise.all([queryClient.invalidateQueries(), reads.invalidate()]);
      setState('done');
    } catch (error) {
      if ((error as { data?: { code?: string } }).data?.code === 'BAD_REQUEST' && !(error as { data?: { zodError?: unknown } }).data?.zodError) setState('invalid');
      else toast.error(errorMessage(error, undefined, language));
    }
  }

  let body;
  if (check.isPending) body = <PageSkeleton />;
  else if (state === 'done') {
    body = <PanelNotice text={t('account.reset.done')} action={{ href: '/auth', label: t('account.reset.signIn') }} />;
  } else if (state === 'invalid' || !check.data?.valid) {
    body = <PanelNotice text={t('account.reset.invalid')} action={{ href: '/forgot-password', label: t('account.reset.askAgain'), variant: 'secondary' }} />;
  } else {
    body = (
      <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={t('account.reset.form')}>
        <TextField
          label={t('account.reset.new')}
          name="newPassword"
          type="password"
          autoComplete="new-password"
          dir="ltr"
          hint={t('account.field.passwordRule', { min: PASSWORD_MIN_LENGTH })}
          required
        />
        <TextField label={t('account.reset.confirm')} name="confirmPassword" type="password" autoComplete="new-password" dir="ltr" required />
        <Button type="submit" size="lg" block loading={reset.isPending}>
          {reset.isPending ? t('account.reset.busy') : t('account.reset.submit')}
        </Button>
      </form>
    );
  }

  return (
    <AuthPanel title={t('account.reset.title')}>{body}</AuthPanel>
  );
}
