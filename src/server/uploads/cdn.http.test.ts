import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3, type TestS3 } from '../../../scripts/services/s3.mjs';
import { createShareHeadRenderer } from '../catalog/share-head';
import { createProduct, createShop, createUser } from '../testing/factories';
import { createTestEnv } from '../testing/test-app';
import { rawRequest, signInOverHttp, startTestServer, type TestServer } from '../testing/test-server';
import { s3Storage } from './storage';

/**
 * STORAGE=s3 with S3_PUBLIC_URL (issue 23): the bucket's public URL is another origin, as a CDN always
 * is. Pages and the API name it directly (no redirect per image) and the Content-Security-Policy
 * allows exactly its origin, so a browser loads the images.
 */
let s3: TestS3;
let server: TestServer;
let cdn: string;
let product: { slug: string };
let shopSlug: string;

beforeAll(async () => {
  s3 = await startS3({ buckets: ['images'] });
  // The test server's own address stands for the CDN: path-style, the bucket in the path.
  cdn = `${s3.endpoint.replace('127.0.0.1', 'localhost')}/images`;
  const storage = s3Storage({
    endpoint: s3.endpoint,
    bucket: 'images',
    region: s3.region,
    accessKeyId: s3.accessKeyId,
    secretAccessKey: s3.secretAccessKey,
    publicUrl: `${cdn}/`,
  });
  const env = createTestEnv({ storage });
  server = await startTestServer({ renderHead: createShareHeadRenderer(env.db, storage) }, env);
  const ownerId = await createUser(server.env, { email: 'cdn-keeper@example.test', roles: ['shopkeeper'], trialStartAt: new Date() });
  const shop = await createShop(server.env, { owner: ownerId, slug: 'cdn-shop', logo: true, cover: true });
  shopSlug = shop.slug;
  product = await createProduct(server.env, shop, { name: 'Blue print', images: 2 });
});
afterAll(async () => {
  await server.close();
  await server.env.db.destroy();
  await s3.stop();
});

const get = (urlPath: string, headers: Record<string, string> = {}) => rawRequest(server.port, urlPath, { headers });
const data = async <T>(urlPath: string, headers: Record<string, string> = {}) => (await get(urlPath, headers)).json<{ result: { data: T } }>().result.data;
const input = (value: unknown) => encodeURIComponent(JSON.stringify(value));

/** Every image address an HTML page names: <img> src and srcset, and preloads' href and imagesrcset. */
function imageUrlsIn(html: string): string[] {
  const urls: string[] = [];
  for (const tag of html.match(/<(img|link)\b[^>]*>/g) ?? []) {
    if (tag.startsWith('<link') && !/rel="preload"/.test(tag)) continue;
    for (const [, name, value] of tag.matchAll(/\s(src|srcset|srcSet|href|imagesrcset)="([^"]*)"/g)) {
      const list = /srcset/i.test(name!) ? value!.split(',').map((part) => part.trim().split(/\s+/)[0]!) : [value!];
      urls.push(...list.map((url) => url.replaceAll('&amp;', '&')));
    }
  }
  return urls;
}

/** Every string of a JSON answer that names an image file. */
function imageStrings(value: unknown): string[] {
  if (typeof value === 'string') return /\.(webp|jpg)$/.test(value) ? [value] : [];
  if (Array.isArray(value)) return value.flatMap(imageStrings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(imageStrings);
  return [];
}

describe('images behind a CDN (S3_PUBLIC_URL on another origin)', () => {
  it('allows the CDN origin, and only it, in img-src on every response', async () => {
    for (const urlPath of ['/browse', '/api/trpc/catalog.filters', '/uploads/x/y.webp', '/healthz']) {
      const policy = (await get(urlPath)).headers['content-security-policy'];
      expect(policy, urlPath).toContain(`img-src 'self' data: blob: ${new URL(cdn).origin};`);
      expect(policy, urlPath).not.toContain('*');
      expect(policy, urlPath).not.toContain('https:;');
    }
  });

  it('names the CDN in the API: product cards, the product page, shop cards, the storefront and the owner list', async () => {
    const answers = {
      browse: await data(`/api/trpc/catalog.products?input=${input({ search: '', limit: 20 })}`),
      product: await data(`/api/trpc/catalog.product?input=${input({ slug: product.slug })}`),
      shops: await data(`/api/trpc/catalog.shops?input=${input({ search: '', limit: 20 })}`),
      storefront: await data(`/api/trpc/catalog.shop?input=${input({ slug: shopSlug })}`),
      ownerList: await data('/api/trpc/products.list?input=' + input({}), { cookie: await signInOverHttp(server.port, 'cdn-keeper@example.test') }),
    };
    for (const [what, answer] of Object.entries(answers)) {
      const urls = imageStrings(answer);
      expect(urls.length, what).toBeGreaterThan(0);
      expect(urls.filter((url) => !url.startsWith(`${cdn}/`)), what).toEqual([]);
    }
    // Each named object is there at that address, so the browser's one request gets it.
    const first = imageStrings(answers.product)[0]!;
    const fetched = await fetch(first);
    expect(fetched.status).toBe(200);
    expect(s3.read('images', first.slice(cdn.length + 1))!.equals(Buffer.from(await fetched.arrayBuffer()))).toBe(true);
  });

  // The pages' <img> and srcset come from the same API answers; the browser run (tests/e2e/scale) loads them.
  it("names the CDN in a page's head: the main image's preload and the absolute share image", async () => {
    for (const urlPath of [`/product/${product.slug}`, `/shop/${shopSlug}`]) {
      const page = await get(urlPath);
      expect(page.status, urlPath).toBe(200);
      const preloaded = imageUrlsIn(page.text);
      expect(preloaded.length, urlPath).toBeGreaterThan(0);
      expect(preloaded.filter((url) => !url.startsWith(`${cdn}/`)), urlPath).toEqual([]);
      const share = /<meta property="og:image" content="([^"]+)"/.exec(page.text)?.[1];
      expect(share, urlPath).toMatch(/^http:\/\/localhost:\d+\/images\/share\/\w+\.jpg$/);
      expect((await fetch(share!)).headers.get('content-type')).toBe('image/jpeg');
    }
  });

  it('still answers old /uploads/ links with the redirect', async () => {
    const card = imageStrings(await data(`/api/trpc/catalog.product?input=${input({ slug: product.slug })}`))[0]!;
    const moved = await get(`/uploads/${card.slice(cdn.length + 1)}`);
    expect(moved.status).toBe(301);
    expect(moved.headers.location).toBe(card);
  });
});
