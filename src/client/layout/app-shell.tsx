import { LogIn, LogOut, ShieldCheck, ShoppingBag } from '../components/ui/public-icons';
import { lazy, type ReactNode, Suspense } from 'react';
import { Link, useLocation } from 'wouter';
import { cartUnitCount } from '../../shared/cart';
import common from '../i18n/catalogues/en/common';
import { LanguageSwitch } from '../i18n/language-switch';
import { useT } from '../i18n/language';
import { useHydrated } from '../hydration';
import { useRead, useReads } from '../reads';
import { useSession } from '../session';
import { useSiteLogo, useSiteName } from '../site';
import { useCart } from '../features/cart/cart-store';
import { Button, ButtonLink } from '../components/ui/button';
import { useToast } from '../components/ui/toast';
import { directional } from '../styles/direction.css';
import { AnnouncementBar } from './announcement-bar';
import * as styles from './layout.css';
import { SiteFooter } from './site-footer';
import { isActive, NAV_HIDDEN_ON, NAV_ITEMS, type NavItem } from './nav-items';

const AccountSync = lazy(() => import('./account-sync'));

/** Whether this browser still holds an account's cart or saved list (a session that ended elsewhere): the sync clears it. */
function accountCopyLeft(): boolean {
  try {
    return window.localStorage.getItem('cart-owner') !== null || /"owner":\d/.test(window.localStorage.getItem('saved') ?? '');
  } catch {
    return false;
  }
}

function CartCount({ className }: { className: string }) {
  const t = useT(common);
  const count = cartUnitCount(useCart());
  if (count === 0) return null;
  return (
    <>
      <span className={className} aria-hidden="true" data-testid="cart-count">
        {count > 99 ? '99+' : count}
      </span>
      <span className="visually-hidden">{t('common.cartItems', { count })}</span>
    </>
  );
}

function DesktopNav({ items, location }: { items: NavItem[]; location: string }) {
  const t = useT(common);
  return (
    <nav aria-label={t('common.nav.main')} className={styles.desktopNav}>
      {items
        .filter((item) => item.href !== '/auth')
        .map((item) => (
          <Link
            key={item.href}
            href={item.href}
            className={styles.desktopLink}
            aria-current={isActive(item, location) ? 'page' : undefined}
          >
            {t(item.label)}
            {item.cartBadge && <CartCount className={styles.inlineBadge} />}
          </Link>
        ))}
    </nav>
  );
}

function BottomNav({ items: all, location }: { items: NavItem[]; location: string }) {
  const t = useT(common);
  const items = all.filter((item) => !item.topBarOnly);
  return (
    <nav aria-label={t('common.nav.main')} className={styles.bottomNav}>
      <ul className={styles.bottomList} style={{ gridTemplateColumns: `repeat(${items.length}, 1fr)` }}>
        {items.map((item) => {
          const Icon = item.icon;
          return (
            <li key={item.href}>
              <Link
                href={item.href}
                className={styles.bottomLink}
                aria-current={isActive(item, location) ? 'page' : undefined}
              >
                <span className={styles.iconWrap}>
                  <Icon size={22} className={item.directional ? directional : undefined} aria-hidden />
                  {item.cartBadge && <CartCount className={styles.countBadge} />}
                </span>
                {t(item.label)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** Shared top bar and bottom navigation (spec section 2) around every screen, with the announcement above and the footer below (issue 47). */
export function AppShell({ children }: { children: ReactNode }) {
  const [location, navigate] = useLocation();
  const { user, loading, navRole, isAdmin } = useSession();
  const reads = useReads();
  const toast = useToast();
  const t = useT(common);
  const siteLabel = useSiteName();
  const siteLogo = useSiteLogo();
  const items = NAV_ITEMS[navRole];
  const showNav = !NAV_HIDDEN_ON.includes(location);
  // The footer's pages and the announcement (issue 47): in every page's head, and a server-rendered page's data.
  const shell = useRead('pages.shell', undefined, { staleTime: 5 * 60_000 }).data;
  // After hydration only: the server renders no part of it, and cannot see localStorage.
  const hydrated = useHydrated();
  const syncAccount = hydrated && !loading && (user !== null || accountCopyLeft());

  async function onSignOut() {
    try {
      // Signing out is rare beside browsing: its code arrives when asked for.
      const { signOut } = await import('../features/auth/auth-client');
      await signOut();
    } catch {
      toast.error(t('common.signOutFailed'));
      return;
    }
    const { forgetAccount } = await import('./account-sync');
    forgetAccount();
    reads.clear();
    navigate('/auth');
  }

  return (
    <div className={styles.shell}>
      <a href="#main" className={styles.skipLink}>
        {t('common.skipToContent')}
      </a>
      {shell?.announcement && <AnnouncementBar announcement={shell.announcement} />}
      <header className={styles.topBar}>
        <div className={styles.topBarInner}>
          <Link href="/browse" className={styles.brand}>
            {siteLogo ? (
              <img src={siteLogo.icon} alt="" width={32} height={32} className={styles.brandLogo} data-testid="site-logo" />
            ) : (
              <span className={styles.brandMark} aria-hidden="true">
                <ShoppingBag size={18} />
              </span>
            )}
            <span className={styles.brandName}>{siteLabel}</span>
          </Link>
          {showNav && !loading && <DesktopNav items={items} location={location} />}
          <div className={styles.spacer} />
          <div className={styles.actions}>
            {/* An admin's bar already holds Admin and Sign Out at 375 px: their /settings leads to /saved. */}
            {showNav &&
              !loading &&
              !isAdmin &&
              items
                .filter((item) => item.phoneTopBar)
                .map((item) => (
                  <Link key={item.href} href={item.href} className={styles.phoneTopLink} aria-current={isActive(item, location) ? 'page' : undefined}>
                    {t(item.label)}
                  </Link>
                ))}
            <LanguageSwitch />
            {isAdmin && (
              <ButtonLink href="/admin/dashboard" variant="outline" size="sm">
                <ShieldCheck size={16} aria-hidden="true" />
                {t('common.admin')}
              </ButtonLink>
            )}
            {!loading &&
              (user ? (
                <Button variant="ghost" size="sm" onClick={onSignOut}>
                  <LogOut size={16} className={directional} aria-hidden="true" />
                  {t('common.signOut')}
                </Button>
              ) : (
                location !== '/auth' && (
                  <ButtonLink href="/auth" variant="primary" size="sm">
                    <LogIn size={16} className={directional} aria-hidden="true" />
                    {t('common.nav.signIn')}
                  </ButtonLink>
                )
              ))}
          </div>
        </div>
      </header>
      <main id="main" className={styles.main} tabIndex={-1}>
        {children}
      </main>
      <SiteFooter shell={shell} siteName={siteLabel} withNav={showNav} />
      {showNav && !loading && <BottomNav items={items} location={location} />}
      {syncAccount && (
        <Suspense fallback={null}>
          <AccountSync userId={user?.id ?? null} loading={loading} />
        </Suspense>
      )}
    </div>
  );
}
