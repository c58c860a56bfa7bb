import site from './i18n/catalogues/en/site';
import type { Language } from './i18n/language';
import { translate } from './i18n/translator';

/**
 * Page titles, one rule for the server's <head> and the browser's document.title, unique per page so a
 * search result says which product of which shop it is; in the page's language.
 */
export function siteName(language: Language = 'en'): string {
  return translate(language, site, 'site.name');
}

export function productPageTitle(product: string, shop: string, language: Language = 'en'): string {
  return translate(language, site, 'site.productTitle', { product, shop, site: siteName(language) });
}

export function storefrontTitle(shop: string, language: Language = 'en'): string {
  return translate(language, site, 'site.storefrontTitle', { shop, site: siteName(language) });
}
