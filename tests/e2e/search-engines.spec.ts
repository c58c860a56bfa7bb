import { expect, test } from '@playwright/test';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { parseDocument } from 'htmlparser2';
import { minorToMajorString } from '../../src/shared/money';
import { discountedPrice } from '../../src/shared/pricing';
import { seedCatalog } from './buyer-fixtures';
import { e2eEnv } from './e2e-db';

/**
 * What a crawler reads from the built server (issue 20): the server-rendered HTML carries the
 * structured data and one canonical URL, unknown paths are 404s, and the sitemap lists the catalog.
 * Without PUBLIC_URL (the e2e server sets none) every absolute URL is http://localhost:PORT.
 */

const site = () => `http://localhost:${process.env.E2E_PORT ?? '3100'}`;

interface Node {
  name?: string;
  attribs?: Record<string, string>;
  children?: Node[];
  data?: string;
}

function findAll(node: Node, test: (n: Node) => boolean, found: Node[] = []): Node[] {
  for (const child of node.children ?? []) {
    if (test(child)) found.push(child);
    findAll(child, test, found);
  }
  return found;
}

function readPage(html: string) {
  const doc = parseDocument(html) as unknown as Node;
  const text = (n: Node) => (n.children ?? []).map((c) => c.data ?? '').join('');
  return {
    jsonLd: findAll(doc, (n) => n.name === 'script' && n.attribs?.type === 'application/ld+json').map((n) => JSON.parse(text(n)) as Record<string, unknown>),
    canonical: findAll(doc, (n) => n.name === 'link' && n.attribs?.rel === 'canonical').map((n) => n.attribs!.href),
    robots: findAll(doc, (n) => n.name === 'meta' && n.attribs?.name === 'robots').map((n) => n.attribs!.content),
    titles: findAll(doc, (n) => n.name === 'title').map(text),
    /** The server-rendered screen's main heading: the content is in the HTML, not added by JavaScript. */
    headings: findAll(doc, (n) => n.name === 'h1').map((h) => findAll(h, (n) => n.data !== undefined).map((n) => n.data).join('')),
  };
}

test('a product page arrives with its Product data, matching the database, and one canonical URL whatever the Host', async ({ request }) => {
  const c = await seedCatalog();
  const res = await request.get(`/product/${c.tee.slug}`, { headers: { 'x-forwarded-host': 'evil.example' } });
  expect(res.status()).toBe(200);
  const page = readPage(await res.text());
  const row = await e2eEnv()
    .db.selectFrom('products')
    .select(['selling_price', 'discount_type', 'discount_value', 'currency', 'stock_amount'])
    .where('id', '=', c.tee.id)
    .executeTakeFirstOrThrow();
  expect(row.discount_type).toBe('percent');
  const price = discountedPrice(row.selling_price, { type: row.discount_type, value: row.discount_value });
  expect(price).toBeLessThan(row.selling_price);
  const url = `${site()}/product/${c.tee.slug}`;
  expect(page.jsonLd[0]).toMatchObject({
    '@type': 'Product',
    name: c.tee.name,
    url,
    offers: { price: minorToMajorString(price, row.currency), priceCurrency: row.currency, availability: row.stock_amount > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock' },
  });
  expect(page.jsonLd[1]).toMatchObject({ '@type': 'BreadcrumbList' });
  expect(page.canonical).toEqual([url]);
  expect(page.robots).toEqual([]);
  expect(page.titles).toEqual([`${c.tee.name} · ${c.shopA.name} · Marketplace`]);
  expect(page.headings).toContain(c.tee.name);
});

test('unknown paths, products and shops answer 404 with the not-found page; / sends to /browse @phone', async ({ page, request }) => {
  for (const [path, text] of [
    ['/no/such/page', 'Oops! Page not found'],
    ['/product/no-such-product-anywhere', 'Product not found'],
    ['/shop/no-such-shop-anywhere', 'Shop not found'],
  ] as const) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(404);
    await expect(page.getByText(text).first(), path).toBeVisible();
    expect(readPage(await res!.text()).robots, path).toEqual(['noindex,nofollow']);
  }
  // 302: a visitor who chose Urdu is sent to /ur/browse by the same / (tests/e2e/urdu.spec.ts).
  const root = await request.get('/', { maxRedirects: 0 });
  expect(root.status()).toBe(302);
  expect(root.headers().location).toBe('/browse');
});

/** The <loc> of each entry of a sitemap or sitemap index, read by a real XML parser after checking it is well-formed. */
function locsOf(xml: string): string[] {
  expect(XMLValidator.validate(xml)).toBe(true);
  const doc = new XMLParser({ isArray: (name) => name === 'url' || name === 'sitemap' }).parse(xml) as {
    sitemapindex?: { sitemap?: Array<{ loc: string }> };
    urlset?: { url?: Array<{ loc: string }> };
  };
  return [...(doc.sitemapindex?.sitemap ?? []), ...(doc.urlset?.url ?? [])].map((entry) => entry.loc);
}

test('the sitemap lists a new product and robots.txt names the sitemap', async ({ request }) => {
  const c = await seedCatalog();
  const chunks = locsOf(await (await request.get('/sitemap.xml')).text());
  expect(chunks).toContain(`${site()}/sitemaps/products-1.xml`);
  const listed = (await Promise.all(chunks.map(async (loc) => locsOf(await (await request.get(new URL(loc).pathname)).text())))).flat();
  expect(listed).toContain(`${site()}/product/${c.tee.slug}`);
  expect(listed).toContain(`${site()}/shop/${c.shopA.slug}`);
  const robots = (await (await request.get('/robots.txt')).text()).split('\n');
  expect(robots).toContain(`Sitemap: ${site()}/sitemap.xml`);
  expect(robots).toContain('Disallow: /checkout');
});
