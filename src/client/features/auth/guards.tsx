import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import { PageSkeleton } from '../../components/ui/skeleton';
import { Page } from '../../components/ui/page';
import auth from '../../i18n/catalogues/en/auth';
import { useT } from '../../i18n/language';
import { useSession } from '../../session';
import { mayAct, type ShopRole } from '../../../shared/staff';

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

/**
 * Shop screens need a signed-in user with a shop (their own, or the one whose staff they are); without
 * one the user goes to /shop/create. A helper whose role does not reach the screen's `minimum` goes to
 * the shop's orders (issue 51; the server refuses their calls anyway).
 */
function ShopGuard({ children, minimum }: { children: ReactNode; minimum: ShopRole }) {
  const { user, loading, shopRole } = useSession();
  if (loading) return <Loading />;
  if (!user) return <Redirect to="/auth" replace />;
  if (!user.shop || !shopRole) return <Redirect to="/shop/create" replace />;
  if (!mayAct(shopRole, minimum)) return <Redirect to="/shop/orders" replace />;
  return <>{children}</>;
}

/** The shop's orders: its owner and its staff. */
export function RequireShop({ children }: { children: ReactNode }) {
  return <ShopGuard minimum="orders">{children}</ShopGuard>;
}

/** The shop's products: its owner and "Orders and products" staff. */
export function RequireShopProducts({ children }: { children: ReactNode }) {
  return <ShopGuard minimum="orders_products">{children}</ShopGuard>;
}

/** Everything else of the shop (settings, cash, coupons, staff, the dashboard): its owner alone. */
export function RequireShopOwner({ children }: { children: ReactNode }) {
  return <ShopGuard minimum="owner">{children}</ShopGuard>;
}
