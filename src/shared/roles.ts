import type { Role } from './constants';

/** Which navigation a visitor gets: spec section 4, "Nav role". */
export type NavRole = 'shopkeeper' | 'buyer' | 'guest';

export function navRole(roles: readonly Role[] | null | undefined): NavRole {
  if (!roles) return 'guest';
  return roles.includes('shopkeeper') ? 'shopkeeper' : 'buyer';
}

/** Where a user lands after signing in (spec section 4). */
export function homePathAfterSignIn(roles: readonly Role[]): string {
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
