// The marketplace's logo (issue 47): an admin sends it to POST /api/settings/logo; it is cropped square
// on the server, the installed app's icons (192, 512, maskable 512) and the favicon are made from it,
// the manifest and every page's head name them, and the change is in the activity log. A bad file (not
// an image, an SVG, another format, over 5 MB) is refused with a message for the field and leaves
// nothing behind. Without a logo, today's icons stay.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShareHeadRenderer } from '../catalog/share-head';
import { LOGO_FORMAT, LOGO_NOT_SVG, LOGO_TOO_LARGE } from '../../shared/schemas/settings';
import { createUser, pngImage } from '../testing/factories';
import { countRows, createTestEnv, type TestEnv } from '../testing/test-app';
import { rawRequest, signInOverHttp, startTestServer, type TestServer } from '../testing/test-server';
import { sweepOrphanUploads } from '../uploads/uploads.service';

let env: TestEnv;
let server: TestServer;
let adminCookie = '';
let adminId = 0;
const base = () => `http://127.0.0.1:${server.port}`;

beforeAll(async () => {
  env = createTestEnv();
  adminId = await createUser(env, { email: 'logo-admin@example.test', roles: ['admin'] });
  await createUser(env, { email: 'logo-shopkeeper@example.test', roles: ['shopkeeper'], isPro: true });
  // Share images are drawn into the upload storage, as index.ts wires it.
  server = await startTestServer({ renderHead: createShareHeadRenderer(env.db, env.config.storage) }, env);
  fs.copyFileSync('public/manifest.webmanifest', path.join(env.dir, 'client', 'manifest.webmanifest'));
  adminCookie = await signInOverHttp(server.port, 'logo-admin@example.test');
});

afterAll(async () => {
  await server.close();
  await env.db.destroy();
});

async function sendLogo(data: Buffer, type = 'image/png', cookie = adminCookie, language?: 'ur') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(data)], { type }), 'logo');
  const reply = await fetch(`${base()}/api/settings/logo`, { method: 'POST', headers: { cookie, origin: base(), ...(language ? { 'x-language': language } : {}) }, body: form });
  return { status: reply.status, body: (await reply.json()) as { url?: string; message?: string; field?: string } };
}

