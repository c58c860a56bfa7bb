import { describe, expect, it } from 'vitest';
import { homePathAfterRoleChoice, homePathAfterSignIn, navRole, nextPathOf, roleLabel } from './roles';

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

describe("a shop's staff (issue 51)", () => {
  it('get their own navigation and land on the orders, whatever their own roles', () => {
    expect(navRole(['buyer'], 'orders')).toBe('staffOrders');
    expect(navRole([], 'orders_products')).toBe('staffProducts');
    expect(navRole(['shopkeeper'], 'owner')).toBe('shopkeeper');
    expect(homePathAfterSignIn(['buyer'], 'orders')).toBe('/shop/orders');
    expect(homePathAfterSignIn(['buyer'], 'orders_products')).toBe('/shop/orders');
    expect(homePathAfterSignIn(['shopkeeper'], 'owner')).toBe('/shop/dashboard');
  });
  it('return to the page that sent them to sign in, of this site only', () => {
    expect(nextPathOf('?next=%2Fjoin-shop%3Ftoken%3Dabc')).toBe('/join-shop?token=abc');
    expect(nextPathOf('?next=//evil.example')).toBeNull();
    expect(nextPathOf('?next=/%5Cevil.example')).toBeNull();
    expect(nextPathOf('?next=https://evil.example')).toBeNull();
    expect(nextPathOf('')).toBeNull();
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
