import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import type { Role } from '../../shared/constants';
import type { AppConfig } from '../config';
import { createShop, createUser, moveTrialStart, pngImage } from '../testing/factories';
import { countRows, createTestEnv } from '../testing/test-app';
import { startTestServer, type TestServer, signInOverHttp } from '../testing/test-server';

/**
 * POST /api/uploads against the real server: uploads are for shopkeepers with a shop and for admins,
 * a user's unattached uploads are capped, and only a few images are decoded at once.
 */
let server: TestServer | null = null;
afterEach(async () => {
  await server?.close();
  await server?.env.db.destroy();
  server = null;
});

async function start(config: Partial<AppConfig> = {}): Promise<TestServer> {
  server = await startTestServer({}, createTestEnv(config));
  return server;
}

const base = () => `http://127.0.0.1:${server!.port}`;

/** Signs in through Auth.js's own credentials flow and returns the session cookie. */
const signIn = (email: string) => signInOverHttp(server!.port, email);

async function upload(cookie: string, image?: Buffer) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(image ?? (await pngImage()))], { type: 'image/png' }), 'a.png');
  const reply = await fetch(`${base()}/api/uploads`, { method: 'POST', headers: { cookie, origin: base() }, body: form });
  return { status: reply.status, body: (await reply.json()) as { url?: string; message?: string } };
}

async function userWith(roles: Role[]) {
  const email = `u${Math.random().toString(36).slice(2, 10)}@example.test`;
  // The server reads the real clock, so a shopkeeper's trial starts now rather than at the test clock.
  const id = await createUser(server!.env, { email, roles, trialStartAt: new Date() });
  return { id, email };
}

describe('POST /api/uploads', () => {
  it('is for shopkeepers with a shop and for admins; anyone else is refused before the file is read', async () => {
    const { env } = await start();
    const refused = [
      { who: await userWith([]), message: 'Only shopkeepers and admins can upload images' },
      { who: await userWith(['buyer']), message: 'Only shopkeepers and admins can upload images' },
      { who: await userWith(['shopkeeper']), message: 'Create your shop before uploading images' },
    ];
    for (const { who, message } of refused) {
      expect(await upload(await signIn(who.email))).toEqual({ status: 403, body: { message } });
    }
    const expired = await userWith(['shopkeeper']);
    await createShop(env, { owner: expired.id });
    await moveTrialStart(env.db, expired.id, new Date(Date.now() - 60 * 60_000));
    expect(await upload(await signIn(expired.email))).toEqual({ status: 403, body: { message: 'Your 10-minute free trial has expired.' } });
    expect(await countRows(env.db, 'uploads')).toBe(0);

    const keeper = await userWith(['shopkeeper']);
    await createShop(env, { owner: keeper.id });
    const admin = await userWith(['admin']);
    expect((await upload(await signIn(keeper.email))).status).toBe(201);
    expect((await upload(await signIn(admin.email))).status).toBe(201);
    expect(await countRows(env.db, 'uploads')).toBe(2);
  });

  it("caps a user's uploads that no record uses yet (MAX_PENDING_UPLOADS)", async () => {
    const { env } = await start({ maxPendingUploads: 2 });
    const keeper = await userWith(['shopkeeper']);
    await createShop(env, { owner: keeper.id });
    const cookie = await signIn(keeper.email);
    const first = await upload(cookie);
    expect((await upload(cookie)).status).toBe(201);
    expect(await upload(cookie)).toEqual({
      status: 429,
      body: { message: 'You have 2 uploaded images that are not used yet. Save or discard them, then upload more.' },
    });
    // Once a product shows one of them, there is room again.
    const owner = env.as(keeper.id);
    await owner.products.create({ name: 'Framed', sellingPrice: '10', stockAmount: '1', unit: 'pieces', images: [{ url: first.body.url!, isPrimary: true }] });
    expect((await upload(cookie)).status).toBe(201);
    expect(await countRows(env.db, 'uploads')).toBe(3);
  });

  it('decodes only a few images at once and answers 503 to the rest rather than queueing without end', async () => {
    const { env } = await start({ imageConcurrency: 1, imageQueueLimit: 1 });
    const admin = await userWith(['admin']);
    const cookie = await signIn(admin.email);
    // A large noisy image takes sharp long enough for the others to arrive while it works.
    const noise = Buffer.alloc(1200 * 1200 * 3);
    for (let i = 0; i < noise.length; i += 1) noise[i] = Math.imul(i, 2654435761) >>> 24;
    const big = await sharp(noise, { raw: { width: 1200, height: 1200, channels: 3 } }).png({ compressionLevel: 1 }).toBuffer();
    const replies = await Promise.all(Array.from({ length: 6 }, () => upload(cookie, big)));
    const busy = replies.filter((r) => r.status === 503);
    expect(busy.length).toBeGreaterThan(0);
    for (const reply of busy) expect(reply.body).toEqual({ message: 'The server is busy with other images. Please try again in a moment.' });
    const stored = replies.filter((r) => r.status === 201).length;
    expect(stored + busy.length).toBe(6);
    expect(await countRows(env.db, 'uploads')).toBe(stored);
  });
});
