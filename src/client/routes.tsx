import { type ComponentType, lazy, type LazyExoticComponent, type ReactNode, Suspense } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { Page } from './components/ui/page';
import { PageSkeleton } from './components/ui/skeleton';
import common from './i18n/catalogues/en/common';
import type { BackOfficeScreen } from './back-office-screens';
import { loadBackOfficeTexts, useT } from './i18n/language';

type Guard = ComponentType<{ children: ReactNode }>;

/** The guards of signed-in screens, loaded with the first such screen (a guest browsing never needs them). */
const RequireUser: Guard = lazy(() => import('./features/auth/guards').then((guards) => ({ default: guards.RequireUser })));
const RequireShop: Guard = lazy(() => import('./features/auth/guards').then((guards) => ({ default: guards.RequireShop })));
const RequireShopProducts: Guard = lazy(() => import('./features/auth/guards').then((guards) => ({ default: guards.RequireShopProducts })));
const RequireShopOwner: Guard = lazy(() => import('./features/auth/guards').then((guards) => ({ default: guards.RequireShopOwner })));
const RequireAdmin: Guard = lazy(() => import('./features/auth/guards').then((guards) => ({ default: guards.RequireAdmin })));
type Screen = ComponentType<{ params: Record<string, string | undefined> }>;
type Lazy = LazyExoticComponent<Screen> & { load: () => Promise<{ default: Screen }> };

const lazyScreen = (load: () => Promise<{ default: Screen }>): Lazy => Object.assign(lazy(load), { load });
/** A public page: it reads through reads.ts, and its code is as small as can be (the first download). */
const publicPage = lazyScreen;
/** Any other screen: with tRPC and React Query (query-layer.tsx), loaded beside its code. */
const page = (load: () => Promise<{ default: Screen }>): Lazy =>
  lazyScreen(() =>
    Promise.all([load(), import('./query-layer').then(({ withQueries }) => withQueries)]).then(([screen, withQueries]) => ({ default: withQueries(screen.default) })),
  );
/** A shopkeeper's or admin's screen (back-office-screens.ts): its code and, on an Urdu page, the back office's Urdu texts. */
const backOffice = (name: BackOfficeScreen): Lazy =>
  page(() => Promise.all([import('./back-office-screens').then(({ BACK_OFFICE_SCREENS }) => BACK_OFFICE_SCREENS[name]()), loadBackOfficeTexts()]).then(([screen]) => screen));

/**
 * Every route of spec section 2, in one table. Screens are loaded on first visit. `ssr` marks the
 * public pages the server renders with their first data (src/client/entry-server.tsx), naming the
 * screen's source file: the server finds its code and styles in Vite's manifest under that name.
 */
