/**
 * Money is an integer of minor units plus an ISO 4217 currency code, everywhere.
 * These helpers are the only place that converts between minor units and what people read or type.
 */

// ISO 4217 minor units where they are not 2. (Intl's display digits differ: CLDR shows PKR without decimals.)
const ZERO_DIGITS = new Set(['BIF', 'CLP', 'DJF', 'GNF', 'ISK', 'JPY', 'KMF', 'KRW', 'PYG', 'RWF', 'UGX', 'VND', 'VUV', 'XAF', 'XOF', 'XPF']);
const THREE_DIGITS = new Set(['BHD', 'IQD', 'JOD', 'KWD', 'LYD', 'OMR', 'TND']);

/** How many minor digits a currency has in ISO 4217 (2 for USD/PKR/EUR/GBP, 0 for JPY). */
export function minorDigits(currency: string): number {
  if (ZERO_DIGITS.has(currency)) return 0;
  return THREE_DIGITS.has(currency) ? 3 : 2;
}

const formatters = new Map<string, Intl.NumberFormat>();

function formatter(currency: string, locale: string | undefined): Intl.NumberFormat {
  const key = `${locale ?? ''}|${currency}`;
  let f = formatters.get(key);
  if (!f) {
    const digits = minorDigits(currency);
    const options = { style: 'currency', minimumFractionDigits: digits, maximumFractionDigits: digits } as const;
    try {
      f = new Intl.NumberFormat(locale ?? 'en', { ...options, currency });
    } catch {
      // An unknown currency code must not break a page: show the code itself.
      f = new Intl.NumberFormat(locale ?? 'en', { ...options, currency: 'XXX' });
    }
    formatters.set(key, f);
  }
  return f;
}

/** An amount in minor units, formatted in its own currency (product-decisions 2.1). */
export function formatMoney(minor: number, currency: string, locale?: string): string {
  const f = formatter(currency, locale);
  const text = f.format(minor / 10 ** minorDigits(currency));
  return f.resolvedOptions().currency === 'XXX' ? text.replace('¤', `${currency} `) : text;
}

/**
 * Parses what a person typed in major units ("12", "12.5", "1,299.99") into minor units, exactly
 * (no floating point). Returns null for anything that is not a non-negative amount.
 */
export function parseMajorToMinor(input: string | number, currency = 'USD'): number | null {
  const digits = minorDigits(currency);
  const text = String(input).trim().replace(/,/g, '');
  const match = /^(\d{1,12})(?:\.(\d*))?$/.exec(text);
  if (!match) return null;
  const whole = match[1] ?? '0';
  const fraction = match[2] ?? '';
  if (fraction.length > digits) return null;
  return Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
}

/** Minor units to the plain string a form field shows ("12.50"). */
export function minorToMajorString(minor: number, currency = 'USD'): string {
  const digits = minorDigits(currency);
  if (digits === 0) return String(minor);
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  const scale = 10 ** digits;
  return `${sign}${Math.floor(abs / scale)}.${String(abs % scale).padStart(digits, '0')}`;
}
