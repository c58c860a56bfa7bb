import type { Language } from './language';
import { intlLocale, numberingOf } from './numbers';

/**
 * Dates and shares for people (product-decisions 5): dates with Urdu month names and Latin digits,
 * English as it always was; counts and the Intl locale of each language are in numbers.ts, which the
 * first paint needs without these. What machines read (JSON-LD, sitemaps, form values) never comes
 * through here. A review's day ('date' style, the runtime's zone or UTC) is written without Intl,
 * exactly as Intl writes it (intl.test.ts): the first Intl date formatter a browser tab makes loads
 * ICU's data while the page hydrates.
 */

/** Urdu times on the 24-hour clock: CLDR's Urdu has no words for AM and PM, so it would print them in English. */
const hourCycleOf = (language: Language): { hourCycle?: 'h23' } => (language === 'ur' ? { hourCycle: 'h23' } : {});

const percents = new Map<string, Intl.NumberFormat>();
const dates = new Map<string, Intl.DateTimeFormat>();

/** A share of a whole, 0 to 1: "25%" (whole percents, one decimal below 10%). */
export function formatPercent(share: number, language: Language): string {
  const key = `${language}%${share < 0.1 ? 1 : 0}`;
  let f = percents.get(key);
  if (!f) {
    f = new Intl.NumberFormat(intlLocale(language), { ...numberingOf(language), style: 'percent', maximumFractionDigits: share < 0.1 ? 1 : 0 });
    percents.set(key, f);
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
