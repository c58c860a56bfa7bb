import { describe, expect, it } from 'vitest';
import { formatOrderNumber, isOrderNumber, orderDayKey } from './order-number';

describe('order numbers', () => {
  const day = new Date('2026-03-07T23:59:59Z');
  it('has the day, a padded sequence and six random digits', () => {
    expect(formatOrderNumber(day, 7, 42)).toBe('ORD-20260307-0007-000042');
    expect(orderDayKey(day)).toBe('20260307');
  });
  it('keeps growing past four sequence digits', () => {
    expect(formatOrderNumber(day, 12345, 999999)).toBe('ORD-20260307-12345-999999');
  });
  it('recognises its own shape only', () => {
    expect(isOrderNumber(formatOrderNumber(day, 1, 1))).toBe(true);
    expect(isOrderNumber('GUEST-1700000000000')).toBe(false);
    expect(isOrderNumber("ORD-1' OR 1=1")).toBe(false);
  });
});
