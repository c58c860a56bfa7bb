import type { Role } from './constants';
import type { ShopRole } from './staff';

/** Which navigation a visitor gets: spec section 4, "Nav role"; a shop's staff get theirs (issue 51). */
export type NavRole = 'shopkeeper' | 'buyer' | 'guest' | 'staffOrders' | 'staffProducts';

/** `shopRole`: what the user is in a shop (auth.me), which decides over their own roles. */
export function navRole(roles: readonly Role[] | null | undefined, shopRole?: ShopRole | null): NavRole {
  if (!roles) return 'guest';
  if (shopRole === 'orders') return 'staffOrders';
  if (shopRole === 'orders_products') return 'staffProducts';
  return roles.includes('shopkeeper') ? 'shopkeeper' : 'buyer';
}

/** Where a user lands after signing in (spec section 4); a shop's staff on its orders (issue 51). */
export function homePathAfterSignIn(roles: readonly Role[], shopRole?: ShopRole | null): string {
  if (shopRole === 'orders' || shopRole === 'orders_products') return '/shop/orders';
  if (roles.includes('shopkeeper')) return '/shop/dashboard';
  if (roles.includes('buyer')) return '/browse';
  if (roles.includes('admin')) return '/admin/dashboard';
  return '/role-selection';
}

/** Where a user goes right after choosing a role on /role-selection. */
export function homePathAfterRoleChoice(role: 'shopkeeper' | 'buyer'): string {
  return role === 'shopkeeper' ? '/shop/create' : '/browse';
}

export function roleLabel(role: Role): string {
  return role.charAt(0).toUpperCase() + role.slice(1);
}

/**
 * Where to go after signing in or up when a page sent the visitor to /auth (`?next=`, an invitation
 * link): a path of this site only, never another origin (`//host`, `/\\host`); null for none.
 */
export function nextPathOf(search: string): string | null {
  const next = new URLSearchParams(search).get('next');
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  return next;
}
