import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as tar from 'tar';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDb, type DB } from '../db/client';
import type { AppEvents } from '../events';
import { trackGuestOrders } from '../orders/orders.service';
import { folderFingerprint } from '../testing/folders';
import { createTestEnv, type TestEnv } from '../testing/test-app';
import { describeSqliteOnly } from '../testing/test-engine';
import { startTestServer } from '../testing/test-server';
import { createOrder, createProduct, createShop, createSlider, type ProductRef } from '../testing/factories';
import { BackupError, createBackup, lastBackupAt, listBackups, msUntilNextBackup, pruneBackups, restoreBackup } from './backup.service';

const STOCK = 100;
const tmp = (prefix: string) => fs.mkdtempSync(path.join(os.tmpdir(), `marketplace-backup-${prefix}-`));
const dbFile = (env: TestEnv) => path.join(env.dir, 'db.sqlite');

/** Resolves once `count` orders have been acknowledged (their transaction committed). */
async function acknowledged(events: AppEvents, count: number): Promise<void> {
  let seen = 0;
  for await (const _ of events.listen('order.created', undefined)) if ((seen += 1) === count) return;
}

describeSqliteOnly('a backup taken while checkouts run', () => {
  let env: TestEnv;
  let products: ProductRef[];
  let before: Array<{ id: number; orderNumber: string }>;
  let during: Array<{ id: number; orderNumber: string }>;
  let archive: string;
  let restoredDb: DB;
  let restoredUploads: string;

  beforeAll(async () => {
    env = createTestEnv();
    const shop = await createShop(env, { logo: true, cover: true });
    products = [];
    for (let i = 0; i < 3; i += 1) products.push(await createProduct(env, shop, { stock: STOCK, images: 2 }));
    await createSlider(env);
    before = [];
    for (let i = 0; i < 5; i += 1) before.push(await createOrder(env, [{ product: products[i % 3]!, quantity: 2 }]));

    // Checkouts in flight on the app's connection while the backup copies the file from its own: the
    // backup starts once five of them are acknowledged, with the others still being placed.
    const fiveAcknowledged = acknowledged(env.events, 5);
    const placing = Array.from({ length: 15 }, (_, i) =>
      createOrder(env, [
        { product: products[i % 3]!, quantity: 1 },
        { product: products[(i + 1) % 3]!, quantity: 3 },
      ]),
    );
    await fiveAcknowledged;
    const backup = await createBackup({ database: { engine: 'sqlite', file: dbFile(env) }, uploadsDir: env.config.uploadsDir, target: tmp('out'), now: new Date() });
    during = await Promise.all(placing);
    archive = backup.file;
    expect(backup.missingImages).toEqual([]);

    const place = tmp('restored');
    restoredUploads = path.join(place, 'uploads');
    await restoreBackup({ file: archive, database: { engine: 'sqlite', file: path.join(place, 'db.sqlite') }, uploadsDir: restoredUploads, now: new Date() });
    restoredDb = createDb(path.join(place, 'db.sqlite'));
  });
  afterAll(async () => {
    await restoredDb?.destroy();
    await env?.db.destroy();
  });

  it('holds every order placed before it, and orders placed meanwhile whole or not at all', async () => {
    const restored = await restoredDb.selectFrom('orders').selectAll().execute();
    const ids = new Set(restored.map((o) => o.id));
    for (const order of before) expect(ids.has(order.id)).toBe(true);
    for (const order of restored) {
      const items = (db: DB) => db.selectFrom('order_items').selectAll().where('order_id', '=', order.id).orderBy('id').execute();
      const restoredItems = await items(restoredDb);
      expect(restoredItems.length).toBeGreaterThan(0);
      expect(order.total).toBe(restoredItems.reduce((sum, i) => sum + i.line_total, 0) + order.tax);
      expect(order).toEqual(await env.db.selectFrom('orders').selectAll().where('id', '=', order.id).executeTakeFirst());
      expect(restoredItems).toEqual(await items(env.db));
    }
    expect(restored.length).toBeGreaterThanOrEqual(before.length + 5);
    expect(restored.length).toBeLessThanOrEqual(before.length + during.length);
  });

  it('keeps stock and sold units adding up to the starting stock', async () => {
    for (const product of products) {
      const { stock_amount } = await restoredDb.selectFrom('products').select('stock_amount').where('id', '=', product.id).executeTakeFirstOrThrow();
      const sold = await restoredDb
        .selectFrom('order_items')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('quantity'), eb.lit(0)).as('n'))
        .where('product_id', '=', product.id)
        .executeTakeFirstOrThrow();
      expect(Number(stock_amount) + Number(sold.n)).toBe(STOCK);
    }
  });

  it('starts a server on the restored data that shows every order and every image', async () => {
    const server = await startTestServer({ db: restoredDb, config: { ...env.config, uploadsDir: restoredUploads } });
    try {
      const base = `http://127.0.0.1:${server.port}`;
      expect((await fetch(`${base}/healthz`)).status).toBe(200);

      const numbers = (await restoredDb.selectFrom('orders').select('order_number').execute()).map((o) => o.order_number);
      for (const orderNumber of numbers) {
        const input = encodeURIComponent(JSON.stringify({ orderNumber }));
        const res = await fetch(`${base}/api/trpc/orders.track?input=${input}`);
        expect(res.status).toBe(200);
        const served = ((await res.json()) as { result: { data: unknown } }).result.data;
        const live = JSON.parse(JSON.stringify(await trackGuestOrders(env.db, { orderNumber, email: '' })));
        expect(served).toEqual(live);
      }

      const uploads = await restoredDb.selectFrom('uploads').select(['url', 'thumb_url']).execute();
      expect(uploads.length).toBe(3 * 2 + 2 + 1); // product pictures, the shop's logo and cover, the slider
      for (const url of uploads.flatMap((u) => [u.url, u.thumb_url])) {
        const res = await fetch(`${base}${url}`);
        expect(res.status, url).toBe(200);
        const original = fs.readFileSync(path.join(env.config.uploadsDir, url.slice('/uploads/'.length)));
        expect(Buffer.from(await res.arrayBuffer()).equals(original), url).toBe(true);
      }
    } finally {
      await server.close();
    }
  });
});

