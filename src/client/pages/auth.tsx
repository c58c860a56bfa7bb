import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, Redirect, useLocation } from 'wouter';
import { PASSWORD_MIN_LENGTH, PRODUCT_NAME } from '../../shared/constants';
import { homePathAfterSignIn } from '../../shared/roles';
import { signInSchema, signUpSchema } from '../../shared/schemas/auth';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { TextField } from '../components/ui/field';
import { Tabs } from '../components/ui/tabs';
import { useToast } from '../components/ui/toast';
import { signIn } from '../features/auth/auth-client';
import { useSession } from '../session';
import { errorMessage, trpc } from '../trpc';
import * as styles from './auth.css';

type Tab = 'sign-in' | 'sign-up';

function formValues(event: FormEvent<HTMLFormElement>): Record<string, string> {
  return Object.fromEntries([...new FormData(event.currentTarget)].map(([k, v]) => [k, String(v)]));
}

function SignInForm() {
  const toast = useToast();
  const [, navigate] = useLocation();
  const utils = trpc.useUtils();
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = signInSchema.safeParse(formValues(event));
    if (!parsed.success) {
      toast.error(parsed.error.issues[0]?.message ?? 'Check the form');
      return;
    }
    setBusy(true);
    try {
      await signIn(parsed.data.email, parsed.data.password);
      const me = await utils.auth.me.fetch(undefined, { staleTime: 0 });
      toast.success('Signed in successfully!');
      navigate(homePathAfterSignIn(me?.roles ?? []));
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="Sign in">
      <TextField label="Email" name="email" type="email" autoComplete="email" inputMode="email" placeholder="you@example.com" required />
      <TextField label="Password" name="password" type="password" autoComplete="current-password" placeholder="••••••" required />
      <Button type="submit" size="lg" block loading={busy}>
        {busy ? 'Signing in...' : 'Sign In'}
      </Button>
    </form>
  );
}

function SignUpForm() {
  const toast = useToast();
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const signUp = trpc.auth.signUp.useMutation();
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = signUpSchema.safeParse(formValues(event));
    if (!parsed.success) {
      toast.error(parsed.error.issues[0]?.message ?? 'Check the form');
      return;
    }
    setBusy(true);
    try {
      await signUp.mutateAsync(parsed.data);
    } catch (error) {
      const message = errorMessage(error);
      toast.error(
        message.includes('already registered') ? 'This email is already registered. Please sign in.' : message,
      );
      setBusy(false);
      return;
    }
    try {
      await signIn(parsed.data.email, parsed.data.password);
      await queryClient.invalidateQueries();
      toast.success('Account created! Redirecting to role selection...');
      navigate('/role-selection');
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="Sign up">
      <TextField label="Full Name" name="fullName" autoComplete="name" placeholder="Ayesha Khan" required />
      <TextField label="Phone" name="phone" type="tel" autoComplete="tel" inputMode="tel" placeholder="+92 300 1234567" required />
      <TextField label="Email" name="email" type="email" autoComplete="email" inputMode="email" placeholder="you@example.com" required />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        placeholder={`At least ${PASSWORD_MIN_LENGTH} characters`}
        hint={`At least ${PASSWORD_MIN_LENGTH} characters`}
        required
      />
      <Button type="submit" size="lg" block loading={busy}>
        {busy ? 'Creating account...' : 'Sign Up'}
      </Button>
    </form>
  );
}

export default function AuthPage() {
  const { user, loading } = useSession();
  const [tab, setTab] = useState<Tab>('sign-in');
  if (!loading && user) return <Redirect to={homePathAfterSignIn(user.roles)} replace />;

  return (
    <div className={styles.wrap}>
      <div className={styles.panel}>
        <div className={styles.intro}>
          <h1 className={styles.title}>Welcome to {PRODUCT_NAME}</h1>
          <p className={styles.lead}>Shop from local stores or open your own shop in minutes.</p>
        </div>
        <Card>
          <Tabs<Tab>
            label="Account"
            value={tab}
            onChange={setTab}
            items={[
              { value: 'sign-in', label: 'Sign In', panel: <SignInForm /> },
              { value: 'sign-up', label: 'Sign Up', panel: <SignUpForm /> },
            ]}
          />
        </Card>
        <p className={styles.footnote}>
          Just looking? <Link href="/browse">Continue browsing as a guest</Link>
        </p>
      </div>
    </div>
  );
}
