import { describe, expect, it } from 'vitest';
import { CURRENCY_CODES, currencyLabel, formatMoney, isCurrencyCode, minorDigits, minorToMajorString, parseMajorToMinor, typedAmountExample, WHOLE_PRICE_CODES } from './money';

describe('formatMoney', () => {
  it('formats minor units in the given currency', () => {
    expect(formatMoney(123456, 'USD', 'en')).toBe('$1,234.56');
    expect(formatMoney(5, 'EUR', 'en')).toBe('€0.05');
    expect(formatMoney(0, 'GBP', 'en')).toBe('£0.00');
  });
  it('uses the currency of the amount, never a fixed symbol', () => {
    expect(formatMoney(150000, 'PKR', 'en')).toMatch(/^PKR\s1,500\.00$/);
    expect(formatMoney(150000, 'PKR', 'en')).not.toContain('$');
  });
  it('respects currencies without minor digits', () => {
    expect(minorDigits('JPY')).toBe(0);
    expect(formatMoney(1500, 'JPY', 'en')).toBe('¥1,500');
  });
  it('does not throw on an unknown currency code', () => {
    expect(formatMoney(1000, 'ZZZ', 'en')).toMatch(/10\.00/);
  });
});

describe('parseMajorToMinor', () => {
  it('converts typed amounts exactly', () => {
    expect(parseMajorToMinor('12')).toBe(1200);
    expect(parseMajorToMinor('12.5')).toBe(1250);
    expect(parseMajorToMinor('0.29')).toBe(29);
    expect(parseMajorToMinor('1,299.99')).toBe(129999);
    expect(parseMajorToMinor(19.99)).toBe(1999);
  });
  it('refuses negative, non-numeric and over-precise amounts', () => {
    expect(parseMajorToMinor('-1')).toBeNull();
    expect(parseMajorToMinor('abc')).toBeNull();
    expect(parseMajorToMinor('1.234')).toBeNull();
    expect(parseMajorToMinor('')).toBeNull();
    expect(parseMajorToMinor('1e5')).toBeNull();
  });
  it('round-trips through the form string', () => {
    for (const minor of [0, 1, 99, 100, 123456]) {
      expect(parseMajorToMinor(minorToMajorString(minor))).toBe(minor);
    }
    expect(minorToMajorString(1250)).toBe('12.50');
  });
});

describe('the currency list', () => {
  it('holds ISO 4217 codes that Intl knows, each once', () => {
    const known = new Set(Intl.supportedValuesOf('currency'));
    expect(CURRENCY_CODES.filter((c) => !known.has(c))).toEqual([]);
    expect(new Set(CURRENCY_CODES).size).toBe(CURRENCY_CODES.length);
    expect(CURRENCY_CODES).toEqual(expect.arrayContaining(['PKR', 'USD', 'EUR', 'GBP', 'JPY', 'KWD']));
  });
  it('refuses codes that are not currencies', () => {
    expect(isCurrencyCode('JPY')).toBe(true);
    expect(isCurrencyCode('ABC')).toBe(false);
    expect(isCurrencyCode('usd')).toBe(false);
  });
  it('keeps the ISO minor digits beside the list', () => {
    expect(minorDigits('KWD')).toBe(3);
    expect(minorDigits('PKR')).toBe(2);
  });
  it('labels a currency with its code and name', () => {
    expect(currencyLabel('JPY')).toBe('JPY — Japanese Yen');
    expect(currencyLabel('PKR')).toBe('PKR — Pakistani Rupee');
  });
});

describe('typedAmountExample', () => {
  it('gives a whole example where prices are written without decimals, else the decimal one', () => {
    expect(typedAmountExample('PKR', 1500, '12.99')).toBe('1,500');
    expect(typedAmountExample('JPY', 1500, '12.99')).toBe('1,500');
    expect(typedAmountExample('USD', 1500, '12.99')).toBe('12.99');
    expect(typedAmountExample('EUR', 200, '5.00')).toBe('5.00');
  });

  it('lists as whole exactly the currencies Intl shows without decimals', () => {
    for (const code of CURRENCY_CODES) {
      const digits = new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions().maximumFractionDigits;
      expect(WHOLE_PRICE_CODES.has(code), code).toBe(digits === 0);
    }
  });
});
