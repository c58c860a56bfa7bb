import { afterEach, describe, expect, it } from 'vitest';
import { minorToMajorString } from '../../shared/money';
import { createShareHeadRenderer } from '../catalog/share-head';
import { createProduct, createReview, createShop, createUser } from '../testing/factories';
import { elements, textOf } from '../testing/html';
import { createTestEnv } from '../testing/test-app';
import { rawRequest, startTestServer, type TestServer } from '../testing/test-server';

/** What search engines read in a page's <head> (issue 20, items 4 and 5), over HTTP, parsed as HTML. */

const SITE = 'https://bazaar.example.pk';
let server: TestServer;
afterEach(async () => {
  await server.close();
  await server.env.db.destroy();
});

async function start() {
  const env = createTestEnv();
  server = await startTestServer({ publicUrl: SITE, renderHead: createShareHeadRenderer(env.db, env.config.storage) }, env);
  return env;
}

/** A JSON-LD object as read back. */
type Ld = Record<string, unknown>;

/** Every JSON-LD object of the page, read with JSON.parse. */
function structuredData(html: string): Ld[] {
  return elements(html, 'script')
    .filter((s) => s.attribs.type === 'application/ld+json')
    .map((s) => JSON.parse(textOf(s)) as Ld);
}

const meta = (html: string, name: string) => elements(html, 'meta').find((m) => m.attribs.name === name)?.attribs.content;
const canonical = (html: string) => elements(html, 'link').filter((l) => l.attribs.rel === 'canonical').map((l) => l.attribs.href);
const title = (html: string) => elements(html, 'title').map(textOf);

const hostile = 'Kurta </script><script>alert(1)</script> "A" & <!-- 🧵 لان کرتا';

describe('what search engines read on a product page', () => {
  it('has a Product with its offer from the database, its rating once reviewed, and breadcrumbs; names come back exactly', async () => {
    const env = await start();
    const shop = await createShop(env, { name: `Shop ${hostile}`, slug: 'lahore-lawn', currency: 'PKR' });
    const product = await createProduct(env, shop, { name: hostile, brand: 'Sana', price: 250000, stock: 4, discount: { type: 'percent', value: 20 }, images: 1 });
    const buyer = await createUser(env);
    await createReview(env, { user: buyer, of: { product }, rating: 4 });

    const page = await rawRequest(server.port, `/product/${product.slug}`, { headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' } });
    expect(page.status).toBe(200);
    const [item, crumbs] = structuredData(page.text);
    const row = await env.db.selectFrom('products').select(['selling_price', 'stock_amount', 'currency']).where('id', '=', product.id).executeTakeFirstOrThrow();
    const url = `${SITE}/product/${product.slug}`;
    expect(item).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: hostile,
      url,
      brand: { '@type': 'Brand', name: 'Sana' },
      offers: {
        '@type': 'Offer',
        // 20% off the database's price, in major units of its currency.
        price: minorToMajorString(row.selling_price * 0.8, row.currency),
        priceCurrency: 'PKR',
        availability: 'https://schema.org/InStock',
        url,
        seller: { '@type': 'Organization', name: `Shop ${hostile}`, url: `${SITE}/shop/lahore-lawn` },
      },
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4, reviewCount: 1 },
    });
    expect((item as { offers: { price: string } }).offers.price).toBe('2000.00');
    expect(item!.image).toEqual([expect.stringMatching(new RegExp(`^${SITE}/uploads/.+\\.webp$`))]);
    // Google's required properties of a Product rich result with an offer.
    for (const property of ['name', 'image', 'offers']) expect(item, property).toHaveProperty(property);
    for (const property of ['price', 'priceCurrency', 'availability']) expect(item!.offers, property).toHaveProperty(property);
    expect(crumbs!['@type']).toBe('BreadcrumbList');
    expect((crumbs as { itemListElement: Array<{ item: string }> }).itemListElement.map((i) => i.item)).toEqual([`${SITE}/browse`, `${SITE}/shop/lahore-lawn`, url]);

    expect(canonical(page.text)).toEqual([url]);
    expect(title(page.text)).toEqual([`${hostile} · Shop ${hostile} · Marketplace`]);
    expect(meta(page.text, 'robots')).toBeUndefined();
    // The name's "</script>" stayed inside its element: only the two JSON-LD scripts, the marketplace's identity and its shell (the footer and the announcement) are in the page.
    expect(elements(page.text, 'script').length).toBe(4);
  });

  it('says OutOfStock from stock 0, and has no rating before the first review', async () => {
    const env = await start();
    const shop = await createShop(env, { currency: 'USD' });
    const product = await createProduct(env, shop, { price: 1999, stock: 0 });
    const [item] = structuredData((await rawRequest(server.port, `/product/${product.slug}`)).text);
    expect(item!.offers).toMatchObject({ price: '19.99', priceCurrency: 'USD', availability: 'https://schema.org/OutOfStock' });
    expect(item).not.toHaveProperty('aggregateRating');
  });
});

