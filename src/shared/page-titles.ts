import site from './i18n/catalogues/en/site';
import type { Language } from './i18n/language';
import { translate } from './i18n/translator';

/** The marketplace's name until the operator changes it at /admin/settings (issue 47). */
export const DEFAULT_SITE_NAME = 'Marketplace';

/**
 * The marketplace's name as a page says it: the operator's (marketplace_settings, the one source),
 * or, while it is still the default, the default in the page's language.
 */
export function siteName(name: string = DEFAULT_SITE_NAME, language: Language = 'en'): string {
  return name === DEFAULT_SITE_NAME ? translate(language, site, 'site.name') : name;
}

/**
 * Page titles, one rule for the server's <head> and the browser's document.title, unique per page so a
 * search result says which product of which shop it is; in the page's language.
 */
export function productPageTitle(product: string, shop: string, language: Language = 'en', name: string = DEFAULT_SITE_NAME): string {
  return translate(language, site, 'site.productTitle', { product, shop, site: siteName(name, language) });
}

export function storefrontTitle(shop: string, language: Language = 'en', name: string = DEFAULT_SITE_NAME): string {
  return translate(language, site, 'site.storefrontTitle', { shop, site: siteName(name, language) });
}

/** A marketplace page (/p/{address}, issue 47): its title and the marketplace's name. */
export function contentPageTitle(page: string, language: Language = 'en', name: string = DEFAULT_SITE_NAME): string {
  return translate(language, site, 'site.pageTitle', { page, site: siteName(name, language) });
}
