import type { Language } from './language';

/**
 * Numbers and dates for people, in one place (product-decisions 5): Urdu as `ur-PK` with Latin digits,
 * as buyers type them (`Rs 1,500`), dates with Urdu month names. English as it always was. What machines
 * read (JSON-LD, sitemaps, form values) never comes through here.
 */
const LOCALES: Record<Language, string> = { en: 'en', ur: 'ur-PK' };

/** The Intl locale of a language; Urdu keeps Latin digits. */
export function intlLocale(language: Language): string {
  return LOCALES[language];
}

/** Options every Urdu formatter adds: Latin digits. */
export function numberingOf(language: Language): { numberingSystem?: string } {
  return language === 'ur' ? { numberingSystem: 'latn' } : {};
}

/** Urdu times on the 24-hour clock: CLDR's Urdu has no words for AM and PM, so it would print them in English. */
const hourCycleOf = (language: Language): { hourCycle?: 'h23' } => (language === 'ur' ? { hourCycle: 'h23' } : {});

const numbers = new Map<string, Intl.NumberFormat>();
const dates = new Map<string, Intl.DateTimeFormat>();

/*
 * What public pages show (prices, counts, a review's day) is written here without Intl, exactly as Intl
 * writes it in our two languages (intl.test.ts and money.test.ts compare them): the first Intl number or
 * date formatter a browser tab makes loads ICU's data, 20-80 ms of the main thread on this machine
 * (more on a budget phone) while the page hydrates. Anything else still asks Intl.
 */

/** "1234567" -> "1,234,567": both languages group by thousands, with Latin digits. */
export function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** The minus sign of a language: Urdu's is held left to right by a mark (U+200E), as Intl writes it. */
export const MINUS: Record<Language, string> = { en: '-', ur: '\u200e-' };

/** A count or quantity: "1,500" (at most three decimals, as Intl rounds them). */
export function formatNumber(value: number, language: Language): string {
  if (Number.isFinite(value) && Math.abs(value) < 1e15) {
    const [whole = '0', fraction = ''] = Math.abs(value).toFixed(3).replace(/\.?0+$/, '').split('.');
    return `${value < 0 || Object.is(value, -0) ? MINUS[language] : ''}${groupThousands(whole)}${fraction ? `.${fraction}` : ''}`;
  }
  let f = numbers.get(language);
  if (!f) {
    f = new Intl.NumberFormat(intlLocale(language), numberingOf(language));
    numbers.set(language, f);
  }
  return f.format(value);
}

/** A share of a whole, 0 to 1: "25%" (whole percents, one decimal below 10%). */
export function formatPercent(share: number, language: Language): string {
  const key = `${language}%${share < 0.1 ? 1 : 0}`;
  let f = numbers.get(key);
  if (!f) {
    f = new Intl.NumberFormat(intlLocale(language), { ...numberingOf(language), style: 'percent', maximumFractionDigits: share < 0.1 ? 1 : 0 });
    numbers.set(key, f);
  }
  return f.format(share);
}

export type DateStyle = 'date' | 'dateTime' | 'longDateTime';

const DATE_OPTIONS: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  date: { dateStyle: 'medium' },
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
  longDateTime: { dateStyle: 'long', timeStyle: 'short' },
};

const MONTHS: Record<Language, readonly string[]> = {
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  ur: ['جنوری', 'فروری', 'مارچ', 'اپریل', 'مئی', 'جون', 'جولائی', 'اگست', 'ستمبر', 'اکتوبر', 'نومبر', 'دسمبر'],
};

/** A day as the 'date' style writes it: "Nov 27, 2026", "27 نومبر، 2026". */
function writtenDay(year: number, month: number, day: number, language: Language): string {
  const name = MONTHS[language][month];
  return language === 'ur' ? `${day} ${name}، ${year}` : `${name} ${day}, ${year}`;
}

/** A date in the reader's time zone (undefined: the runtime's own), in their language's words. */
export function formatDate(value: Date | string | number, language: Language, style: DateStyle = 'date', timeZone?: string): string {
  if (style === 'date' && (timeZone === undefined || timeZone === 'UTC')) {
    const date = value instanceof Date ? value : new Date(value);
    const utc = timeZone === 'UTC';
    const year = utc ? date.getUTCFullYear() : date.getFullYear();
    if (year >= 1000 && year <= 9999) return writtenDay(year, utc ? date.getUTCMonth() : date.getMonth(), utc ? date.getUTCDate() : date.getDate(), language);
  }
  const key = `${language}|${style}|${timeZone ?? ''}`;
  let f = dates.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(intlLocale(language), { ...DATE_OPTIONS[style], ...numberingOf(language), ...hourCycleOf(language), timeZone });
    dates.set(key, f);
  }
  return f.format(value instanceof Date ? value : new Date(value));
}
