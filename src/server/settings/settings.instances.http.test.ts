// A saved setting is seen at once by another instance serving the same database (issue 47): the
// settings table is watched like every table a cached answer shows (SQLite: a second connection, as a
// second process holds, heard through data_version; PostgreSQL: two linked instances, heard through
// the table's trigger, migration 2026_12_03_010000).
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../db/client';
import { createUser, pngImage } from '../testing/factories';
import { type Instance, mutateOn, startInstance } from '../testing/instances';
import { createTestEnv, type TestEnv } from '../testing/test-app';
import { secondHandle } from '../testing/test-engine';
import { signInOverHttp } from '../testing/test-server';

let env: TestEnv;
let otherDb: DB;
let one: Instance;
let other: Instance;
let adminCookie = '';

const base = (instance: Instance) => `http://127.0.0.1:${instance.server.port}`;

/** The identity every page reads, as the browser asks for it (a public read: kept in the public cache). */
async function siteOn(instance: Instance): Promise<{ name: string; brandColour: string }> {
  const reply = await fetch(`${base(instance)}/api/trpc/settings.site`);
  return ((await reply.json()) as { result: { data: { name: string; brandColour: string } } }).result.data;
}

async function manifestOn(instance: Instance): Promise<{ name: string; theme_color: string }> {
  return (await (await fetch(`${base(instance)}/manifest.webmanifest`)).json()) as { name: string; theme_color: string };
}

beforeAll(async () => {
  env = createTestEnv();
  otherDb = await secondHandle(env);
  one = await startInstance(env, env.db);
  other = await startInstance(env, otherDb);
  fs.copyFileSync('public/manifest.webmanifest', path.join(env.dir, 'client', 'manifest.webmanifest'));
  await createUser(env, { email: 'instances-settings-admin@example.test', roles: ['admin'] });
  adminCookie = await signInOverHttp(one.server.port, 'instances-settings-admin@example.test');
});

afterAll(async () => {
  await one.stop();
  await other.stop();
  await otherDb.destroy();
  await env.db.destroy();
});

describe('the marketplace settings, on two instances of one database', () => {
  it('a name and colour saved through one instance are what the other answers next', async () => {
    // The other instance has the default in its cache.
    expect(await siteOn(other)).toMatchObject({ name: 'Marketplace', brandColour: '#0d7a6f' });
    expect(await manifestOn(other)).toMatchObject({ name: 'Marketplace', theme_color: '#0d7a6f' });

    const input = { name: 'Hunza Crafts', shortName: '', tagline: '', brandColour: '#7c2d12', supportWhatsapp: '', contactEmail: '', countryCode: '92' };
    expect(await mutateOn(one, 'settings.save', adminCookie, input)).toBe(200);

    // No waiting: the write's answer came once every instance was told.
    expect(await siteOn(other)).toMatchObject({ name: 'Hunza Crafts', brandColour: '#7c2d12' });
    expect(await manifestOn(other)).toMatchObject({ name: 'Hunza Crafts', theme_color: '#7c2d12' });
    expect(await siteOn(one)).toMatchObject({ name: 'Hunza Crafts' });
  });

  it('a write by another process (the demo seed, a script) reaches both instances\' caches too', async () => {
    expect(await siteOn(other)).toMatchObject({ name: 'Hunza Crafts' });
    // Not through either instance: SQLite sees another connection's commit (data_version), PostgreSQL the table's trigger.
    const db = await secondHandle(env);
    try {
      await db.updateTable('marketplace_settings').set({ name: 'Gilgit Goods' }).where('id', '=', 1).execute();
    } finally {
      await db.destroy();
    }
    const until = Date.now() + 5_000;
    let seen = await siteOn(other);
    while (seen.name !== 'Gilgit Goods' && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      seen = await siteOn(other);
    }
    expect(seen.name).toBe('Gilgit Goods');
    expect((await manifestOn(one)).name).toBe('Gilgit Goods');
  });

  it('a logo sent to one instance is what the other\'s manifest and pages name next; removed, today\'s icons come back on both', async () => {
    const iconsOn = async (instance: Instance) =>
      ((await (await fetch(`${base(instance)}/manifest.webmanifest`)).json()) as { icons: Array<{ src: string }> }).icons.map((icon) => icon.src);
    const faviconOn = async (instance: Instance) => /<link rel="icon" href="([^"]+)"/.exec(await (await fetch(`${base(instance)}/browse`)).text())?.[1] ?? null;
    // The other instance has today's icons in its caches.
    expect((await iconsOn(other))[0]).toBe('/icons/icon-192.png');
    expect(await faviconOn(other)).toBeNull();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await pngImage('#7c2d12', 64, 64))], { type: 'image/png' }), 'logo.png');
    const sent = await fetch(`${base(one)}/api/settings/logo`, { method: 'POST', headers: { cookie: adminCookie, origin: base(one) }, body: form });
    expect(sent.status).toBe(201);
    const { url } = (await sent.json()) as { url: string };
    const name = path.basename(url, '.webp');
    // No waiting: the answer came once every instance was told.
    expect(await iconsOn(other)).toEqual([`${url.replace('.webp', '')}-icon-192.png`, `${url.replace('.webp', '')}-icon-512.png`, `${url.replace('.webp', '')}-maskable-512.png`]);
    expect(await faviconOn(other)).toContain(name);
    expect((await siteOn(other)) as unknown).toMatchObject({ logo: { url } });
    expect(await mutateOn(one, 'settings.removeLogo', adminCookie)).toBe(200);
    expect((await iconsOn(other))[0]).toBe('/icons/icon-192.png');
    expect(await faviconOn(other)).toBeNull();
  });
});
