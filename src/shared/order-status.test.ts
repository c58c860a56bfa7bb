import { beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from './constants';
import { SHARED_URDU } from './i18n/catalogues/urdu';
import { loadMessages } from './i18n/translator';
import { advanceLabel, awaitsShipping, buyerCanCancel, collectsCash, canTransition, nextStatuses, returnRate, statusBadgeTone, statusLabel, trackingTone } from './order-status';

describe('order workflow', () => {
  it('moves forward one step at a time', () => {
    expect(canTransition('pending', 'confirmed')).toBe(true);
    expect(canTransition('confirmed', 'shipped')).toBe(true);
    expect(canTransition('shipped', 'delivered')).toBe(true);
    expect(canTransition('pending', 'shipped')).toBe(false);
    expect(canTransition('confirmed', 'pending')).toBe(false);
  });
  it('cancels before dispatch, and final states stay final (product-decisions 6)', () => {
    for (const from of ['pending', 'confirmed'] as const) expect(canTransition(from, 'cancelled')).toBe(true);
    expect(canTransition('shipped', 'cancelled')).toBe(false);
    for (const to of ORDER_STATUSES) {
      expect(canTransition('delivered', to)).toBe(false);
      expect(canTransition('cancelled', to)).toBe(false);
      expect(canTransition('returned', to)).toBe(false);
    }
    expect(nextStatuses('delivered')).toEqual([]);
  });
  it('reaches Returned from Shipped only', () => {
    expect(ORDER_STATUSES.filter((from) => canTransition(from, 'returned'))).toEqual(['shipped']);
    expect(nextStatuses('shipped')).toEqual(['delivered', 'returned']);
  });
  it('has orders still to pack and ship while Shipped lies ahead: Pending and Confirmed (issue 53)', () => {
    expect(ORDER_STATUSES.filter(awaitsShipping)).toEqual(['pending', 'confirmed']);
  });
  it('has the courier collect cash while Delivered lies ahead: not once delivered, cancelled or returned (issue 53)', () => {
    expect(ORDER_STATUSES.filter(collectsCash)).toEqual(['pending', 'confirmed', 'shipped']);
  });
  it('lets a buyer cancel only a pending order', () => {
    expect(ORDER_STATUSES.filter(buyerCanCancel)).toEqual(['pending']);
  });
  it('names and colours statuses as the spec says', () => {
    expect(statusLabel('shipped')).toBe('Shipped');
    expect(statusBadgeTone('cancelled')).toBe('destructive');
    expect(statusBadgeTone('pending')).toBe('secondary');
    expect(statusBadgeTone('delivered')).toBe('default');
    expect(trackingTone('delivered')).toBe('success');
    expect(trackingTone('cancelled')).toBe('danger');
    expect(trackingTone('confirmed')).toBe('warning');
    expect(statusLabel('returned')).toBe('Returned');
    expect(statusBadgeTone('returned')).toBe('destructive');
    expect(trackingTone('returned')).toBe('danger');
    expect(advanceLabel('returned')).toBe('Mark as Returned');
  });
});

describe('returnRate', () => {
  it('is returned over delivered and returned, and none before either', () => {
    expect(returnRate({ delivered: 3, returned: 1 })).toBe(0.25);
    expect(returnRate({ delivered: 0, returned: 2 })).toBe(1);
    expect(returnRate({ delivered: 0, returned: 0 })).toBeNull();
  });
});

describe('order statuses in Urdu', () => {
  beforeAll(() => loadMessages('ur', SHARED_URDU));
  it('names every status and action in the reader’s language, English as before', () => {
    expect(ORDER_STATUSES.map((s) => statusLabel(s))).toEqual(['Pending', 'Confirmed', 'Shipped', 'Delivered', 'Cancelled', 'Returned']);
    expect(advanceLabel('shipped')).toBe('Mark shipped');
    expect(statusLabel('cancelled', 'ur')).toBe('منسوخ');
    for (const s of ORDER_STATUSES) expect(advanceLabel(s, 'ur')).not.toMatch(/[A-Za-z]/);
  });
});
