import { describe, expect, it } from 'vitest';
import { productPageTitle, storefrontTitle } from './page-titles';

describe('page titles', () => {
  it('name the product, its shop and the marketplace; a storefront its shop', () => {
    expect(productPageTitle('Lawn Kurta', "Sara's Boutique")).toBe("Lawn Kurta · Sara's Boutique · Marketplace");
    expect(storefrontTitle("Sara's Boutique")).toBe("Sara's Boutique · Marketplace");
  });
});
