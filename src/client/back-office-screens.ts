import type { ComponentType } from 'react';

type Screen = ComponentType<{ params: Record<string, string | undefined> }>;

/**
 * The shopkeeper's and admin's screens, by name (routes.tsx names them). They live in this module, not
 * in the route table, so what Vite writes to load each one (its file and the files it needs) stays out of
 * every page's first script: a buyer on /browse never downloads the back office's addresses (issue 33's
 * 95 KB). A back-office screen costs one more small request, the first time.
 */
export const BACK_OFFICE_SCREENS = {
  'shop/create': () => import('./pages/shop/create'),
  'shop/dashboard': () => import('./pages/shop/dashboard'),
  'shop/products': () => import('./pages/shop/products'),
  'shop/product-create': () => import('./pages/shop/product-create'),
  'shop/product-edit': () => import('./pages/shop/product-edit'),
  'shop/orders': () => import('./pages/shop/orders'),
  'shop/packing-slips': () => import('./pages/shop/packing-slips'),
  'shop/cash': () => import('./pages/shop/cash'),
  'shop/settings': () => import('./pages/shop/settings'),
  'shop/coupons': () => import('./pages/shop/coupons'),
  'shop/manage': () => import('./pages/shop/manage'),
  'shop/billing': () => import('./pages/shop/billing'),
  'shop/staff': () => import('./pages/shop/staff'),
  'join-shop': () => import('./pages/join-shop'),
  'admin/dashboard': () => import('./pages/admin/dashboard'),
  'admin/orders': () => import('./pages/admin/orders'),
  'admin/users': () => import('./pages/admin/users'),
  'admin/shops': () => import('./pages/admin/shops'),
  'admin/products': () => import('./pages/admin/products'),
  'admin/sliders': () => import('./pages/admin/sliders'),
  'admin/activity': () => import('./pages/admin/activity'),
  'admin/reports': () => import('./pages/admin/reports'),
  'admin/settings': () => import('./pages/admin/settings'),
  'admin/pages': () => import('./pages/admin/pages'),
  'admin/billing': () => import('./pages/admin/billing'),
} satisfies Record<string, () => Promise<{ default: Screen }>>;

export type BackOfficeScreen = keyof typeof BACK_OFFICE_SCREENS;
