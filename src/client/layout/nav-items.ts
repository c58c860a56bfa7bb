import {
  ClipboardList,
  Compass,
  Home,
  LayoutDashboard,
  LogIn,
  Package,
  PackageSearch,
  ShoppingCart,
  Store,
  User,
} from 'lucide-react';
import type { ComponentType } from 'react';
import type { NavRole } from '../../shared/roles';

export interface NavItem {
  href: string;
  label: string;
  icon: ComponentType<{ size?: number; className?: string; 'aria-hidden'?: boolean }>;
  /** The icon points along the line (a way in, a cart's handle): turned round in right-to-left pages. */
  directional?: boolean;
  /** Other paths that light this item up. */
  also?: string[];
  cartBadge?: boolean;
}

/** Spec section 2, "Bottom navigation bar", per kind of visitor. */
export const NAV_ITEMS: Record<NavRole, NavItem[]> = {
  shopkeeper: [
    { href: '/shop/dashboard', label: 'Home', icon: LayoutDashboard },
    { href: '/shop/products', label: 'Products', icon: Package, also: ['/shop/products/create'] },
    { href: '/shop/orders', label: 'Orders', icon: ClipboardList },
    { href: '/shop/settings', label: 'Shop', icon: Store },
    { href: '/browse', label: 'Browse', icon: Compass },
  ],
  buyer: [
    { href: '/browse', label: 'Home', icon: Home },
    { href: '/shops', label: 'Shops', icon: Store },
    { href: '/cart', label: 'Cart', icon: ShoppingCart, directional: true, cartBadge: true },
    { href: '/buyer/orders', label: 'Orders', icon: ClipboardList },
    { href: '/settings', label: 'Profile', icon: User },
  ],
  guest: [
    { href: '/browse', label: 'Home', icon: Home },
    { href: '/shops', label: 'Shops', icon: Store },
    { href: '/cart', label: 'Cart', icon: ShoppingCart, directional: true, cartBadge: true },
    { href: '/guest/orders', label: 'Track Order', icon: PackageSearch },
    { href: '/auth', label: 'Sign In', icon: LogIn, directional: true },
  ],
};

export function isActive(item: NavItem, location: string): boolean {
  if (location === item.href || item.also?.includes(location)) return true;
  return item.href !== '/browse' && location.startsWith(`${item.href}/`);
}

/** The bottom navigation is hidden on these screens (spec section 2). */
export const NAV_HIDDEN_ON = ['/auth', '/role-selection'];
