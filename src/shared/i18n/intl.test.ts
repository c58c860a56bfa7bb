import { describe, expect, it } from 'vitest';
import { formatMoney } from '../money';
import { formatDate, formatNumber } from './intl';

/** What a reader sees once the invisible marks Intl adds (LRM, RLM, no-break spaces) are read as plain. */
const plain = (text: string) => text.replace(/[\u200e\u200f\u061c]/g, '').replace(/[\u00a0\u202f]/g, ' ');

describe('numbers, money and dates for people (issue 21, item 3)', () => {
  it('Urdu money: Latin digits as buyers type them, paisa only when there are some; English as always', () => {
    expect(plain(formatMoney(150_000, 'PKR', 'ur'))).toBe('Rs 1,500');
    expect(plain(formatMoney(150_050, 'PKR', 'ur'))).toBe('Rs 1,500.50');
    expect(plain(formatMoney(123_456_789, 'PKR', 'ur'))).toBe('Rs 1,234,567.89');
    expect(plain(formatMoney(1250, 'USD', 'ur'))).toMatch(/^(US)?\$12\.50$/);
    expect(plain(formatMoney(150_000, 'PKR', 'en'))).toBe('PKR 1,500.00');
    expect(formatMoney(150_000, 'PKR')).toBe(formatMoney(150_000, 'PKR', 'en'));
    // No digit of another script, whatever the currency.
    for (const currency of ['PKR', 'USD', 'JPY', 'KWD', 'AED']) expect(formatMoney(987_654, currency, 'ur'), currency).not.toMatch(/[\u0660-\u0669\u06f0-\u06f9]/);
  });

  it('counts: grouped, Latin digits in both languages', () => {
    expect(formatNumber(1_234_567, 'ur')).toBe('1,234,567');
    expect(formatNumber(1_234_567, 'en')).toBe('1,234,567');
  });

  it('dates: Urdu month names with Latin digits; English month names in English', () => {
    const day = new Date(Date.UTC(2026, 10, 25, 9, 30));
    const urdu = plain(formatDate(day, 'ur', 'date', 'UTC'));
    expect(urdu).toContain('نومبر');
    expect(urdu).toMatch(/25/);
    expect(urdu).toMatch(/2026/);
    expect(urdu).not.toMatch(/[A-Za-z]/);
    expect(plain(formatDate(day, 'en', 'date', 'UTC'))).toBe('Nov 25, 2026');
    const withTime = plain(formatDate(day, 'ur', 'dateTime', 'UTC'));
    expect(withTime).toMatch(/09:30/);
    // The evening on the 24-hour clock, with no English AM or PM.
    expect(plain(formatDate(new Date(Date.UTC(2026, 10, 25, 21, 5)), 'ur', 'longDateTime', 'UTC'))).toMatch(/21:05/);
    expect(plain(formatDate(new Date(Date.UTC(2026, 10, 25, 21, 5)), 'ur', 'longDateTime', 'UTC'))).not.toMatch(/[A-Za-z]/);
    expect(withTime).not.toMatch(/[\u0660-\u0669\u06f0-\u06f9]/);
    expect(plain(formatDate('2026-11-25T09:30:00Z', 'en', 'longDateTime', 'UTC'))).toMatch(/^November 25, 2026 at 9:30 AM$/);
  });
});
