import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDIRECT_URL_INVALID, REDIRECT_URL_REQUIRED } from '../../shared/schemas/slider';
import { createShop, createUser, uploadImage } from '../testing/factories';
import { countRows, createTestEnv, type TestEnv } from '../testing/test-app';
import { IMAGE_IN_USE } from './sliders.service';

let env: TestEnv;
let adminId = 0;
let buyerId = 0;
let shopkeeperId = 0;

beforeAll(async () => {
  env = createTestEnv();
  adminId = await createUser(env, { roles: ['admin'] });
  buyerId = await createUser(env, { roles: ['buyer'] });
  shopkeeperId = await createUser(env, { roles: ['shopkeeper'], trialStartAt: env.clock.now });
});
afterAll(async () => {
  await env.db.destroy();
});

const fileOf = (url: string) => path.join(env.config.uploadsDir, url.slice('/uploads/'.length));
const upload = (owner = adminId) => uploadImage(env, owner);
const sliderCount = () => countRows(env.db, 'sliders');

async function expectRefused(call: (userId: number | null) => Promise<unknown>) {
  await expect(call(null)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  await expect(call(buyerId)).rejects.toMatchObject({ code: 'FORBIDDEN' });
  await expect(call(shopkeeperId)).rejects.toMatchObject({ code: 'FORBIDDEN' });
}

describe('sliders', () => {
  it('adds sliders (admin only); the public list shows active ones in display order', async () => {
    const a = await upload();
    const b = await upload();
    const c = await upload();
    const before = await sliderCount();
    await expectRefused((u) => env.as(u).sliders.add({ imageUrl: a.url, redirectUrl: '/browse' }));
    await expectRefused((u) => env.as(u).sliders.adminList());
    expect(await sliderCount()).toBe(before);

    const first = await env.as(adminId).sliders.add({ title: 'Second', imageUrl: a.url, redirectUrl: '/product/example', displayOrder: 2 });
    const second = await env.as(adminId).sliders.add({ title: '', imageUrl: b.url, redirectUrl: 'https://example.com/sale' });
    const third = await env.as(adminId).sliders.add({ title: 'Third', imageUrl: c.url, redirectUrl: '/shops', displayOrder: 2 });

    expect((await env.as(null).sliders.listActive()).map(({ image, ...slider }) => ({ ...slider, url: image.url }))).toEqual([
      { id: second.id, title: null, url: b.url, redirectUrl: 'https://example.com/sale' },
      { id: first.id, title: 'Second', url: a.url, redirectUrl: '/product/example' },
      { id: third.id, title: 'Third', url: c.url, redirectUrl: '/shops' },
    ]);

    // Reordering changes the carousel.
    await expectRefused((u) => env.as(u).sliders.setDisplayOrder({ id: third.id, displayOrder: 0 }));
    await env.as(adminId).sliders.setDisplayOrder({ id: third.id, displayOrder: 0 });
    await env.as(adminId).sliders.setDisplayOrder({ id: second.id, displayOrder: 5 });
    expect((await env.as(null).sliders.listActive()).map((s) => s.id)).toEqual([third.id, first.id, second.id]);

    // Deactivated sliders leave the carousel but stay on the admin list.
    await expectRefused((u) => env.as(u).sliders.setActive({ id: first.id, isActive: false }));
    await env.as(adminId).sliders.setActive({ id: first.id, isActive: false });
    expect((await env.as(buyerId).sliders.listActive()).map((s) => s.id)).toEqual([third.id, second.id]);
    const all = await env.as(adminId).sliders.adminList();
    expect(all.find((s) => s.id === first.id)).toMatchObject({ isActive: false, displayOrder: 2, title: 'Second' });
  });

  it('refuses bad input with clear messages and adds nothing', async () => {
    const image = await upload();
    const foreign = await upload(buyerId);
    const before = await sliderCount();
    await expect(env.as(adminId).sliders.add({ imageUrl: image.url, redirectUrl: '' })).rejects.toMatchObject({ message: REDIRECT_URL_REQUIRED });
    await expect(env.as(adminId).sliders.add({ imageUrl: image.url, redirectUrl: 'javascript:alert(1)' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: REDIRECT_URL_INVALID,
    });
    await expect(env.as(adminId).sliders.add({ imageUrl: image.url, redirectUrl: '//evil.example' })).rejects.toMatchObject({ message: REDIRECT_URL_INVALID });
    await expect(env.as(adminId).sliders.add({ imageUrl: '', redirectUrl: '/browse' })).rejects.toMatchObject({ message: 'Please upload an image' });
    await expect(env.as(adminId).sliders.add({ imageUrl: 'https://evil.example/x.png', redirectUrl: '/browse' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    await expect(env.as(adminId).sliders.add({ imageUrl: foreign.url, redirectUrl: '/browse' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect(await sliderCount()).toBe(before);
    // An image already shown by a slider (or a shop) is refused, so deleting one record never breaks another.
    await env.as(adminId).sliders.add({ imageUrl: image.url, redirectUrl: '/browse' });
    await expect(env.as(adminId).sliders.add({ imageUrl: image.url, redirectUrl: '/shops' })).rejects.toMatchObject({ message: IMAGE_IN_USE });
    const { logoUrl } = await createShop(env, { owner: adminId, logo: true });
    await expect(env.as(adminId).sliders.add({ imageUrl: logoUrl!, redirectUrl: '/shops' })).rejects.toMatchObject({ message: IMAGE_IN_USE });
    expect(await sliderCount()).toBe(before + 1);
  });

  it('deletes a slider and its image files; deleting again says not found', async () => {
    const image = await upload();
    const { id } = await env.as(adminId).sliders.add({ imageUrl: image.url, redirectUrl: '/browse' });
    await expectRefused((u) => env.as(u).sliders.delete({ id }));
    expect(fs.existsSync(fileOf(image.url))).toBe(true);
    await env.as(adminId).sliders.delete({ id });
    expect(fs.existsSync(fileOf(image.url))).toBe(false);
    expect(fs.existsSync(fileOf(image.thumbUrl))).toBe(false);
    await expect(env.as(adminId).sliders.delete({ id })).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Slider not found' });
    await expect(env.as(adminId).sliders.setActive({ id, isActive: true })).rejects.toMatchObject({ message: 'Slider not found' });
  });

  it('gives an image to one of two sliders added with it at the same moment (several connections on PostgreSQL)', async () => {
    const image = await upload();
    const before = await sliderCount();
    const results = await Promise.allSettled([1, 2].map(() => env.as(adminId).sliders.add({ imageUrl: image.url, redirectUrl: '/browse' })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.find((r) => r.status === 'rejected')).toMatchObject({ reason: { message: IMAGE_IN_USE } });
    expect(await sliderCount()).toBe(before + 1);
  });
});
