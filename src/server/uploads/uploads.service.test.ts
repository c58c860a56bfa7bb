import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../testing/factories';
import { createTestEnv, type TestEnv } from '../testing/test-app';
import { findReferencedUrls } from './uploads.repository';
import { IMAGE_TOO_LARGE, NOT_AN_IMAGE, UPLOAD_MAX_BYTES } from '../../shared/constants';
import { variantUrl } from '../../shared/responsive-image';
import { shareImage } from '../catalog/share-head';
import { inTransaction } from '../db/transaction';
import { ImageSlots } from './image-slots';
import { backfillImageVariants, describeImages, imageFiles, referencedUrlsLocked, removeUploads, resolveOwnedImages, shareImageUrl, storeImage, sweepOrphanUploads } from './uploads.service';

let env: TestEnv;
let owner = 0;
let stranger = 0;

beforeAll(async () => {
  env = createTestEnv();
  owner = await createUser(env);
  stranger = await createUser(env);
});
afterAll(async () => {
  await env.db.destroy();
});

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } }).png().toBuffer();

const fileOf = (url: string) => path.join(env.config.uploadsDir, url.slice('/uploads/'.length));

describe('storeImage', () => {
  it('re-encodes a real image as WebP, resized, with a thumbnail, and records its owner', async () => {
    const stored = await storeImage(env.db, env.config.storage, owner, await png(3000, 1500), env.clock.now);
    expect(stored.url).toMatch(/^\/uploads\/[0-9a-f]{2}\/[0-9a-f]{32}\.webp$/);
    expect(stored).toMatchObject({ width: 1600, height: 800 });
    const main = await sharp(fs.readFileSync(fileOf(stored.url))).metadata();
    const thumb = await sharp(fs.readFileSync(fileOf(stored.thumbUrl))).metadata();
    expect(main.format).toBe('webp');
    expect(Math.max(thumb.width ?? 0, thumb.height ?? 0)).toBe(480);
    const row = await env.db.selectFrom('uploads').selectAll().where('url', '=', stored.url).executeTakeFirstOrThrow();
    expect(row.owner_id).toBe(owner);
  });

  it('writes narrower copies for srcset, never wider than the image, and records their widths', async () => {
    const wide = await storeImage(env.db, env.config.storage, owner, await png(3000, 1500), env.clock.now);
    expect(wide.widths).toEqual([160, 320, 480, 640, 1024]);
    for (const w of wide.widths) {
      const meta = await sharp(fs.readFileSync(fileOf(variantUrl(wide.url, w)))).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', w, w / 2]);
    }
    const small = await storeImage(env.db, env.config.storage, owner, await png(500, 700), env.clock.now);
    expect(small).toMatchObject({ width: 500, height: 700, widths: [160, 320, 480] });
    const tiny = await storeImage(env.db, env.config.storage, owner, await png(150, 100), env.clock.now);
    expect(tiny.widths).toEqual([]);
    const rows = await env.db.selectFrom('uploads').select(['url', 'variant_widths']).where('url', 'in', [wide.url, small.url, tiny.url]).execute();
    expect(Object.fromEntries(rows.map((r) => [r.url, r.variant_widths]))).toEqual({ [wide.url]: '160,320,480,640,1024', [small.url]: '160,320,480', [tiny.url]: '' });
    const described = await describeImages(env.db, env.config.storage, [wide.url, tiny.url, '/uploads/aa/unknown.webp', null]);
    expect(described.get(wide.url)).toEqual({ url: wide.url, thumbUrl: wide.thumbUrl, width: 1600, height: 800, widths: [160, 320, 480, 640, 1024] });
    expect(described.get(tiny.url)).toEqual({ url: tiny.url, thumbUrl: tiny.thumbUrl, width: 150, height: 100, widths: [] });
    expect(described.get('/uploads/aa/unknown.webp')).toBeUndefined();
    // Without a public base URL browsers load uploads from the app itself.
    expect(described.urlOf(wide.url)).toBe(wide.url);
  });

  it('refuses text, a corrupt image, SVG and an empty file, by content', async () => {
    const before = await env.db.selectFrom('uploads').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const corrupt = (await png(50, 50)).subarray(0, 60);
    for (const data of [
      Buffer.from('hello, I am a .png by name only'),
      corrupt,
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
      Buffer.alloc(0),
    ]) {
      await expect(storeImage(env.db, env.config.storage, owner, data, env.clock.now)).rejects.toThrow(NOT_AN_IMAGE);
    }
    const after = await env.db.selectFrom('uploads').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('refuses more than 5 MB', async () => {
    await expect(storeImage(env.db, env.config.storage, owner, Buffer.alloc(UPLOAD_MAX_BYTES + 1), env.clock.now)).rejects.toThrow(IMAGE_TOO_LARGE);
  });
});

describe('resolveOwnedImages and removeUploads', () => {
  it("accepts the user's own uploads, refuses another user's, and removes files and rows", async () => {
    const mine = await storeImage(env.db, env.config.storage, owner, await png(400, 100), env.clock.now);
    expect(await resolveOwnedImages(env.db, owner, [mine.url])).toEqual([{ url: mine.url, thumbUrl: mine.thumbUrl }]);
    await expect(resolveOwnedImages(env.db, stranger, [mine.url])).rejects.toThrow(/not uploaded by you/);
    await expect(resolveOwnedImages(env.db, owner, ['/uploads/../../etc/passwd'])).rejects.toThrow(/not uploaded by you/);

    const mineFiles = imageFiles({ url: mine.url, thumbUrl: mine.thumbUrl, widths: mine.widths });
    expect(mineFiles).toHaveLength(4);
    const share = await shareImage(env.config.storage, mine.url);
    expect(share).toBe(shareImageUrl(mine.url));
    for (const url of [...mineFiles, share!]) expect(fs.existsSync(fileOf(url)), url).toBe(true);
    await removeUploads(env.db, env.config.storage, [mine.url, null, 'https://elsewhere.example/x.png']);
    for (const url of [...mineFiles, share!]) expect(fs.existsSync(fileOf(url)), url).toBe(false);
    expect(await env.db.selectFrom('uploads').selectAll().where('url', '=', mine.url).execute()).toEqual([]);
  });
});

describe('findReferencedUrls', () => {
  it('finds images shown by products (and thumbnails), shops, sliders and categories, and can skip one product', async () => {
    const shop = await env.db
      .insertInto('shops')
      .values({ owner_id: owner, name: 'S', slug: 'ref-shop', whatsapp_number: '1', currency: 'USD', logo_url: '/uploads/aa/logo.webp' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const product = await env.db
      .insertInto('products')
      .values({ shop_id: shop.id, name: 'P', slug: 'ref-p', selling_price: 1, currency: 'USD', stock_amount: 1, unit: 'pieces' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await env.db
      .insertInto('product_images')
      .values({ product_id: product.id, url: '/uploads/aa/p.webp', thumb_url: '/uploads/aa/p-thumb.webp', position: 0, is_primary: 1 })
      .execute();
    await env.db.insertInto('sliders').values({ title: null, image_url: '/uploads/aa/slide.webp', redirect_url: '/browse' }).execute();
    const all = ['/uploads/aa/logo.webp', '/uploads/aa/p.webp', '/uploads/aa/p-thumb.webp', '/uploads/aa/slide.webp', '/uploads/aa/free.webp'];
    expect([...(await findReferencedUrls(env.db, all))].sort()).toEqual(all.slice(0, 4).sort());
    expect([...(await findReferencedUrls(env.db, all, { skipProductId: product.id }))].sort()).toEqual(
      ['/uploads/aa/logo.webp', '/uploads/aa/slide.webp'].sort(),
    );
    expect(await findReferencedUrls(env.db, [])).toEqual(new Set());
  });
});

describe('sweepOrphanUploads', () => {
  it('removes only uploads that nothing shows and that are past the grace period', async () => {
    const old = new Date(env.clock.now.getTime() - 48 * 3_600_000);
    const abandoned = await storeImage(env.db, env.config.storage, owner, await png(700, 20), old);
    const kept = await storeImage(env.db, env.config.storage, owner, await png(20, 20), old);
    const fresh = await storeImage(env.db, env.config.storage, owner, await png(20, 20), env.clock.now);
    await env.db.insertInto('sliders').values({ title: 'Kept', image_url: kept.url, redirect_url: '/browse' }).execute();

    expect(await sweepOrphanUploads(env.db, env.config.storage, env.clock.now)).toBeGreaterThanOrEqual(1);
    expect(fs.existsSync(fileOf(abandoned.url))).toBe(false);
    expect(fs.existsSync(fileOf(abandoned.thumbUrl))).toBe(false);
    expect(abandoned.widths).toEqual([160, 320, 480, 640]);
    for (const w of abandoned.widths) expect(fs.existsSync(fileOf(variantUrl(abandoned.url, w)))).toBe(false);
    expect(fs.existsSync(fileOf(kept.url))).toBe(true);
    expect(fs.existsSync(fileOf(fresh.url))).toBe(true);
    const left = (await env.db.selectFrom('uploads').select('url').execute()).map((r) => r.url);
    expect(left).toEqual(expect.arrayContaining([kept.url, fresh.url]));
    expect(left).not.toContain(abandoned.url);
  });

  it('keeps an old upload that a transaction is attaching at that very moment (several instances: the sweep runs beside requests)', async () => {
    const image = await storeImage(env.db, env.config.storage, owner, await png(30, 30), new Date(env.clock.now.getTime() - 48 * 3_600_000));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let lockTaken!: () => void;
    const locked = new Promise<void>((resolve) => (lockTaken = resolve));
    // As a slider being added does: check the image is free (locking it), then point at it.
    const attaching = inTransaction(env.db, async (trx) => {
      expect((await referencedUrlsLocked(trx, [image.url])).size).toBe(0);
      lockTaken();
      await held;
      await trx.insertInto('sliders').values({ title: 'Racing', image_url: image.url, redirect_url: '/browse' }).execute();
    });
    await locked;
    const sweeping = sweepOrphanUploads(env.db, env.config.storage, env.clock.now);
    await new Promise((resolve) => setTimeout(resolve, 300)); // the sweep reaches the image meanwhile
    release();
    await attaching;
    await sweeping;
    expect(fs.existsSync(fileOf(image.url))).toBe(true);
    expect(await env.db.selectFrom('uploads').select('url').where('url', '=', image.url).execute()).toHaveLength(1);
  });
});

describe('backfillImageVariants', () => {
  it('makes the missing copies of earlier uploads from their stored original, once', async () => {
    const earlier = await storeImage(env.db, env.config.storage, owner, await png(1200, 900), env.clock.now);
    // As uploaded before copies existed: no copies on disk, none recorded.
    for (const w of earlier.widths) fs.rmSync(fileOf(variantUrl(earlier.url, w)));
    await env.db.updateTable('uploads').set({ variant_widths: null, variants_for: null }).where('url', '=', earlier.url).execute();
    const lost = await storeImage(env.db, env.config.storage, owner, await png(900, 900), env.clock.now);
    fs.rmSync(fileOf(lost.url));
    await env.db.updateTable('uploads').set({ variant_widths: null, variants_for: null }).where('url', '=', lost.url).execute();

    // The process's image slots (one, and a queue of one), taken by an upload when it starts: it waits its turn.
    const slots = new ImageSlots(1, 1);
    let uploadDone = () => {};
    const upload = slots.run(() => new Promise<void>((resolve) => (uploadDone = resolve)));
    const backfill = backfillImageVariants(env.db, env.config.storage, slots);
    await expect.poll(() => slots.isFull()).toBe(true);
    expect(fs.existsSync(fileOf(variantUrl(earlier.url, 320)))).toBe(false);
    uploadDone();
    await upload;
    expect(await backfill).toBe(2);
    const row = await env.db.selectFrom('uploads').select('variant_widths').where('url', '=', earlier.url).executeTakeFirstOrThrow();
    expect(row.variant_widths).toBe('160,320,480,640,1024');
    for (const w of [160, 320, 480, 640, 1024]) {
      expect((await sharp(fs.readFileSync(fileOf(variantUrl(earlier.url, w)))).metadata()).width).toBe(w);
    }
    // A missing original is recorded as having no copies, so it is not retried at every start.
    expect((await describeImages(env.db, env.config.storage, [lost.url])).get(lost.url)?.widths).toEqual([]);
    expect(await backfillImageVariants(env.db, env.config.storage, slots)).toBe(0);
  });

  it('adds the copies a new width asks for to uploads made before it, keeping the ones they have; a store failing leaves an upload for the next start', async () => {
    // As stored before the 160 px copy existed (migration 2026_12_01_010000 records them so).
    const before = async (width: number, height: number) => {
      const image = await storeImage(env.db, env.config.storage, owner, await png(width, height), env.clock.now);
      fs.rmSync(fileOf(variantUrl(image.url, 160)));
      const old = image.widths.filter((w) => w !== 160);
      await env.db.updateTable('uploads').set({ variant_widths: old.join(','), variants_for: '320,480,640,1024' }).where('url', '=', image.url).execute();
      return { ...image, widths: old };
    };
    const logo = await before(600, 600);
    const lost = await before(800, 400);
    fs.rmSync(fileOf(lost.url));
    const flaky = await before(700, 700);
    const copyOf = (url: string, w: number) => fs.readFileSync(fileOf(variantUrl(url, w)));
    const kept = copyOf(logo.url, 320);
    // The store fails to read one original this time (a bucket out of reach for a moment).
    const storage = env.config.storage;
    const failing = { ...storage, get: (key: string) => (`/uploads/${key}` === flaky.url ? Promise.reject(new Error('ECONNRESET')) : storage.get(key)) };

    const slots = new ImageSlots(1, 1);
    let uploadDone = () => {};
    const upload = slots.run(() => new Promise<void>((resolve) => (uploadDone = resolve)));
    const backfill = backfillImageVariants(env.db, failing, slots);
    await expect.poll(() => slots.isFull()).toBe(true);
    // Meanwhile the views keep drawing the copies it has.
    expect((await describeImages(env.db, env.config.storage, [logo.url])).get(logo.url)?.widths).toEqual([320, 480]);
    uploadDone();
    await upload;
    expect(await backfill).toBe(2);
    // The one the store could not read is left as it was, and made at the next start.
    expect((await describeImages(env.db, env.config.storage, [flaky.url])).get(flaky.url)?.widths).toEqual([320, 480, 640]);
    expect(await backfillImageVariants(env.db, env.config.storage, slots)).toBe(1);
    expect((await describeImages(env.db, env.config.storage, [flaky.url])).get(flaky.url)?.widths).toEqual([160, 320, 480, 640]);

    expect((await describeImages(env.db, env.config.storage, [logo.url])).get(logo.url)?.widths).toEqual([160, 320, 480]);
    expect((await sharp(copyOf(logo.url, 160)).metadata()).width).toBe(160);
    expect(copyOf(logo.url, 320).equals(kept)).toBe(true);
    // Its original gone, an upload keeps the copies it had, and is not retried at every start.
    expect((await describeImages(env.db, env.config.storage, [lost.url])).get(lost.url)?.widths).toEqual([320, 480, 640]);
    expect(fs.existsSync(fileOf(variantUrl(lost.url, 160)))).toBe(false);
    expect(await backfillImageVariants(env.db, env.config.storage, slots)).toBe(0);
  });
});
