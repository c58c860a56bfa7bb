import type { Language } from './language';
import { intlLocale, numberingOf } from './numbers';

/**
 * Dates and shares for people (product-decisions 5): dates with Urdu month names and Latin digits,
 * English as it always was; counts and the Intl locale of each language are in numbers.ts, which the
 * first paint needs without these. What machines read (JSON-LD, sitemaps, form values) never comes
 * through here. A date in the runtime's zone or UTC is written without Intl, exactly as Intl writes it
 * (intl.test.ts): the first Intl date formatter a browser tab makes loads ICU's data, 27-51 ms here,
 * while a page hydrates or an order's history appears.
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
/** English's long style names the whole month; Urdu's names are the same in both. */
const LONG_MONTHS_EN = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** A month of the calendar ("2026-06") as a heading: "June 2026", "جون 2026" (a statement's months, issue 48). */
export function formatMonth(month: string, language: Language): string {
  const [year, number] = month.split('-');
  const index = Number(number) - 1;
  return `${language === 'ur' ? MONTHS.ur[index] : LONG_MONTHS_EN[index]} ${year}`;
}

/**
 * A date in a style as Intl writes it in our languages: "Nov 27, 2026", "Nov 27, 2026, 9:30 AM",
 * "November 27, 2026 at 9:30 AM"; "27 نومبر، 2026", "27 نومبر، 2026، 09:30", "27 نومبر، 2026 کو 09:30"
 * (Urdu on the 24-hour clock).
 */
function writtenDate(date: Date, utc: boolean, language: Language, style: DateStyle): string {
  const year = utc ? date.getUTCFullYear() : date.getFullYear();
  const month = utc ? date.getUTCMonth() : date.getMonth();
  const day = utc ? date.getUTCDate() : date.getDate();
  const hours = utc ? date.getUTCHours() : date.getHours();
  const minutes = String(utc ? date.getUTCMinutes() : date.getMinutes()).padStart(2, '0');
  if (language === 'ur') {
    const written = `${day} ${MONTHS.ur[month]}، ${year}`;
    const time = `${String(hours).padStart(2, '0')}:${minutes}`;
    return style === 'date' ? written : `${written}${style === 'dateTime' ? '،' : ' کو'} ${time}`;
  }
  const time = `${hours % 12 || 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
  if (style === 'longDateTime') return `${LONG_MONTHS_EN[month]} ${day}, ${year} at ${time}`;
  const written = `${MONTHS.en[month]} ${day}, ${year}`;
  return style === 'date' ? written : `${written}, ${time}`;
}

/** A date in the reader's time zone (undefined: the runtime's own), in their language's words. */
export function formatDate(value: Date | string | number, language: Language, style: DateStyle = 'date', timeZone?: string): string {
  // In the runtime's zone or UTC, written without Intl (the first Intl date formatter loads ICU's data);
  // a named zone, and years Intl writes otherwise, ask Intl.
  if (timeZone === undefined || timeZone === 'UTC') {
    const date = value instanceof Date ? value : new Date(value);
    const year = timeZone === 'UTC' ? date.getUTCFullYear() : date.getFullYear();
    if (year >= 1000 && year <= 9999) return writtenDate(date, timeZone === 'UTC', language, style);
  }
  const key = `${language}|${style}|${timeZone ?? ''}`;
  let f = dates.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(intlLocale(language), { ...DATE_OPTIONS[style], ...numberingOf(language), ...hourCycleOf(language), timeZone });
    dates.set(key, f);
  }
  return f.format(value instanceof Date ? value : new Date(value));
}
