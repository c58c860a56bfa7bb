import { describe, expect, it } from 'vitest';
import { homePathAfterRoleChoice, homePathAfterSignIn, navRole, roleLabel } from './roles';

describe('navRole', () => {
  it('treats no user as a guest', () => {
    expect(navRole(null)).toBe('guest');
    expect(navRole(undefined)).toBe('guest');
  });
  it('treats a user with both roles as a shopkeeper', () => {
    expect(navRole(['buyer', 'shopkeeper'])).toBe('shopkeeper');
  });
  it('treats a signed-in user without the shopkeeper role as a buyer', () => {
    expect(navRole(['buyer'])).toBe('buyer');
    expect(navRole([])).toBe('buyer');
    expect(navRole(['admin'])).toBe('buyer');
  });
});

describe('homePathAfterSignIn', () => {
  it('sends shopkeepers to their dashboard, buyers to browse, others to role selection', () => {
    expect(homePathAfterSignIn(['shopkeeper', 'buyer'])).toBe('/shop/dashboard');
    expect(homePathAfterSignIn(['buyer'])).toBe('/browse');
    expect(homePathAfterSignIn([])).toBe('/role-selection');
    expect(homePathAfterSignIn(['admin'])).toBe('/admin/dashboard');
  });
  it('routes a fresh role choice', () => {
    expect(homePathAfterRoleChoice('shopkeeper')).toBe('/shop/create');
    expect(homePathAfterRoleChoice('buyer')).toBe('/browse');
  });
  it('capitalises role names for messages', () => {
    expect(roleLabel('shopkeeper')).toBe('Shopkeeper');
  });
});
