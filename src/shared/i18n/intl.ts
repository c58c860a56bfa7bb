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

/** A count or quantity: "1,500". */
export function formatNumber(value: number, language: Language): string {
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

/** A date in the reader's time zone (undefined: the runtime's own), in their language's words. */
export function formatDate(value: Date | string | number, language: Language, style: DateStyle = 'date', timeZone?: string): string {
  const key = `${language}|${style}|${timeZone ?? ''}`;
  let f = dates.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(intlLocale(language), { ...DATE_OPTIONS[style], ...numberingOf(language), ...hourCycleOf(language), timeZone });
    dates.set(key, f);
  }
  return f.format(value instanceof Date ? value : new Date(value));
}
