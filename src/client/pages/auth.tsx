import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { TRPCClientError } from '@trpc/client';
import { Link, Redirect, useLocation, useSearch } from 'wouter';
import { PASSWORD_MIN_LENGTH } from '../../shared/constants';
import { localizeMessage } from '../../shared/i18n/translator';
import { useSiteName } from '../site';
import { homePathAfterSignIn, nextPathOf } from '../../shared/roles';
import { signInSchema, signUpSchema } from '../../shared/schemas/auth';
import { Button } from '../components/ui/button';
import { TextField } from '../components/ui/field';
import { Tabs } from '../components/ui/tabs';
import { useToast } from '../components/ui/toast';
import { signIn } from '../features/auth/auth-client';
import { useSession } from '../session';
import account from '../i18n/catalogues/en/account';
import { useLanguage, useT } from '../i18n/language';
import { errorMessage } from '../error-message';
import { useReads } from '../reads';
import { trpc } from '../trpc';
import * as styles from '../features/auth/auth-panel.css';
import { AuthPanel } from '../features/auth/auth-panel';

type Tab = 'sign-in' | 'sign-up';

function formValues(event: FormEvent<HTMLFormElement>): Record<string, string> {
  return Object.fromEntries([...new FormData(event.currentTarget)].map(([k, v]) => [k, String(v)]));
}

function SignInForm() {
  const toast = useToast();
  const t = useT(account);
  const language = useLanguage();
  const [, navigate] = useLocation();
  const next = nextPathOf(useSearch());
  const reads = useReads();
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = signInSchema.safeParse(formValues(event));
    if (!parsed.success) {
      toast.error(localizeMessage(language, parsed.error.issues[0]?.message ?? t('account.form.check')));
      return;
    }
    setBusy(true);
    try {
      await signIn(parsed.data.email, parsed.data.password, language);
      const me = await reads.query('auth.me', undefined);
      toast.success(t('account.signIn.success'));
      navigate(next ?? homePathAfterSignIn(me?.roles ?? [], me?.shopRole));
    } catch (error) {
      toast.error(errorMessage(error, undefined, language));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={t('account.signIn.form')}>
      <TextField label={t('account.field.email')} name="email" type="email" autoComplete="email" inputMode="email" placeholder="you@example.com" dir="ltr" required />
      <TextField label={t('account.field.password')} name="password" type="password" autoComplete="current-password" placeholder="••••••" dir="ltr" required />
      <Link href="/forgot-password" className={styles.forgot}>
        {t('account.forgot.link')}
      </Link>
      <Button type="submit" size="lg" block loading={busy}>
        {busy ? t('account.signIn.busy') : t('account.signIn.submit')}
      </Button>
    </form>
  );
}

function SignUpForm() {
  const toast = useToast();
  const t = useT(account);
  const language = useLanguage();
  const [, navigate] = useLocation();
  const next = nextPathOf(useSearch());
  const queryClient = useQueryClient();
  const reads = useReads();
  const signUp = trpc.auth.signUp.useMutation();
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = signUpSchema.safeParse(formValues(event));
    if (!parsed.success) {
      toast.error(localizeMessage(language, parsed.error.issues[0]?.message ?? t('account.form.check')));
      return;
    }
    setBusy(true);
    try {
      await signUp.mutateAsync(parsed.data);
    } catch (error) {
      const message = errorMessage(error, undefined, language);
      // The server says it in the page's language; its CONFLICT here is only ever the email taken.
      const taken = message.includes('already registered') || (error instanceof TRPCClientError && (error.data as { code?: string } | undefined)?.code === 'CONFLICT');
      toast.error(taken ? t('account.signUp.alreadyRegistered') : message);
      setBusy(false);
      return;
    }
    try {
      await signIn(parsed.data.email, parsed.data.password, language);
      await Promise.all([queryClient.invalidateQueries(), reads.invalidate()]);
      toast.success(t('account.signUp.success'));
      // An invitation link sent them here: back to it, where they choose nothing more.
      navigate(next ?? '/role-selection');
    } catch (error) {
      toast.error(errorMessage(error, undefined, language));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={t('account.signUp.form')}>
      <TextField label={t('account.field.fullName')} name="fullName" autoComplete="name" placeholder={t('account.field.fullNamePlaceholder')} dir="auto" required />
      <TextField label={t('account.field.phone')} name="phone" type="tel" autoComplete="tel" inputMode="tel" placeholder="+92 300 1234567" dir="ltr" required />
      <TextField label={t('account.field.email')} name="email" type="email" autoComplete="email" inputMode="email" placeholder="you@example.com" dir="ltr" required />
      <TextField
        label={t('account.field.password')}
        dir="ltr"
        name="password"
        type="password"
        autoComplete="new-password"
        placeholder={t('account.field.passwordRule', { min: PASSWORD_MIN_LENGTH })}
        hint={t('account.field.passwordRule', { min: PASSWORD_MIN_LENGTH })}
        required
      />
      <Button type="submit" size="lg" block loading={busy}>
        {busy ? t('account.signUp.busy') : t('account.signUp.submit')}
      </Button>
    </form>
  );
}

export default function AuthPage() {
  const { user, loading } = useSession();
  const t = useT(account);
  const siteLabel = useSiteName();
  const [tab, setTab] = useState<Tab>('sign-in');
  const next = nextPathOf(useSearch());
  if (!loading && user) return <Redirect to={next ?? homePathAfterSignIn(user.roles, user.shopRole)} replace />;

  return (
    <AuthPanel
      title={t('account.welcome.title', { name: siteLabel })}
      lead={t('account.welcome.lead')}
      footnote={
        <>
          {t('account.welcome.justLooking')} <Link href="/browse">{t('account.welcome.browseAsGuest')}</Link>
        </>
      }
    >
      <Tabs<Tab>
        label={t('account.welcome.tabs')}
        value={tab}
        onChange={setTab}
        items={[
          { value: 'sign-in', label: t('account.signIn.submit'), panel: <SignInForm /> },
          { value: 'sign-up', label: t('account.signUp.submit'), panel: <SignUpForm /> },
        ]}
      />
    </AuthPanel>
  );
}