describeSqliteOnly('restore', () => {
  let source: TestEnv;
  let archive: string;

  beforeAll(async () => {
    source = createTestEnv();
    const shop = await createShop(source, { logo: true });
    const product = await createProduct(source, shop, { images: 1 });
    await createOrder(source, product);
    archive = (await createBackup({ database: { engine: 'sqlite', file: dbFile(source) }, uploadsDir: source.config.uploadsDir, target: tmp('src'), now: new Date() })).file;
  });
  afterAll(() => source?.db.destroy());

  it('refuses while a server has the database open, and changes nothing', async () => {
    const running = createTestEnv();
    try {
      await createShop(running, { logo: true });
      const was = folderFingerprint(running.dir);
      const attempt = restoreBackup({ file: archive, database: { engine: 'sqlite', file: dbFile(running) }, uploadsDir: running.config.uploadsDir, now: new Date() });
      await expect(attempt).rejects.toThrow(BackupError);
      await expect(attempt).rejects.toThrow(/has .*db\.sqlite open\. Stop it first/);
      expect(folderFingerprint(running.dir)).toBe(was);
      expect(fs.readdirSync(running.dir).filter((n) => n.includes('restore'))).toEqual([]);
    } finally {
      await running.db.destroy();
    }
  });

  it('replaces a stopped server’s data and keeps the old data beside it', async () => {
    const stopped = createTestEnv();
    await createShop(stopped, { logo: true, cover: true });
    await stopped.db.destroy();
    const was = folderFingerprint(stopped.config.uploadsDir);

    const result = await restoreBackup({ file: archive, database: { engine: 'sqlite', file: dbFile(stopped) }, uploadsDir: stopped.config.uploadsDir, now: new Date() });

    expect(folderFingerprint(stopped.config.uploadsDir)).toBe(folderFingerprint(source.config.uploadsDir));
    expect(folderFingerprint(result.keptUploads!)).toBe(was);
    expect(fs.existsSync(result.keptDatabase!)).toBe(true);
    const db = createDb(dbFile(stopped));
    try {
      expect(await db.selectFrom('orders').select('id').execute()).toHaveLength(1);
    } finally {
      await db.destroy();
    }
  });

  async function expectRefused(file: string, message: RegExp) {
    const place = createTestEnv();
    await createShop(place, { logo: true });
    await place.db.destroy();
    const was = folderFingerprint(place.dir);
    await expect(restoreBackup({ file, database: { engine: 'sqlite', file: dbFile(place) }, uploadsDir: place.config.uploadsDir, now: new Date() })).rejects.toThrow(message);
    expect(folderFingerprint(place.dir)).toBe(was);
    expect(fs.readdirSync(place.dir).filter((n) => n.includes('restore'))).toEqual([]);
  }

  it('refuses a truncated archive and leaves the current data as it was', async () => {
    const truncated = path.join(tmp('bad'), 'truncated.tar.gz');
    const bytes = fs.readFileSync(archive);
    fs.writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length / 2)));
    await expectRefused(truncated, /is damaged or incomplete .* Nothing was changed/);
  });

  it('refuses an archive that is not a backup', async () => {
    const dir = tmp('other');
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'hello');
    const other = path.join(dir, 'other.tar.gz');
    await tar.c({ gzip: true, file: other, cwd: dir }, ['notes.txt']);
    await expectRefused(other, /is not a backup written by "npm run backup"/);
  });

  it('refuses a backup whose database fails the integrity check', async () => {
    const dir = tmp('corrupt');
    await tar.x({ file: archive, cwd: dir });
    const db = path.join(dir, 'database.sqlite');
    const bytes = fs.readFileSync(db);
    // Scribble over the header of every page after the schema page: the file still opens, its b-trees are broken.
    const pageSize = bytes.readUInt16BE(16);
    for (let offset = pageSize; offset < bytes.length; offset += pageSize) bytes.fill(0x5a, offset, offset + 12);
    fs.writeFileSync(db, bytes);
    const corrupt = path.join(dir, 'corrupt.tar.gz');
    await tar.c({ gzip: true, file: corrupt, cwd: dir }, ['backup.json', 'database.sqlite', 'uploads']);
    await expectRefused(corrupt, /The database in .*corrupt\.tar\.gz failed its integrity check .* Nothing was changed/);
  });

  it('says when there is no file to restore', async () => {
    await expectRefused(path.join(tmp('none'), 'missing.tar.gz'), /No backup file at .*missing\.tar\.gz/);
  });
});

