import { MessageCircle } from 'lucide-react';
import { type FormEvent, type MouseEvent, useState } from 'react';
import { Link } from 'wouter';
import { localizeMessage } from '../../shared/i18n/translator';
import { forgotPasswordSchema } from '../../shared/schemas/auth';
import { waLink } from '../../shared/whatsapp';
import { Button, ButtonLink } from '../components/ui/button';
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
 * email has an account. Without a mail server it offers the support WhatsApp, the message "I forgot my
 * password for {email}" prefilled (issue 53); with no support number either, it says to ask the admin.
 */
export default function ForgotPasswordPage() {
  const t = useT(account);
  const language = useLanguage();
  const toast = useToast();
  const options = trpc.auth.resetOptions.useQuery();
  const request = trpc.auth.requestPasswordReset.useMutation();
  const [sent, setSent] = useState(false);
  const [typedEmail, setTypedEmail] = useState('');

  /** The email as the form would send it, or null (and the first message as a toast) when it is not one. */
  function checkedEmail(value: FormDataEntryValue | null): string | null {
    const parsed = forgotPasswordSchema.safeParse({ email: value });
    if (parsed.success) return parsed.data.email;
    toast.error(localizeMessage(language, parsed.error.issues[0]?.message ?? t('account.form.check')));
    return null;
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = checkedEmail(new FormData(event.currentTarget).get('email'));
    if (email === null) return;
    try {
      await request.mutateAsync({ email });
      setSent(true);
    } catch (error) {
      toast.error(errorMessage(error, undefined, language));
    }
  }

  // The link follows what is typed; a tap with no valid email yet says so instead of opening WhatsApp.
  const support = options.data?.supportWhatsapp;
  const supportEmail = forgotPasswordSchema.safeParse({ email: typedEmail });
  const supportUrl = support ? waLink(support.number, support.countryCode, t('account.forgot.whatsappMessage', { email: supportEmail.data?.email ?? typedEmail.trim() })) : null;
  function onAskSupport(event: MouseEvent<HTMLAnchorElement>) {
    if (checkedEmail(typedEmail) === null) event.preventDefault();
  }

  let body;
  if (options.data?.email === false && supportUrl) {
    body = (
      <div className={styles.form}>
        <p className={styles.notice} role="status">
          {t('account.forgot.noEmailSupport')}
        </p>
        <TextField
          label={t('account.field.email')}
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          dir="ltr"
          value={typedEmail}
          onChange={(event) => setTypedEmail(event.currentTarget.value)}
          required
        />
        <ButtonLink href={supportUrl} external variant="whatsapp" size="lg" block onClick={onAskSupport}>
          <MessageCircle size={18} aria-hidden="true" /> {t('account.forgot.whatsapp')}
        </ButtonLink>
      </div>
    );
  } else if (options.data?.email === false) {
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