describe('what search engines read on the other pages', () => {
  it('a storefront is a Store without stars of its own; /browse is the WebSite', async () => {
    const env = await start();
    const shop = await createShop(env, { name: hostile, slug: 'karachi-shoes', description: 'Shoes &amp; more', logo: true });
    await createReview(env, { user: await createUser(env), of: { shop }, rating: 5 });
    const store = structuredData((await rawRequest(server.port, '/shop/karachi-shoes')).text);
    expect(store).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'Store',
        name: hostile,
        url: `${SITE}/shop/karachi-shoes`,
        description: 'Shoes & more',
        logo: expect.stringMatching(new RegExp(`^${SITE}/uploads/`)),
        image: expect.stringMatching(new RegExp(`^${SITE}/uploads/`)),
      },
    ]);
    const browse = (await rawRequest(server.port, '/browse')).text;
    expect(structuredData(browse)).toEqual([{ '@context': 'https://schema.org', '@type': 'WebSite', name: 'Marketplace', url: `${SITE}/browse` }]);
    expect(canonical(browse)).toEqual([`${SITE}/browse`]);
  });

  it('keeps filtered lists out of the index (their links followed) and private screens out entirely, with one canonical URL without the query', async () => {
    await start();
    for (const [path, robots, canonicalUrl] of [
      ['/browse', undefined, `${SITE}/browse`],
      ['/browse?q=kurta', 'noindex,follow', `${SITE}/browse`],
      ['/browse?category=shoes', 'noindex,follow', `${SITE}/browse`],
      ['/browse?shop=karachi-shoes', 'noindex,follow', `${SITE}/browse`],
      ['/browse?q=', undefined, `${SITE}/browse`],
      ['/shops', undefined, `${SITE}/shops`],
      ['/shops?q=lawn', 'noindex,follow', `${SITE}/shops`],
    ] as const) {
      const html = (await rawRequest(server.port, path)).text;
      expect(meta(html, 'robots'), path).toBe(robots);
      expect(canonical(html), path).toEqual([canonicalUrl]);
    }
    for (const path of ['/cart', '/checkout', '/guest/orders', '/buyer/orders', '/settings', '/shop/dashboard', '/admin/users', '/auth', '/product/no-such-thing', '/shop/no-such-shop']) {
      const html = (await rawRequest(server.port, path)).text;
      expect(meta(html, 'robots'), path).toBe('noindex,nofollow');
      expect(canonical(html), path).toEqual([]);
    }
  });

  it('answers HEAD on the public pages, and sends / to /browse (302: the lang cookie may send it to /ur/browse another time)', async () => {
    const env = await start();
    const product = await createProduct(env, await createShop(env, { slug: 'heads' }));
    for (const path of ['/browse', '/shops', `/product/${product.slug}`, '/shop/heads']) {
      const head = await rawRequest(server.port, path, { method: 'HEAD' });
      expect(head.status, path).toBe(200);
      expect(head.headers['content-type'], path).toBe('text/html; charset=utf-8');
      expect(head.text, path).toBe('');
    }
    const root = await rawRequest(server.port, '/?utm_source=x');
    expect(root.status).toBe(302);
    expect(root.headers.location).toBe('/browse?utm_source=x');
  });
});