const ROUTES: Array<{ path: string; component: Lazy; guard?: Guard; ssr?: string }> = [
  { path: '/auth', component: page(() => import('./pages/auth')) },
  { path: '/forgot-password', component: page(() => import('./pages/forgot-password')) },
  { path: '/reset-password', component: page(() => import('./pages/reset-password')) },
  // A status email's "stop these emails" link: no sign-in, the link is signed for its address.
  { path: '/email-updates', component: page(() => import('./pages/email-updates')) },
  { path: '/role-selection', component: page(() => import('./pages/role-selection')), guard: RequireUser },
  { path: '/browse', component: publicPage(() => import('./pages/browse')), ssr: 'src/client/pages/browse.tsx' },
  { path: '/shops', component: publicPage(() => import('./pages/shops')), ssr: 'src/client/pages/shops.tsx' },
  { path: '/product/:slug', component: publicPage(() => import('./pages/product')), ssr: 'src/client/pages/product.tsx' },
  // A marketplace page the operator published (issue 47): About us, Terms, Privacy...
  { path: '/p/:address', component: publicPage(() => import('./pages/content-page')), ssr: 'src/client/pages/content-page.tsx' },
  { path: '/cart', component: page(() => import('./pages/cart')) },
  // Saved products (issue 50): a guest's from the browser, an account's from the server.
  { path: '/saved', component: publicPage(() => import('./pages/saved')) },
  // Followed shops (issue 50), reached from /settings: the bottom bars keep the spec's five.
  { path: '/following', component: page(() => import('./pages/following')), guard: RequireUser },
  { path: '/checkout', component: page(() => import('./pages/checkout')) },
  { path: '/buyer/orders', component: page(() => import('./pages/buyer-orders')), guard: RequireUser },
  { path: '/guest/orders', component: page(() => import('./pages/guest-orders')) },
  { path: '/settings', component: page(() => import('./pages/settings')), guard: RequireUser },
  { path: '/shop/create', component: backOffice('shop/create'), guard: RequireUser },
  { path: '/shop/dashboard', component: backOffice('shop/dashboard'), guard: RequireShopOwner },
  { path: '/shop/products', component: backOffice('shop/products'), guard: RequireShopProducts },
  { path: '/shop/products/create', component: backOffice('shop/product-create'), guard: RequireShopProducts },
  { path: '/shop/products/edit/:id', component: backOffice('shop/product-edit'), guard: RequireShopProducts },
  { path: '/shop/orders', component: backOffice('shop/orders'), guard: RequireShop },
  // Packing slips: any signed-in user reaches the screen; the server lets the shop's owner or an admin read them.
  { path: '/shop/orders/slips', component: backOffice('shop/packing-slips'), guard: RequireUser },
  { path: '/shop/cash', component: backOffice('shop/cash'), guard: RequireShopOwner },
  { path: '/shop/settings', component: backOffice('shop/settings'), guard: RequireShopOwner },
  { path: '/shop/coupons', component: backOffice('shop/coupons'), guard: RequireShopOwner },
  { path: '/shop/manage', component: backOffice('shop/manage'), guard: RequireShopOwner },
  { path: '/shop/billing', component: backOffice('shop/billing'), guard: RequireShopOwner },
  { path: '/shop/staff', component: backOffice('shop/staff'), guard: RequireShopOwner },
  // A shop's invitation link (issue 51): open to anyone; accepting needs the invited account.
  { path: '/join-shop', component: backOffice('join-shop') },
  // After the shopkeeper's own /shop/* routes, so those words never reach the storefront.
  { path: '/shop/:slug', component: publicPage(() => import('./pages/storefront')), ssr: 'src/client/pages/storefront.tsx' },
  { path: '/admin/dashboard', component: backOffice('admin/dashboard'), guard: RequireAdmin },
  { path: '/admin/orders', component: backOffice('admin/orders'), guard: RequireAdmin },
  { path: '/admin/users', component: backOffice('admin/users'), guard: RequireAdmin },
  { path: '/admin/shops', component: backOffice('admin/shops'), guard: RequireAdmin },
  { path: '/admin/products', component: backOffice('admin/products'), guard: RequireAdmin },
  { path: '/admin/sliders', component: backOffice('admin/sliders'), guard: RequireAdmin },
  { path: '/admin/activity', component: backOffice('admin/activity'), guard: RequireAdmin },
  { path: '/admin/reports', component: backOffice('admin/reports'), guard: RequireAdmin },
  { path: '/admin/settings', component: backOffice('admin/settings'), guard: RequireAdmin },
  { path: '/admin/pages', component: backOffice('admin/pages'), guard: RequireAdmin },
  { path: '/admin/billing', component: backOffice('admin/billing'), guard: RequireAdmin },
];

const NotFoundPage = publicPage(() => import('./pages/not-found'));

/**
 * Whether a route pattern (plain segments and `:name` parameters, as in ROUTES) matches a path the
 * way wouter's matcher does: letters in any case, one trailing slash allowed.
 */
function matches(pattern: string, pathname: string): boolean {
  const parts = pattern.split('/');
  const segments = (pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname).split('/');
  return (
    parts.length === segments.length &&
    parts.every((part, i) => (part.startsWith(':') ? segments[i] !== '' : part.toLowerCase() === segments[i]?.toLowerCase()))
  );
}

/** The route <AppRoutes> shows for a path: the first of the table that matches, as <Switch> picks. */
function routeOf(pathname: string) {
  return ROUTES.find((route) => matches(route.path, pathname)) ?? null;
}

/** Whether a path is one of the app's pages (the root, which sends to /browse, included): the others answer 404. */
export function isAppPath(pathname: string): boolean {
  return pathname === '/' || routeOf(pathname) !== null;
}

/** The source file of a server-rendered page's screen (see ROUTES), or null for a client-only route. */
export function serverRenderedScreen(pathname: string): string | null {
  return routeOf(pathname)?.ssr ?? null;
}

/** Loads the screen of a path, so hydrating a server-rendered page does not wait for its code. */
export function loadScreen(pathname: string): Promise<unknown> {
  return (routeOf(pathname)?.component ?? NotFoundPage).load();
}

/** What shows while a screen's code loads. */
function Fallback() {
  const t = useT(common);
  return (
    <Page title={<span className="visually-hidden">{t('common.loading')}</span>}>
      <PageSkeleton />
    </Page>
  );
}

export function AppRoutes() {
  return (
    <Suspense fallback={<Fallback />}>
      <Switch>
        <Route path="/">
          <Redirect to="/browse" replace />
        </Route>
        {ROUTES.map(({ path, component: Component, guard: Guard }) => (
          <Route key={path} path={path}>
            {(params: Record<string, string | undefined>) => {
              // A guarded screen's code is fetched beside its guard's, not after it.
              if (Guard) void Component.load().catch(() => undefined);
              return Guard ? (
                <Guard>
                  <Component params={params} />
                </Guard>
              ) : (
                <Component params={params} />
              );
            }}
          </Route>
        ))}
        <Route>
          <NotFoundPage params={{}} />
        </Route>
      </Switch>
    </Suspense>
  );
}
