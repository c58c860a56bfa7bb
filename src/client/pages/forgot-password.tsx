import { type FormEvent, useState } from 'react';
import { Link } from 'wouter';
import { localizeMessage } from '../../shared/i18n/translator';
import { forgotPasswordSchema } from '../../shared/schemas/auth';
import { Button } from '../components/ui/button';
import { TextField } from '../components/ui/field';
import { useToast } from '../components/ui/toast';
import account from '../i18n/catalogues/en/account';
import { useLanguage, useT } from '../i18n/language';
import { errorMessage } from '../error-message';
import { trpc } from '../trpc';
import * as styles from '../features/auth/auth-panel.css';
import { AuthPanel } from '../features/auth/auth-panel';

/**
 * "Forgot password?" (issue 31): an email, "Send reset link", and the same answer whether or not the
 * email has an account. Without a mail server it says to ask the admin instead, and shows no form.
 */
export default function ForgotPasswordPage() {
  const t = useT(account);
  const language = useLanguage();
  const toast = useToast();
  const options = trpc.auth.resetOptions.useQuery();
  const request = trpc.auth.requestPasswordReset.useMutation();
  const [sent, setSent] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = forgotPasswordSchema.safeParse({ email: new FormData(event.currentTarget).get('email') });
    if (!parsed.success) {
      toast.error(localizeMessage(language, parsed.error.issues[0]?.message ?? t('account.form.check')));
      return;
    }
    try {
      await request.mutateAsync(parsed.data);
      setSent(true);
    } catch (error) {
      toast.error(errorMessage(error, undefined, language));
    }
  }

  let body;
  if (options.data?.email === false) {
    body = (
      <p className={styles.notice} role="status">
        {t('account.forgot.noEmail')}
      </p>
    );
  } else if (sent) {
    body = (
      <div className={styles.form} role="status">
        <p className={styles.notice}>{t('account.forgot.sent')}</p>
        <p className={styles.hint}>{t('account.forgot.sentHint')}</p>
      </div>
    );
  } else {
    body = (
      <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={t('account.forgot.form')}>
        <TextField label={t('account.field.email')} name="email" type="email" autoComplete="email" inputMode="email" placeholder="you@example.com" dir="ltr" required />
        <Button type="submit" size="lg" block loading={request.isPending} disabled={!options.data}>
          {request.isPending ? t('account.forgot.busy') : t('account.forgot.submit')}
        </Button>
      </form>
    );
  }

  return (
    <AuthPanel
      title={t('account.forgot.title')}
      lead={options.data?.email !== false && !sent ? t('account.forgot.lead') : undefined}
      footnote={<Link href="/auth">{t('account.forgot.backToSignIn')}</Link>}
    >
      {body}
    </AuthPanel>
  );
}
