/**
 * The languages of the marketplace (product-decisions 5): English at every route of the spec, Urdu
 * under /ur. One place knows the prefix, the direction and the cookie.
 */
export const LANGUAGES = ['en', 'ur'] as const;
export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = 'en';

/** Remembers a visitor's choice; it decides only where `/` sends them. */
export const LANGUAGE_COOKIE = 'lang';

/** The request header the browser's API calls name their page's language in (server messages, WhatsApp text). */
export const LANGUAGE_HEADER = 'x-language';

const PREFIX: Record<Language, string> = { en: '', ur: '/ur' };

export function isLanguage(value: unknown): value is Language {
  return value === 'en' || value === 'ur';
}

/** The text direction of a language, for <html dir>. */
export function directionOf(language: Language): 'ltr' | 'rtl' {
  return language === 'ur' ? 'rtl' : 'ltr';
}

/** The route prefix of a language: '' for English, '/ur' for Urdu (wouter's `base`). */
export function languagePrefix(language: Language): string {
  return PREFIX[language];
}

/**
 * A path's language and the route inside it: `/ur/cart` is Urdu at `/cart`, `/ur` Urdu at `/`, any
 * other path English as it stands (so `/urdu-shop` stays English).
 */
export function splitLanguage(pathname: string): { language: Language; path: string } {
  if (pathname === '/ur' || pathname === '/ur/') return { language: 'ur', path: '/' };
  if (pathname.startsWith('/ur/')) return { language: 'ur', path: pathname.slice(3) };
  return { language: 'en', path: pathname };
}

/** A route (`/cart`) in a language (`/ur/cart`); the root of Urdu is `/ur`. */
export function localizedPath(language: Language, path: string): string {
  const prefix = PREFIX[language];
  if (!prefix) return path;
  return path === '/' ? prefix : `${prefix}${path}`;
}

/** A year: the choice outlives a session. */
const LANGUAGE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/**
 * The `lang` cookie keeping a choice of language, as the switch's click (document.cookie) and the
 * server (Set-Cookie, for a switch tapped before the page's script ran) both write it.
 */
export function languageCookie(language: Language): string {
  return `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE}; SameSite=Lax`;
}

/** The language a `lang` cookie names in a Cookie header, or null. */
export function languageOfCookie(cookieHeader: string | undefined): Language | null {
  const match = /(?:^|;\s*)lang=([^;]*)/.exec(cookieHeader ?? '');
  return match && isLanguage(match[1]) ? match[1] : null;
}
