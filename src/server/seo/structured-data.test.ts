import { describe, expect, it } from 'vitest';
import { absoluteUrl, jsonLdScript, productStructuredData, storeStructuredData, websiteStructuredData } from './structured-data';

const SITE = 'https://shop.example.pk';

/** The JSON of a <script type="application/ld+json"> element, read back by a JSON parser. */
function parseScript(html: string): unknown {
  const match = /^<script type="application\/ld\+json">([\s\S]*)<\/script>$/.exec(html);
  expect(match).not.toBeNull();
  return JSON.parse(match![1]!);
}

const tricky = 'Kurta </script><script>alert(1)</script> "quoted" & <!-- 🧵 لان کرتا \u2028';

describe('JSON-LD', () => {
  it('writes no "<" a name could close the script with, and reads back exactly', () => {
    const html = jsonLdScript({ name: tricky });
    const inner = html.slice('<script type="application/ld+json">'.length, -'</script>'.length);
    expect(inner).not.toMatch(/[<>&\u2028]/);
    expect(inner).toContain('\\u003c/script\\u003e');
    expect(parseScript(html)).toEqual({ name: tricky });
  });

  it('describes a product with its offer, rating, seller and breadcrumbs, prices as ASCII major units', () => {
    const [product, crumbs] = productStructuredData(SITE, {
      slug: 'lawn-kurta',
      name: tricky,
      brand: ' Sana ',
      descriptionHtml: '<p>Soft &amp; <b>cool</b></p><p>Two</p>',
      price: 150050,
      currency: 'PKR',
      stock: 3,
      images: [{ url: '/uploads/ab/x.webp' }, { url: 'https://cdn.example.com/ab/y.webp' }],
      rating: 4.5,
      reviewCount: 2,
      sku: 'LK-RED-M',
      shop: { name: "Sara's Boutique", slug: 'saras' },
    }) as [Record<string, unknown>, Record<string, unknown>];
    expect(product).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: tricky,
      description: 'Soft & cool Two',
      image: [`${SITE}/uploads/ab/x.webp`, 'https://cdn.example.com/ab/y.webp'],
      url: `${SITE}/product/lawn-kurta`,
      sku: 'LK-RED-M',
      brand: { '@type': 'Brand', name: 'Sana' },
      offers: {
        '@type': 'Offer',
        price: '1500.50',
        priceCurrency: 'PKR',
        availability: 'https://schema.org/InStock',
        url: `${SITE}/product/lawn-kurta`,
        seller: { '@type': 'Organization', name: "Sara's Boutique", url: `${SITE}/shop/saras` },
      },
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.5, reviewCount: 2 },
    });
    expect(crumbs).toMatchObject({
      '@type': 'BreadcrumbList',
      itemListElement: [
        { position: 1, name: 'Marketplace', item: `${SITE}/browse` },
        { position: 2, name: "Sara's Boutique", item: `${SITE}/shop/saras` },
        { position: 3, name: tricky, item: `${SITE}/product/lawn-kurta` },
      ],
    });
  });

  it('leaves out the rating without reviews, the brand and SKU when unset; out of stock reads OutOfStock; JPY has no decimals', () => {
    const [product] = productStructuredData(SITE, {
      slug: 'tea',
      name: 'Tea',
      brand: '',
      descriptionHtml: '',
      price: 1200,
      currency: 'JPY',
      stock: 0,
      images: [],
      rating: null,
      reviewCount: 0,
      shop: { name: 'Leaves', slug: 'leaves' },
    }) as [Record<string, unknown>];
    expect(product).not.toHaveProperty('aggregateRating');
    expect(product).not.toHaveProperty('brand');
    expect(product).not.toHaveProperty('sku');
    expect(product).not.toHaveProperty('description');
    expect(product.offers).toMatchObject({ price: '1200', priceCurrency: 'JPY', availability: 'https://schema.org/OutOfStock' });
  });

  it('per variant: in stock while any variant is, the price range of its variants, a SKU only when it has one variant', () => {
    const base = { slug: 'shirt', name: 'Shirt', brand: '', descriptionHtml: '', price: 150000, currency: 'PKR', images: [], rating: null, reviewCount: 0, shop: { name: 'S', slug: 's' } };
    const [several] = productStructuredData(SITE, {
      ...base,
      stock: 2,
      variants: [
        { price: 150000, stock: 0, sku: 'SH-RM' },
        { price: 175000, stock: 2, sku: 'SH-BM' },
      ],
    }) as [Record<string, unknown>];
    expect(several).not.toHaveProperty('sku');
    expect(several.offers).toMatchObject({ '@type': 'AggregateOffer', lowPrice: '1500.00', highPrice: '1750.00', offerCount: 2, availability: 'https://schema.org/InStock' });
    const [one] = productStructuredData(SITE, { ...base, stock: 0, variants: [{ price: 150000, stock: 0, sku: 'SH-R' }] }) as [Record<string, unknown>];
    expect(one).toMatchObject({ sku: 'SH-R', offers: { '@type': 'Offer', price: '1500.00', availability: 'https://schema.org/OutOfStock' } });
  });

  it('describes a store without a rating of its own, and the website', () => {
    const store = storeStructuredData(SITE, { slug: 'saras', name: 'Sara', description: 'Lawn &amp; more', avatar: { url: '/uploads/a.webp' }, cover: null });
    expect(store).toEqual({ '@context': 'https://schema.org', '@type': 'Store', name: 'Sara', url: `${SITE}/shop/saras`, description: 'Lawn & more', logo: `${SITE}/uploads/a.webp`, image: `${SITE}/uploads/a.webp` });
    expect(websiteStructuredData(SITE)).toEqual({ '@context': 'https://schema.org', '@type': 'WebSite', name: 'Marketplace', url: `${SITE}/browse` });
    expect(absoluteUrl(SITE, 'http://cdn.example/x.webp')).toBe('http://cdn.example/x.webp');
  });
});