describeSqliteOnly('backup failures an operator can meet', () => {
  let env: TestEnv;
  beforeAll(async () => {
    env = createTestEnv();
    await createShop(env, { logo: true });
  });
  afterAll(() => env?.db.destroy());

  it('says what to do when the target cannot be written', async () => {
    const blocker = path.join(tmp('blocked'), 'a-file');
    fs.writeFileSync(blocker, '');
    await expect(
      createBackup({ database: { engine: 'sqlite', file: dbFile(env) }, uploadsDir: env.config.uploadsDir, target: path.join(blocker, 'backups'), now: new Date() }),
    ).rejects.toThrow(/Cannot write to .*a-file\/backups .*Use a folder this user .* can write to.* No backup was written/);
  });

  it('says what to do when the database is not where DATABASE_PATH says', async () => {
    await expect(
      createBackup({ database: { engine: 'sqlite', file: path.join(env.dir, 'nope.sqlite') }, uploadsDir: env.config.uploadsDir, target: tmp('x'), now: new Date() }),
    ).rejects.toThrow(/No database at .*nope\.sqlite\. Check DATABASE_PATH/);
  });

  // A real full disk: a 200 KB tmpfs, where the machine lets this process mount one (as root). Mounted
  // in the test itself: mounted while the suite was collected, it stayed mounted in every run that
  // skipped the suite (PostgreSQL's), one more each time.
  it('says what to do when the disk is full, and leaves nothing half-written', async (context) => {
    if (process.getuid?.() !== 0) return context.skip();
    const tiny = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-backup-full-'));
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=200k', 'tmpfs', tiny], { stdio: 'ignore' });
    } catch {
      fs.rmSync(tiny, { recursive: true, force: true });
      return context.skip();
    }
    try {
      const big = await createProduct(env, await createShop(env), { images: 4 });
      expect(big.images).toHaveLength(4);
      await expect(createBackup({ database: { engine: 'sqlite', file: dbFile(env) }, uploadsDir: env.config.uploadsDir, target: tiny, now: new Date() })).rejects.toThrow(
        /The disk holding .* is full\. Free some space .* No backup was written/,
      );
      expect(fs.readdirSync(tiny)).toEqual([]);
    } finally {
      execFileSync('umount', [tiny]);
      fs.rmSync(tiny, { recursive: true, force: true });
    }
  });
});

