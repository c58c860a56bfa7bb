import { PRODUCT_NAME } from './constants';

/**
 * Page titles, one rule for the server's <head> and the browser's document.title, unique per page so a
 * search result says which product of which shop it is.
 */
export function productPageTitle(product: string, shop: string): string {
  return `${product} · ${shop} · ${PRODUCT_NAME}`;
}

export function storefrontTitle(shop: string): string {
  return `${shop} · ${PRODUCT_NAME}`;
}
