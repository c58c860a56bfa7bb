import {
  Banknote,
  ClipboardList,
  Compass,
  Heart,
  Home,
  LayoutDashboard,
  LogIn,
  Package,
  PackageSearch,
  ShoppingCart,
  Store,
  TicketPercent,
  User,
} from '../components/ui/public-icons';
import type { ComponentType } from 'react';
import type { NavRole } from '../../shared/roles';
import type common from '../i18n/catalogues/en/common';

export interface NavItem {
  href: string;
  /** Its label's key in the common catalogue. */
  label: keyof typeof common;
  icon: ComponentType<{ size?: number; className?: string; 'aria-hidden'?: boolean }>;
  /** The icon points along the line (a way in, a cart's handle): turned round in right-to-left pages. */
  directional?: boolean;
  /** Other paths that light this item up. */
  also?: string[];
  cartBadge?: boolean;
  /** Only in the top bar's navigation (1024 px and wider): a phone's bottom bar keeps the spec's five. */
  topBarOnly?: boolean;
  /** Narrower than that, a word among the top bar's actions (no icon: they show none on a phone). */
  phoneTopBar?: boolean;
}

/** Spec section 2, "Bottom navigation bar", per kind of visitor. */
export const NAV_ITEMS: Record<NavRole, NavItem[]> = {
  shopkeeper: [
    { href: '/shop/dashboard', label: 'common.nav.home', icon: LayoutDashboard },
    { href: '/shop/products', label: 'common.nav.products', icon: Package, also: ['/shop/products/create'] },
    { href: '/shop/orders', label: 'common.nav.orders', icon: ClipboardList },
    // The spec's five on a phone; the shop's other pages are a tap away on /shop/manage ("Shop").
    { href: '/shop/cash', label: 'common.nav.cash', icon: Banknote, topBarOnly: true },
    { href: '/shop/coupons', label: 'common.nav.coupons', icon: TicketPercent, topBarOnly: true },
    { href: '/shop/manage', label: 'common.nav.shop', icon: Store, also: ['/shop/settings', '/shop/staff', '/shop/billing'] },
    { href: '/browse', label: 'common.nav.browse', icon: Compass },
  ],
  // A shop's staff (issue 51): only what they may use.
  staffOrders: [
    { href: '/shop/orders', label: 'common.nav.orders', icon: ClipboardList },
    { href: '/browse', label: 'common.nav.browse', icon: Compass },
    { href: '/settings', label: 'common.nav.profile', icon: User },
  ],
  staffProducts: [
    { href: '/shop/orders', label: 'common.nav.orders', icon: ClipboardList },
    { href: '/shop/products', label: 'common.nav.products', icon: Package, also: ['/shop/products/create'] },
    { href: '/browse', label: 'common.nav.browse', icon: Compass },
    { href: '/settings', label: 'common.nav.profile', icon: User },
  ],
  buyer: [
    { href: '/browse', label: 'common.nav.home', icon: Home },
    { href: '/shops', label: 'common.nav.shops', icon: Store },
    { href: '/cart', label: 'common.nav.cart', icon: ShoppingCart, directional: true, cartBadge: true },
    // Saved products (issue 50): the top bar and /settings lead there; the phone's bar keeps the spec's five.
    { href: '/saved', label: 'common.nav.saved', icon: Heart, topBarOnly: true, phoneTopBar: true },
    { href: '/buyer/orders', label: 'common.nav.orders', icon: ClipboardList },
    { href: '/settings', label: 'common.nav.profile', icon: User },
  ],
  guest: [
    { href: '/browse', label: 'common.nav.home', icon: Home },
    { href: '/shops', label: 'common.nav.shops', icon: Store },
    { href: '/cart', label: 'common.nav.cart', icon: ShoppingCart, directional: true, cartBadge: true },
    { href: '/saved', label: 'common.nav.saved', icon: Heart, topBarOnly: true, phoneTopBar: true },
    { href: '/guest/orders', label: 'common.nav.trackOrder', icon: PackageSearch },
    { href: '/auth', label: 'common.nav.signIn', icon: LogIn, directional: true },
  ],
};

export function isActive(item: NavItem, location: string): boolean {
  if (location === item.href || item.also?.includes(location)) return true;
  return item.href !== '/browse' && location.startsWith(`${item.href}/`);
}

/** The bottom navigation is hidden on these screens (spec section 2). */
export const NAV_HIDDEN_ON = ['/auth', '/role-selection'];