describeSqliteOnly('the backup folder', () => {
  it('keeps the newest backups, removes older ones and stale leftovers, and knows the newest', () => {
    const dir = tmp('folder');
    const names = ['marketplace-20260101-000000.tar.gz', 'marketplace-20260301-120000.tar.gz', 'marketplace-20260301-120000-2.tar.gz', 'marketplace-20260201-000000.tar.gz'];
    for (const name of [...names, 'notes.txt', 'marketplace-latest.tar.gz']) fs.writeFileSync(path.join(dir, name), '');
    const stale = path.join(dir, '.marketplace-backup-abc');
    const fresh = path.join(dir, '.marketplace-backup-def');
    fs.mkdirSync(stale);
    fs.mkdirSync(fresh);
    const now = new Date('2026-03-02T00:00:00Z');
    fs.utimesSync(stale, new Date('2026-02-01T00:00:00Z'), new Date('2026-02-01T00:00:00Z'));
    fs.utimesSync(fresh, now, now);

    expect(lastBackupAt(dir)).toEqual(new Date('2026-03-01T12:00:00Z'));
    const removed = pruneBackups(dir, 2, now);

    expect(removed.map((f) => path.basename(f)).sort()).toEqual(['marketplace-20260101-000000.tar.gz', 'marketplace-20260201-000000.tar.gz']);
    expect(fs.readdirSync(dir).sort()).toEqual(
      ['.marketplace-backup-def', 'marketplace-20260301-120000-2.tar.gz', 'marketplace-20260301-120000.tar.gz', 'marketplace-latest.tar.gz', 'notes.txt'].sort(),
    );
    expect(listBackups(dir)).toHaveLength(2);
    expect(lastBackupAt(path.join(dir, 'missing'))).toBeNull();
    expect(lastBackupAt(undefined)).toBeNull();
  });

  it('is due at once without a backup, then one interval after the newest', () => {
    const hour = 3_600_000;
    const now = new Date('2026-03-02T00:00:00Z');
    expect(msUntilNextBackup(null, now, 24 * hour)).toBe(0);
    expect(msUntilNextBackup(new Date(now.getTime() - 20 * hour), now, 24 * hour)).toBe(4 * hour);
    expect(msUntilNextBackup(new Date(now.getTime() - 30 * hour), now, 24 * hour)).toBe(0);
    // The clock moved back: a backup dated in the future delays the next by one interval at most.
    expect(msUntilNextBackup(new Date(now.getTime() + 100 * hour), now, 24 * hour)).toBe(24 * hour);
  });
});
