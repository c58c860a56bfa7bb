import { describe, expect, it } from 'vitest';
import { productPageTitle, siteName, storefrontTitle } from './page-titles';

describe('page titles', () => {
  it('name the product, its shop and the marketplace; a storefront its shop', () => {
    expect(productPageTitle('Lawn Kurta', "Sara's Boutique")).toBe("Lawn Kurta · Sara's Boutique · Marketplace");
    expect(storefrontTitle("Sara's Boutique")).toBe("Sara's Boutique · Marketplace");
  });

  it("say the operator's name once it is set, in every language; the default in the page's", () => {
    expect(productPageTitle('Lawn Kurta', 'Sara', 'en', 'Lahore Bazaar')).toBe('Lawn Kurta · Sara · Lahore Bazaar');
    expect(storefrontTitle('Sara', 'ur', 'Lahore Bazaar')).toBe('\u2068Sara\u2069 · \u2068Lahore Bazaar\u2069');
    expect(siteName('Lahore Bazaar', 'ur')).toBe('Lahore Bazaar');
    expect(siteName('Marketplace', 'en')).toBe('Marketplace');
  });
});
