import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import { PageSkeleton } from '../../components/ui/skeleton';
import { Page } from '../../components/ui/page';
import auth from '../../i18n/catalogues/en/auth';
import { useT } from '../../i18n/language';
import { useSession } from '../../session';

function Loading() {
  const t = useT(auth);
  return (
    <Page title={<span className="visually-hidden">{t('auth.guard.loading')}</span>}>
      <PageSkeleton label={t('auth.guard.loadingPage')} />
    </Page>
  );
}

/** Screens that need a signed-in user send guests to /auth. */
export function RequireUser({ children }: { children: ReactNode }) {
  const { user, loading } = useSession();
  if (loading) return <Loading />;
  if (!user) return <Redirect to="/auth" replace />;
  return <>{children}</>;
}

/** Admin screens send everyone else to /browse once loading ends (spec section 6). */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { loading, isAdmin } = useSession();
  if (loading) return <Loading />;
  if (!isAdmin) return <Redirect to="/browse" replace />;
  return <>{children}</>;
}

/** Shop screens need a signed-in shopkeeper with a shop; without one the user goes to /shop/create. */
export function RequireShop({ children }: { children: ReactNode }) {
  const { user, loading } = useSession();
  if (loading) return <Loading />;
  if (!user) return <Redirect to="/auth" replace />;
  if (!user.shop) return <Redirect to="/shop/create" replace />;
  return <>{children}</>;
}
