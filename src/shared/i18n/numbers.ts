import type { Language } from './language';

/**
 * Numbers for people, in one place (product-decisions 5): Urdu as `ur-PK` with Latin digits, as buyers
 * type them (`Rs 1,500`), English as it always was. What machines read (JSON-LD, sitemaps, form values)
 * never comes through here. Dates are in intl.ts; money in ../money.ts.
 *
 * A count is written here without Intl, exactly as Intl writes it in our two languages (intl.test.ts
 * compares them): the first Intl number formatter a browser tab makes loads ICU's data, 20-80 ms of the
 * main thread on this machine (more on a budget phone) while a page hydrates. Anything else asks Intl.
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

const numbers = new Map<string, Intl.NumberFormat>();

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
