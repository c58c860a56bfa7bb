import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3, type TestS3 } from '../../../scripts/services/s3.mjs';
import { createShareHeadRenderer } from '../catalog/share-head';
import { createShop, createUser } from '../testing/factories';
import { createTestEnv } from '../testing/test-app';
import { startTestServer, type TestServer, signInOverHttp } from '../testing/test-server';
import { s3Storage } from './storage';

/** STORAGE=s3 through the real server: images go to the bucket, are served from it, and leave it with their product. */
let s3: TestS3;
let server: TestServer;
beforeAll(async () => {
  s3 = await startS3({ buckets: ['images'] });
  const storage = s3Storage({ endpoint: s3.endpoint, bucket: 'images', region: s3.region, accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey });
  server = await startTestServer({}, createTestEnv({ storage }));
});
afterAll(async () => {
  await server.close();
  await server.env.db.destroy();
  await s3.stop();
});

const base = () => `http://127.0.0.1:${server.port}`;

const signIn = (email: string) => signInOverHttp(server.port, email);

async function mutation<T>(cookie: string, name: string, input: unknown): Promise<T> {
  const reply = await fetch(`${base()}/api/trpc/${name}`, {
    method: 'POST',
    headers: { cookie, origin: base(), 'content-type': 'application/json' },
    body: JSON.stringify(input),
  });
  const body = (await reply.json()) as { result?: { data: T }; error?: unknown };
  if (!body.result) throw new Error(`${name} failed: ${JSON.stringify(body.error)}`);
  return body.result.data;
}

describe('uploads in an S3 bucket', () => {
  it('stores an upload with its thumbnail and copies in the bucket, serves it, and removes every object with the product, its share image too', async () => {
    const email = 's3-keeper@example.test';
    const ownerId = await createUser(server.env, { email, roles: ['shopkeeper'], trialStartAt: new Date() });
    await createShop(server.env, { owner: ownerId });
    const cookie = await signIn(email);

    const photo = await sharp({ create: { width: 2000, height: 1200, channels: 3, background: '#3a7bd5' } }).png().toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'photo.png');
    const uploaded = await fetch(`${base()}/api/uploads`, { method: 'POST', headers: { cookie, origin: base() }, body: form });
    expect(uploaded.status).toBe(201);
    const image = (await uploaded.json()) as { url: string; thumbUrl: string; widths: number[] };
    const key = (url: string) => url.slice('/uploads/'.length);
    const stem = key(image.url).replace(/\.webp$/, '');
    expect(image.widths.length).toBeGreaterThan(0);
    const objects = [key(image.url), key(image.thumbUrl), ...image.widths.map((w) => `${stem}-${w}w.webp`)].sort();
    expect(s3.keys('images')).toEqual(objects);

    const served = await fetch(`${base()}${image.url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await served.arrayBuffer()).equals(s3.read('images', key(image.url))!)).toBe(true);
    expect((await fetch(`${base()}/uploads/${stem}-nope.webp`)).status).toBe(404);

    const product = await mutation<{ id: number; slug: string }>(cookie, 'products.create', {
      name: 'Blue print',
      brand: '',
      categoryId: null,
      descriptionHtml: '<p>Blue.</p>',
      sellingPrice: '19.99',
      stockAmount: '5',
      unit: 'pieces',
      colors: [],
      sizes: [],
      images: [{ url: image.url, isPrimary: true }],
      customFields: [],
      discountType: null,
      discountValue: null,
    });
    const head = await createShareHeadRenderer(server.env.db, server.env.config.storage)(`/product/${product.slug}`, 'https://x.example');
    const share = /og:image" content="https:\/\/x\.example\/uploads\/(share\/[^"]+)"/.exec(head ?? '')?.[1];
    expect(share && (await sharp(s3.read('images', share)).metadata())).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });

    await mutation(cookie, 'products.delete', { id: product.id });
    // The share image made from the product's picture leaves with it: nothing is left in the bucket.
    expect(s3.keys('images')).toEqual([]);
  });
});

describe('uploads behind a public base URL (S3_PUBLIC_URL, a CDN)', () => {
  it('redirects /uploads/<key> to the same key under the public URL, cached like the files, and nothing else', async () => {
    const storage = s3Storage({
      endpoint: s3.endpoint,
      bucket: 'images',
      region: s3.region,
      accessKeyId: s3.accessKeyId,
      secretAccessKey: s3.secretAccessKey,
      publicUrl: 'https://cdn.example.test/market/',
    });
    const cdn = await startTestServer({}, createTestEnv({ storage }));
    try {
      const at = (urlPath: string) => fetch(`http://127.0.0.1:${cdn.port}${urlPath}`, { redirect: 'manual' });
      const moved = await at('/uploads/2026/ab cd-480w.webp');
      expect(moved.status).toBe(301);
      expect(moved.headers.get('location')).toBe('https://cdn.example.test/market/2026/ab%20cd-480w.webp');
      expect(moved.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      // Only upload keys are redirected: a path that climbs out of the uploads, or another page, is not.
      expect((await at('/uploads/../index.html')).status).not.toBe(301);
      expect((await at('/browse')).status).toBe(200);
    } finally {
      await cdn.close();
      await cdn.env.db.destroy();
    }
  });
});
