import { describe, expect, it } from 'vitest';
import { CURRENCY_CODES, formatMoney, minorDigits } from '../money';
import { formatDate, formatMonth } from './intl';
import { formatNumber } from './numbers';

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

/**
 * Prices, counts and a review's day are written without Intl (a browser's first Intl formatter loads
 * ICU's data while the page hydrates): here every one is compared with what Intl writes, so the server's
 * messages, emails and pages read exactly as before. A new Node (another CLDR) that changes a sign fails here.
 */
describe('written without Intl, exactly as Intl writes them', () => {
  const LOCALES = { en: 'en', ur: 'ur-PK' } as const;
  const intlMoney = (minor: number, currency: string, language: 'en' | 'ur') => {
    const digits = minorDigits(currency);
    const urdu = language === 'ur' ? ({ trailingZeroDisplay: 'stripIfInteger', numberingSystem: 'latn' } as const) : {};
    const options = { style: 'currency', minimumFractionDigits: digits, maximumFractionDigits: digits, ...urdu } as const;
    let known = true;
    let f: Intl.NumberFormat;
    try {
      f = new Intl.NumberFormat(LOCALES[language], { ...options, currency });
    } catch {
      known = false;
      f = new Intl.NumberFormat(LOCALES[language], { ...options, currency: 'XXX' });
    }
    const text = f.format(minor / 10 ** digits);
    // An unknown code stands where Intl's sign for no currency (¤) would.
    return known ? text : text.replace('¤', currency);
  };
  // Whole, fractional, grouped, the largest price, negatives (a refund's line), and zero of both signs.
  const AMOUNTS = [0, -0, 1, 5, 99, 100, 101, 1_000, 12_345, 100_000, 150_050, 123_456_789, 99_999_999_999, -1, -150_000, -123_456_789];

  it('money: every currency a shop may use, in both languages', () => {
    const differ: string[] = [];
    for (const language of ['en', 'ur'] as const) {
      for (const currency of [...CURRENCY_CODES, 'ZZZ']) {
        for (const minor of AMOUNTS) {
          const ours = formatMoney(minor, currency, language);
          const intl = intlMoney(minor, currency, language);
          if (ours !== intl) differ.push(`${language} ${currency} ${minor}: ${JSON.stringify(ours)} against Intl's ${JSON.stringify(intl)}`);
        }
      }
    }
    expect(differ).toEqual([]);
  });

  it('counts and quantities, whole and with decimals, in both languages', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 48_271) % 2_147_483_647) / 2_147_483_647) * 2 - 1;
    const values = [0, -0, 1, -1, 12.5, 0.0625, 1234.5678, -0.5, -0.0001, 999.9995, 1e12, ...Array.from({ length: 300 }, (_, i) => random() * 10 ** (i % 10))];
    for (const language of ['en', 'ur'] as const) {
      const intl = new Intl.NumberFormat(LOCALES[language], language === 'ur' ? { numberingSystem: 'latn' } : {});
      for (const value of [...values, ...values.map(Math.round)]) expect(formatNumber(value, language), `${language} ${value}`).toBe(intl.format(value));
    }
  });

  it("dates in every style, in the runtime's zone (three of them) and in UTC, every month and hour, in both languages", () => {
    const zone = process.env.TZ;
    try {
      for (const runtimeZone of ['UTC', 'Asia/Karachi', 'America/New_York']) {
        // Node follows TZ as it changes: Date's local getters and a new Intl formatter both read it.
        process.env.TZ = runtimeZone;
        checkDates(runtimeZone);
      }
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
    expect(() => formatDate('not a date', 'en')).toThrow(RangeError);
  });

  function checkDates(runtimeZone: string) {
    const options = { date: { dateStyle: 'medium' }, dateTime: { dateStyle: 'medium', timeStyle: 'short' }, longDateTime: { dateStyle: 'long', timeStyle: 'short' } } as const;
    for (const language of ['en', 'ur'] as const) {
      for (const style of ['date', 'dateTime', 'longDateTime'] as const) {
        const settings = { ...options[style], numberingSystem: 'latn', ...(language === 'ur' ? { hourCycle: 'h23' as const } : {}) };
        const local = new Intl.DateTimeFormat(LOCALES[language], settings);
        const utc = new Intl.DateTimeFormat(LOCALES[language], { ...settings, timeZone: 'UTC' });
        for (let month = 0; month < 12; month += 1) {
          for (const [day, hour, minute] of [[1, 0, 0], [9, 9, 5], [10, 11, 59], [28, 12, 0], [15, 13, 30], [20, 23, 45]] as const) {
            const at = new Date(Date.UTC(2026, month, day, hour, minute));
            expect(formatDate(at, language, style), `${language} ${style} ${runtimeZone} ${at.toISOString()}`).toBe(local.format(at));
            expect(formatDate(at.toISOString(), language, style, 'UTC'), `${language} ${style} UTC ${at.toISOString()}`).toBe(utc.format(at));
          }
        }
      }
    }
  }
});

describe('formatMonth', () => {
  it('names a statement month in either language', () => {
    expect(formatMonth('2026-06', 'en')).toBe('June 2026');
    expect(formatMonth('2026-12', 'ur')).toBe('دسمبر 2026');
  });
});
