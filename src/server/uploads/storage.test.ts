import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3, type TestS3 } from '../../../scripts/services/s3.mjs';
import { browserUrlOf, keyOfUploadUrl, localStorage, s3Storage, type UploadStorage } from './storage';

let s3: TestS3;
beforeAll(async () => {
  s3 = await startS3({ buckets: ['uploads'] });
});
afterAll(() => s3.stop());

const implementations: Array<[string, () => UploadStorage]> = [
  ['a local folder', () => localStorage(fs.mkdtempSync(path.join(os.tmpdir(), 'storage-')))],
  [
    'an S3 bucket',
    () => s3Storage({ endpoint: s3.endpoint, bucket: 'uploads', region: s3.region, accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey }),
  ],
];

describe.each(implementations)('upload storage in %s', (_, create) => {
  it('gives back a stored WebP byte for byte, streams it with its size, and deletes it', async () => {
    const storage = create();
    const webp = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c0ffee' } }).webp().toBuffer();
    await storage.put('ab/abc.webp', webp, 'image/webp');
    expect(await storage.exists('ab/abc.webp')).toBe(true);
    expect(await storage.size('ab/abc.webp')).toBe(webp.length);
    expect((await storage.get('ab/abc.webp'))?.equals(webp)).toBe(true);
    const streamed = await storage.stream('ab/abc.webp');
    expect(streamed?.size).toBe(webp.length);
    const chunks: Buffer[] = [];
    for await (const chunk of streamed!.body) chunks.push(Buffer.from(chunk as Uint8Array));
    expect(Buffer.concat(chunks).equals(webp)).toBe(true);
    await storage.put('ab/other.webp', webp, 'image/webp');
    await storage.delete(['ab/abc.webp', 'ab/never-there.webp']);
    expect(await storage.exists('ab/abc.webp')).toBe(false);
    expect(await storage.exists('ab/other.webp')).toBe(true);
  });

  it('lists the keys of a folder that start with a prefix, not those of the folders below it', async () => {
    const storage = create();
    expect(await storage.list('share/shop-')).toEqual([]);
    const jpeg = Buffer.from('not really a jpeg');
    for (const key of ['share/shop-1-aa.jpg', 'share/shop-2-bb.jpg', 'share/0123abcd.jpg', 'share/shop-9/below.jpg', 'shop-3-top.jpg']) {
      await storage.put(key, jpeg, 'image/jpeg');
    }
    expect((await storage.list('share/shop-')).sort()).toEqual(['share/shop-1-aa.jpg', 'share/shop-2-bb.jpg']);
    expect((await storage.list('share/')).sort()).toEqual(['share/0123abcd.jpg', 'share/shop-1-aa.jpg', 'share/shop-2-bb.jpg']);
    expect(await storage.list('shop-')).toEqual(['shop-3-top.jpg']);
  });

  it('answers null for a missing key, and a reachable store passes its start-up check', async () => {
    const storage = create();
    expect(await storage.get('zz/missing.webp')).toBeNull();
    expect(await storage.stream('zz/missing.webp')).toBeNull();
    expect(await storage.exists('zz/missing.webp')).toBe(false);
    expect(await storage.size('zz/missing.webp')).toBeNull();
    await expect(storage.check()).resolves.toBeUndefined();
  });
});

describe('S3 storage start-up check', () => {
  it('fails with the bucket and endpoint named when the bucket does not exist or the endpoint does not answer', async () => {
    const config = { endpoint: s3.endpoint, bucket: 'nope', region: s3.region, accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey };
    await expect(s3Storage(config).check()).rejects.toThrow(`bucket "nope" at ${s3.endpoint}`);
    await expect(s3Storage({ ...config, bucket: 'uploads', endpoint: 'http://127.0.0.1:9' }).check()).rejects.toThrow('bucket "uploads" at http://127.0.0.1:9');
  });
});

describe('keys of upload URLs', () => {
  it('maps /uploads/ URLs to keys and refuses anything leaving the store', () => {
    expect(keyOfUploadUrl('/uploads/ab/abc.webp')).toBe('ab/abc.webp');
    expect(keyOfUploadUrl('/uploads/share/x%20y.jpg')).toBe('share/x y.jpg');
    expect(keyOfUploadUrl('/uploads/../db.sqlite')).toBe('db.sqlite');
    for (const bad of ['/uploads/', '/elsewhere/a.webp', '/uploads/%zz', '/uploads/a%00b']) expect(keyOfUploadUrl(bad)).toBeNull();
  });
});

describe('where browsers load an upload from', () => {
  it('names the key under S3_PUBLIC_URL when set, encoded as the redirect does, and leaves other URLs alone', () => {
    const cdn = { publicBaseUrl: 'https://cdn.example.com/market' };
    expect(browserUrlOf(cdn, '/uploads/ab/abc-480w.webp')).toBe('https://cdn.example.com/market/ab/abc-480w.webp');
    expect(browserUrlOf(cdn, '/uploads/share/x%20y.jpg')).toBe('https://cdn.example.com/market/share/x%20y.jpg');
    expect(browserUrlOf(cdn, 'https://elsewhere.example/a.png')).toBe('https://elsewhere.example/a.png');
    expect(browserUrlOf(cdn, '/icons/icon-192.png')).toBe('/icons/icon-192.png');
    expect(browserUrlOf({ publicBaseUrl: null }, '/uploads/ab/abc.webp')).toBe('/uploads/ab/abc.webp');
  });
});
