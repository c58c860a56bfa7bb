import { type ComponentType, lazy, type LazyExoticComponent, Suspense } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { Page } from './components/ui/page';
import { PageSkeleton } from './components/ui/skeleton';
import { RequireAdmin, RequireShop, RequireUser } from './features/auth/guards';

type Guard = typeof RequireUser;
type Lazy = LazyExoticComponent<ComponentType<{ params: Record<string, string | undefined> }>>;

const page = (load: () => Promise<{ default: ComponentType<{ params: Record<string, string | undefined> }> }>): Lazy => lazy(load);

/** Every route of spec section 2, in one table. Screens are loaded on first visit. */
const ROUTES: Array<{ path: string; component: Lazy; guard?: Guard }> = [
  { path: '/auth', component: page(() => import('./pages/auth')) },
  { path: '/role-selection', component: page(() => import('./pages/role-selection')), guard: RequireUser },
  { path: '/browse', component: page(() => import('./pages/browse')) },
  { path: '/shops', component: page(() => import('./pages/shops')) },
  { path: '/product/:slug', component: page(() => import('./pages/product')) },
  { path: '/cart', component: page(() => import('./pages/cart')) },
  { path: '/checkout', component: page(() => import('./pages/checkout')) },
  { path: '/buyer/orders', component: page(() => import('./pages/buyer-orders')), guard: RequireUser },
  { path: '/guest/orders', component: page(() => import('./pages/guest-orders')) },
  { path: '/settings', component: page(() => import('./pages/settings')), guard: RequireUser },
  { path: '/shop/create', component: page(() => import('./pages/shop/create')), guard: RequireUser },
  { path: '/shop/dashboard', component: page(() => import('./pages/shop/dashboard')), guard: RequireShop },
  { path: '/shop/products', component: page(() => import('./pages/shop/products')), guard: RequireShop },
  { path: '/shop/products/create', component: page(() => import('./pages/shop/product-create')), guard: RequireShop },
  { path: '/shop/products/edit/:id', component: page(() => import('./pages/shop/product-edit')), guard: RequireShop },
  { path: '/shop/orders', component: page(() => import('./pages/shop/orders')), guard: RequireShop },
  { path: '/shop/settings', component: page(() => import('./pages/shop/settings')), guard: RequireShop },
  // After the shopkeeper's own /shop/* routes, so those words never reach the storefront.
  { path: '/shop/:slug', component: page(() => import('./pages/storefront')) },
  { path: '/admin/dashboard', component: page(() => import('./pages/admin/dashboard')), guard: RequireAdmin },
  { path: '/admin/users', component: page(() => import('./pages/admin/users')), guard: RequireAdmin },
  { path: '/admin/shops', component: page(() => import('./pages/admin/shops')), guard: RequireAdmin },
  { path: '/admin/products', component: page(() => import('./pages/admin/products')), guard: RequireAdmin },
  { path: '/admin/sliders', component: page(() => import('./pages/admin/sliders')), guard: RequireAdmin },
];

const NotFoundPage = page(() => import('./pages/not-found'));

const fallback = (
  <Page title={<span className="visually-hidden">Loading</span>}>
    <PageSkeleton />
  </Page>
);

export function AppRoutes() {
  return (
    <Suspense fallback={fallback}>
      <Switch>
        <Route path="/">
          <Redirect to="/browse" replace />
        </Route>
        {ROUTES.map(({ path, component: Component, guard: Guard }) => (
          <Route key={path} path={path}>
            {(params: Record<string, string | undefined>) =>
              Guard ? (
                <Guard>
                  <Component params={params} />
                </Guard>
              ) : (
                <Component params={params} />
              )
            }
          </Route>
        ))}
        <Route>
          <NotFoundPage params={{}} />
        </Route>
      </Switch>
    </Suspense>
  );
}
