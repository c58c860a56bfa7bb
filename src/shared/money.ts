/**
 * Money is an integer of minor units plus an ISO 4217 currency code, everywhere.
 * These helpers are the only place that converts between minor units and what people read or type.
 */
import { groupThousands, MINUS } from './i18n/numbers';
import type { Language } from './i18n/language';

/**
 * The currencies a shop may choose (product-decisions 4): the ISO 4217 currencies in circulation that
 * Intl formats, grouped by their ISO 4217 minor digits. Written out rather than read from
 * `Intl.supportedValuesOf` because browsers and the server ship different ICU versions.
 * (Intl's display digits differ from ISO's: CLDR shows PKR without decimals; money follows ISO.)
 */
const CODES_BY_MINOR_DIGITS = {
  0: 'BIF CLP DJF GNF ISK JPY KMF KRW PYG RWF UGX VND VUV XAF XOF XPF',
  2: `AED AFN ALL AMD AOA ARS AUD AWG AZN BAM BBD BDT BGN BMD BND BOB BRL BSD BTN BWP BYN BZD CAD CDF CHF
    CNY COP CRC CUP CVE CZK DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD GTQ GYD HKD HNL HTG
    HUF IDR ILS INR IRR JMD KES KGS KHR KPW KYD KZT LAK LBP LKR LRD LSL MAD MDL MGA MKD MMK MNT MOP MRU
    MUR MVR MWK MXN MYR MZN NAD NGN NIO NOK NPR NZD PAB PEN PGK PHP PKR PLN QAR RON RSD RUB SAR SBD SCR
    SDG SEK SGD SHP SLE SOS SRD SSP STN SVC SYP SZL THB TJS TMT TOP TRY TTD TWD TZS UAH USD UYU UZS VES
    WST XCD XCG YER ZAR ZMW ZWG`,
  3: 'BHD IQD JOD KWD LYD OMR TND',
} as const;

const MINOR_DIGITS = new Map<string, number>(
  Object.entries(CODES_BY_MINOR_DIGITS).flatMap(([digits, codes]) => codes.split(/\s+/).map((code) => [code, Number(digits)] as const)),
);

/** Every currency code a shop may use, in alphabetical order. */
export const CURRENCY_CODES: readonly string[] = [...MINOR_DIGITS.keys()].sort();

export function isCurrencyCode(code: string): boolean {
  return MINOR_DIGITS.has(code);
}

/** How many minor digits a currency has in ISO 4217 (2 for USD/PKR/EUR/GBP, 0 for JPY). */
export function minorDigits(currency: string): number {
  return MINOR_DIGITS.get(currency) ?? 2;
}

const displayNames = new Map<string, Intl.DisplayNames>();

/** "JPY — Japanese Yen": the code first (what people search for), then its name where Intl has one. */
export function currencyLabel(code: string, locale = 'en'): string {
  let names = displayNames.get(locale);
  if (!names) {
    names = new Intl.DisplayNames(locale, { type: 'currency', fallback: 'code' });
    displayNames.set(locale, names);
  }
  const name = names.of(code);
  return name && name !== code ? `${code} — ${name}` : code;
}

/**
 * The currency signs our two languages print where they are not the code itself, as CLDR 48 has them
 * (Node 24's ICU; i18n/intl.test.ts compares every code, in both languages, with Intl). Written out so a
 * page formats prices without Intl.NumberFormat: the first one a browser tab makes loads ICU's number
 * data, 20-80 ms of a phone's main thread before the page answers a tap (docs/performance.md).
 */
const EN_SIGNS: Record<string, string> = {
  AUD: 'A$', BRL: 'R$', CAD: 'CA$', CNY: 'CN¥', EUR: '€', GBP: '£', HKD: 'HK$', ILS: '₪', INR: '₹', JPY: '¥', KRW: '₩', MXN: 'MX$',
  NZD: 'NZ$', PHP: '₱', TWD: 'NT$', USD: '$', VND: '₫', XAF: 'FCFA', XCD: 'EC$', XCG: 'Cg.', XOF: 'F\u202fCFA', XPF: 'CFPF',
};
const SIGNS: Record<Language, Record<string, string>> = {
  en: EN_SIGNS,
  // Urdu (ur-PK): the rupee as "Rs", yen as "JP¥", baht as "฿", the peso by its code.
  ur: { ...Object.fromEntries(Object.entries(EN_SIGNS).filter(([code]) => code !== 'PHP')), JPY: 'JP¥', PKR: 'Rs', THB: '฿' },
};

/**
 * An amount in minor units, formatted in its own currency (product-decisions 2.1), in the reader's
 * language (English when none is given), as Intl's currency format writes it: the sign (or the code), a
 * no-break space unless the sign ends in a currency symbol ("PKR 1,500.00", "£45.00"), the amount
 * grouped by thousands with the currency's ISO digits; Urdu drops the paisa of a whole amount
 * ("Rs 1,500"). Read it inside a <bdi> (components/ui/price.tsx) so it stays left to right in Urdu text.
 */
export function formatMoney(minor: number, currency: string, language: Language = 'en'): string {
  const digits = minorDigits(currency);
  const scale = 10 ** digits;
  // An amount is whole minor units; anything else is rounded to them, as Intl rounded it.
  const units = Math.round(Math.abs(minor));
  const whole = groupThousands(String(Math.floor(units / scale)));
  const fraction = digits === 0 || (language === 'ur' && units % scale === 0) ? '' : `.${String(units % scale).padStart(digits, '0')}`;
  // A code without a sign of its own (or one we do not know) is written itself.
  const sign = SIGNS[language][currency] ?? currency;
  const gap = /\p{Sc}$/u.test(sign) ? '' : '\u00a0';
  return `${minor < 0 || Object.is(minor, -0) ? MINUS[language] : ''}${sign}${gap}${whole}${fraction}`;
}

/**
 * The currencies whose prices people write without decimals though ISO 4217 gives them minor units
 * (CLDR's display digits are 0: a rupee price is "1,500", not "1,500.00"), plus those with no minor
 * unit at all. Written out for the reason above; money.test.ts compares it with Intl.
 */
export const WHOLE_PRICE_CODES: ReadonlySet<string> = new Set(
  'AFN ALL COP HUF IDR IQD IRR KPW LAK LBP MGA MMK PKR SOS SYP YER'.split(' ').concat(CODES_BY_MINOR_DIGITS[0].split(' ')),
);

/**
 * An amount as a person would type it in `currency`, for a message's example ("like 1,500"): `whole`
 * grouped by thousands where prices are written without decimals (PKR, JPY), else `decimal` ("12.99").
 */
export function typedAmountExample(currency: string, whole: number, decimal: string): string {
  return WHOLE_PRICE_CODES.has(currency) ? groupThousands(String(whole)) : decimal;
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
