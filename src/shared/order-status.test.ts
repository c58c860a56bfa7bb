import { beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from './constants';
import { SHARED_URDU } from './i18n/catalogues/urdu';
import { loadMessages } from './i18n/translator';
import { advanceLabel, buyerCanCancel, canTransition, nextStatuses, statusBadgeTone, statusLabel, trackingTone } from './order-status';

describe('order workflow', () => {
  it('moves forward one step at a time', () => {
    expect(canTransition('pending', 'confirmed')).toBe(true);
    expect(canTransition('confirmed', 'shipped')).toBe(true);
    expect(canTransition('shipped', 'delivered')).toBe(true);
    expect(canTransition('pending', 'shipped')).toBe(false);
    expect(canTransition('confirmed', 'pending')).toBe(false);
  });
  it('cancels until delivery, and final states stay final', () => {
    for (const from of ['pending', 'confirmed', 'shipped'] as const) expect(canTransition(from, 'cancelled')).toBe(true);
    for (const to of ORDER_STATUSES) {
      expect(canTransition('delivered', to)).toBe(false);
      expect(canTransition('cancelled', to)).toBe(false);
    }
    expect(nextStatuses('delivered')).toEqual([]);
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
  });
});

describe('order statuses in Urdu', () => {
  beforeAll(() => loadMessages('ur', SHARED_URDU));
  it('names every status and action in the reader’s language, English as before', () => {
    expect(ORDER_STATUSES.map((s) => statusLabel(s))).toEqual(['Pending', 'Confirmed', 'Shipped', 'Delivered', 'Cancelled']);
    expect(advanceLabel('shipped')).toBe('Mark shipped');
    expect(statusLabel('cancelled', 'ur')).toBe('منسوخ');
    for (const s of ORDER_STATUSES) expect(advanceLabel(s, 'ur')).not.toMatch(/[A-Za-z]/);
  });
});
