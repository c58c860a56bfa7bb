// `npm run copy-uploads` (issue 12, item 5): an uploads folder copied into the S3 test server through
// the app's own storage, checked byte for byte, then run again.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3, type TestS3 } from '../../../scripts/services/s3.mjs';
import { CopyUploadsError, copyUploads } from './copy-uploads';
import { s3Storage } from './storage';

let s3: TestS3;
beforeAll(async () => {
  s3 = await startS3({ buckets: [] });
});
afterAll(() => s3.stop());

let bucketCount = 0;
function newBucket() {
  const bucket = `copy-${++bucketCount}`;
  s3.createBucket(bucket);
  return { bucket, storage: s3Storage({ endpoint: s3.endpoint, bucket, region: s3.region, accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey }) };
}

/** A folder laid out as the app writes it: images in two-letter folders, share images, a write in progress. */
async function uploadsFolder() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'copy-uploads-'));
  const webp = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#0a7' } }).webp().toBuffer();
  const jpeg = await sharp({ create: { width: 60, height: 30, channels: 3, background: '#a70' } }).jpeg().toBuffer();
  const files: Record<string, Buffer> = {
    'ab/abcdef.webp': webp,
    'ab/abcdef-thumb.webp': webp.subarray(0, 100),
    'ab/abcdef-320.webp': Buffer.concat([webp, webp]),
    'cd/cdefab.webp': Buffer.alloc(0),
    'share/shop-1.jpg': jpeg,
  };
  for (const [key, data] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, key)), { recursive: true });
    fs.writeFileSync(path.join(dir, key), data);
  }
  fs.writeFileSync(path.join(dir, 'ab', 'half.webp.0123456789ab.tmp'), 'half written');
  return { dir, files };
}

describe('copying the uploads folder into a bucket', () => {
  it('puts every file under its path as key, byte for byte with its type, and leaves writes in progress behind', async () => {
    const { dir, files } = await uploadsFolder();
    const { bucket, storage } = newBucket();
    const result = await copyUploads({ from: dir, to: storage });
    const bytes = Object.values(files).reduce((sum, data) => sum + data.length, 0);
    expect(result).toEqual({ files: 5, bytes, copied: 5, copiedBytes: bytes, skipped: 0 });
    expect(s3.keys(bucket)).toEqual(Object.keys(files).sort());
    for (const [key, data] of Object.entries(files)) expect(s3.read(bucket, key)?.equals(data), key).toBe(true);
    expect((await fetch(s3.publicUrl(bucket, 'share/shop-1.jpg'))).headers.get('content-type')).toBe('image/jpeg');
    expect((await fetch(s3.publicUrl(bucket, 'ab/abcdef.webp'))).headers.get('content-type')).toBe('image/webp');
  });

  it('copies again only what is missing or has another size', async () => {
    const { dir, files } = await uploadsFolder();
    const { bucket, storage } = newBucket();
    await copyUploads({ from: dir, to: storage });
    expect(await copyUploads({ from: dir, to: storage })).toMatchObject({ files: 5, copied: 0, copiedBytes: 0, skipped: 5 });

    await storage.delete(['ab/abcdef-thumb.webp']);
    const grown = Buffer.concat([files['share/shop-1.jpg']!, Buffer.from('more')]);
    fs.writeFileSync(path.join(dir, 'share/shop-1.jpg'), grown);
    fs.writeFileSync(path.join(dir, 'new.webp'), 'new');
    expect(await copyUploads({ from: dir, to: storage })).toMatchObject({ files: 6, copied: 3, skipped: 3 });
    expect(s3.read(bucket, 'share/shop-1.jpg')?.equals(grown)).toBe(true);
    expect(s3.read(bucket, 'ab/abcdef-thumb.webp')?.equals(files['ab/abcdef-thumb.webp']!)).toBe(true);
    expect(s3.read(bucket, 'new.webp')?.toString()).toBe('new');
  });

  it('says which folder is missing, and which bucket it cannot reach, before copying anything', async () => {
    const { storage } = newBucket();
    const missing = path.join(os.tmpdir(), 'no-such-uploads-folder');
    await expect(copyUploads({ from: missing, to: storage })).rejects.toThrow(new CopyUploadsError(`The uploads folder ${missing} does not exist (set UPLOADS_DIR, or pass --from FOLDER).`));
    const { dir } = await uploadsFolder();
    const absent = s3Storage({ endpoint: s3.endpoint, bucket: 'never-created', region: s3.region, accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey });
    await expect(copyUploads({ from: dir, to: absent })).rejects.toThrow(`bucket "never-created" at ${s3.endpoint}: it does not exist. Nothing was copied.`);
  });
});

describe('npm run copy-uploads', () => {
  const repo = path.resolve(import.meta.dirname, '../../..');
  // Asynchronous: the S3 server answers from this process.
  const run = (env: Record<string, string>, args: string[] = []) =>
    promisify(execFile)('npm', ['run', '--silent', 'copy-uploads', '--', ...args], { cwd: repo, env: { ...process.env, ...env } }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
    );

  it('copies with counts and a verification, skips everything the second time, and exits non-zero on a missing folder or bucket', async () => {
    const { dir, files } = await uploadsFolder();
    const { bucket } = newBucket();
    const env = { UPLOADS_DIR: dir, S3_ENDPOINT: s3.endpoint, S3_BUCKET: bucket, S3_REGION: s3.region, S3_ACCESS_KEY_ID: s3.accessKeyId, S3_SECRET_ACCESS_KEY: s3.secretAccessKey };
    const bytes = Object.values(files).reduce((sum, data) => sum + data.length, 0);

    const first = await run(env);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toContain(`5 files (`);
    expect(first.stdout).toContain(`5 copied`);
    expect(first.stdout).toContain(`Verified: all 5 files are in the bucket with their sizes (${bytes} bytes)`);
    for (const [key, data] of Object.entries(files)) expect(s3.read(bucket, key)?.equals(data), key).toBe(true);

    const again = await run(env);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('0 copied (0 KB), 5 already there with the same size');

    const noFolder = await run({ ...env, UPLOADS_DIR: path.join(dir, 'gone') });
    expect(noFolder.code).toBe(1);
    expect(noFolder.stderr).toContain(`The uploads folder ${path.join(dir, 'gone')} does not exist`);
    const noBucket = await run({ ...env, S3_ENDPOINT: 'http://127.0.0.1:9' });
    expect(noBucket.code).toBe(1);
    expect(noBucket.stderr).toContain(`Cannot use the bucket "${bucket}" at http://127.0.0.1:9`);
    const noSettings = await run({ UPLOADS_DIR: dir, S3_BUCKET: '', S3_ACCESS_KEY_ID: '', S3_SECRET_ACCESS_KEY: '' });
    expect(noSettings.code).toBe(2);
    expect(noSettings.stderr).toContain('Set S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY');
  }, 60_000);
});