/** A PNG's width and height, read from its IHDR chunk (no image library: the bytes the browser gets). */
function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  expect(png.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

async function fetchBytes(url: string): Promise<Buffer> {
  const reply = await fetch(`${base()}${url}`);
  expect(reply.status, url).toBe(200);
  return Buffer.from(await reply.arrayBuffer());
}

type Icon = { src: string; sizes: string; type: string; purpose: string };
const manifest = async () => (await rawRequest(server.port, '/manifest.webmanifest')).json<{ icons: Icon[] }>();
const head = async () => (await rawRequest(server.port, '/browse')).text;
const linkHref = (html: string, rel: string) => new RegExp(`<link rel="${rel}" href="([^"]+)"`).exec(html)?.[1];
const uploadedFiles = () => (fs.existsSync(env.config.uploadsDir) ? fs.readdirSync(env.config.uploadsDir, { recursive: true }).map(String).filter((f) => f.includes('.')) : []);
const logoRow = async () => (await env.db.selectFrom('marketplace_settings').select('logo_url').executeTakeFirst())?.logo_url ?? null;
const logoEntries = () => env.db.selectFrom('activity_log').select(['action', 'actor_user_id', 'changes']).where('subject_type', '=', 'settings').orderBy('id').execute();

describe('the marketplace logo', () => {
  it('without one, the manifest and pages keep today\'s icons', async () => {
    expect((await manifest()).icons.map((icon) => icon.src)).toEqual(['/icons/icon-192.png', '/icons/icon-512.png', '/icons/maskable-192.png', '/icons/maskable-512.png']);
    expect(linkHref(await head(), 'icon')).toBeUndefined();
    expect((await env.as(null).settings.site()).logo).toBeNull();
  });

  it('refuses an SVG, a file that is not an image, another format and one over 5 MB, by the field, keeping nothing', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><script>alert(1)</script><rect width="64" height="64" fill="red"/></svg>');
    const gif = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#123456' } }).gif().toBuffer();
    // A real PNG over 5 MB: noise does not compress.
    const noise = Buffer.alloc(1400 * 1400 * 3);
    for (let i = 0; i < noise.length; i += 1) noise[i] = (i * 2654435761) >>> 24;
    const huge = await sharp(noise, { raw: { width: 1400, height: 1400, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
    expect(huge.length).toBeGreaterThan(5 * 1024 * 1024);
    const cases: Array<[Buffer, string, number, string]> = [
      [svg, 'image/svg+xml', 400, LOGO_NOT_SVG],
      [svg, 'image/png', 400, LOGO_NOT_SVG],
      [Buffer.from('just some text, not an image'), 'image/png', 400, LOGO_FORMAT],
      [gif, 'image/gif', 400, LOGO_FORMAT],
      [Buffer.alloc(0), 'image/png', 400, LOGO_FORMAT],
      [huge, 'image/png', 413, LOGO_TOO_LARGE],
    ];
    for (const [data, type, status, message] of cases) {
      expect(await sendLogo(data, type)).toEqual({ status, body: { message, field: status === 413 ? undefined : 'logo' } });
    }
    // In the page's language.
    expect((await sendLogo(svg, 'image/svg+xml', adminCookie, 'ur')).body.message).toContain('SVG');
    expect((await sendLogo(svg, 'image/svg+xml', adminCookie, 'ur')).body.message).not.toBe(LOGO_NOT_SVG);
    // Only an admin.
    expect((await sendLogo(await pngImage(), 'image/png', '')).status).toBe(401);
    expect((await sendLogo(await pngImage(), 'image/png', await signInOverHttp(server.port, 'logo-shopkeeper@example.test'))).status).toBe(403);
    expect(await logoRow()).toBeNull();
    expect(await countRows(env.db, 'uploads')).toBe(0);
    expect(uploadedFiles()).toEqual([]);
    expect(await logoEntries()).toEqual([]);
  });

  it('is cropped square around its centre; its icons and favicon are made at their sizes and named by the manifest and every page', async () => {
    // 300 x 200: a red band in the middle of white, so the centre crop keeps the red and cuts the sides.
    const wide = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#ffffff' } })
      .composite([{ input: await pngImage('#c81e1e', 200, 200), left: 50, top: 0 }])
      .png()
      .toBuffer();
    const sent = await sendLogo(wide);
    expect(sent.status).toBe(201);
    const logo = await logoRow();
    expect(logo).toMatch(/^\/uploads\/.+\.webp$/);
    expect(sent.body.url).toBe(logo);
    const stored = await sharp(await fetchBytes(logo!)).stats();
    const square = await sharp(await fetchBytes(logo!)).metadata();
    expect([square.width, square.height]).toEqual([200, 200]);
    // All red: the white sides were cut off.
    expect(stored.channels[1]!.max).toBeLessThan(60);

    const icons = (await manifest()).icons;
    expect(icons.map(({ sizes, type, purpose }) => ({ sizes, type, purpose }))).toEqual([
      { sizes: '192x192', type: 'image/png', purpose: 'any' },
      { sizes: '512x512', type: 'image/png', purpose: 'any' },
      { sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ]);
    for (const icon of icons) {
      const side = Number(icon.sizes.split('x')[0]);
      expect(pngSize(await fetchBytes(icon.src)), icon.src).toEqual({ width: side, height: side });
    }
    // The maskable icon keeps the logo inside the safe zone, on the logo's own background.
    const maskable = await sharp(await fetchBytes(icons[2]!.src)).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...maskable.data.subarray((y * 512 + x) * maskable.info.channels, (y * 512 + x) * maskable.info.channels + 3)];
    expect(pixel(256, 256)[0]).toBeGreaterThan(180);
    expect(pixel(256, 256)[1]).toBeLessThan(60);
    expect(pixel(4, 4)).toEqual(pixel(256, 256));

    const html = await head();
    expect(pngSize(await fetchBytes(linkHref(html, 'icon')!))).toEqual({ width: 32, height: 32 });
    expect(pngSize(await fetchBytes(linkHref(html, 'apple-touch-icon')!))).toEqual({ width: 180, height: 180 });
    // Only the logo's favicon: index.html's is replaced.
    expect(html.match(/<link rel="icon"/g)).toHaveLength(1);
    expect(await env.as(null).settings.site()).toMatchObject({ logo: { url: logo, icon: icons[0]!.src } });
    // Share images and JSON-LD (Organization logo) where the page has no image of its own.
    const og = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1];
    expect(og).toMatch(/\/uploads\/share\/\w+\.jpg$/);
    expect(await sharp(await fetchBytes(new URL(og!).pathname)).metadata()).toMatchObject({ width: 1200, height: 630 });
    const organization = [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((m) => JSON.parse(m[1]!) as { '@type': string; logo?: string }).find((data) => data['@type'] === 'Organization');
    expect(organization?.logo).toMatch(/-icon-512\.png$/);

    expect(await logoEntries()).toEqual([{ action: 'settings.logo_changed', actor_user_id: adminId, changes: JSON.stringify({ logo: [null, logo] }) }]);
  });

  it('stays through the sweep of abandoned uploads; a new one replaces it and its files', async () => {
    const first = (await logoRow())!;
    const filesBefore = uploadedFiles();
    expect(filesBefore.filter((file) => file.includes(path.basename(first, '.webp'))).length).toBeGreaterThanOrEqual(6);
    expect(await sweepOrphanUploads(env.db, env.config.storage, new Date(Date.now() + 48 * 3_600_000))).toBe(0);
    expect(await logoRow()).toBe(first);

    expect((await sendLogo(await pngImage('#1d4ed8', 600, 600), 'image/jpeg')).status).toBe(201);
    const second = (await logoRow())!;
    expect(second).not.toBe(first);
    expect(uploadedFiles().filter((file) => file.includes(path.basename(first, '.webp')))).toEqual([]);
    expect(await countRows(env.db, 'uploads')).toBe(1);
    expect((await manifest()).icons[0]!.src).toContain(path.basename(second, '.webp'));
  });

  it('removed by the admin, today\'s icons come back and its files go', async () => {
    const logo = (await logoRow())!;
    await expect(env.as(null).settings.removeLogo()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect(await logoRow()).toBe(logo);
    // Through the server (its caches forget the logo as after any mutation).
    const reply = await fetch(`${base()}/api/trpc/settings.removeLogo`, { method: 'POST', headers: { 'content-type': 'application/json', origin: base(), cookie: adminCookie }, body: '{}' });
    expect(reply.status).toBe(200);
    expect(await logoRow()).toBeNull();
    expect((await manifest()).icons[0]!.src).toBe('/icons/icon-192.png');
    expect(linkHref(await head(), 'icon')).toBeUndefined();
    expect(uploadedFiles().filter((file) => !file.startsWith('share'))).toEqual([]);
    expect(await countRows(env.db, 'uploads')).toBe(0);
    expect((await logoEntries()).map((entry) => entry.action)).toEqual(['settings.logo_changed', 'settings.logo_changed', 'settings.logo_removed']);
  });
});
