import { describe, expect, it } from 'vitest';
import { phoneKey } from './phone';

describe('phoneKey', () => {
  it('reads one Pakistani number however it is written as the same key', () => {
    const keys = ['+92 300 1234567', '03001234567', '923001234567', '0300-123 4567', '(0300) 1234567'].map(phoneKey);
    expect(new Set(keys)).toEqual(new Set(['3001234567']));
  });

  it('keeps different numbers apart, and a short number whole', () => {
    expect(phoneKey('03001234568')).not.toBe(phoneKey('03001234567'));
    expect(phoneKey('12-345')).toBe('12345');
    expect(phoneKey('')).toBe('');
  });
});
