// Backups on PostgreSQL (issue 12): `pg_dump --format=custom` of the database plus the uploads folder in
// the same archive, restored with pg_restore into an empty database, on a throw-away cluster
// (scripts/services/postgres.mjs) filled from a shop built through the factories.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startPostgres, type TestPostgres } from '../../../scripts/services/postgres.mjs';
import { createPostgresDb, type DB } from '../db/client';
import { copySqliteToPostgres } from '../db/copy-data';
import { createOrder, createProduct, createShop, createUser } from '../testing/factories';
import { folderFingerprint } from '../testing/folders';
import { createTestEnv } from '../testing/test-app';
import { describeSqliteOnly } from '../testing/test-engine';
import { type BackupDatabase, createBackup, restoreBackup } from './backup.service';

const repo = path.resolve(import.meta.dirname, '../../..');
const tmp = (prefix: string) => fs.mkdtempSync(path.join(os.tmpdir(), `marketplace-pg-backup-${prefix}-`));

/** Every app table's rows, in one order, to compare two databases. */
async function contents(db: DB): Promise<Record<string, string[]>> {
  const { rows: tables } = await sql<{ name: string }>`select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not like 'kysely_%' order by table_name`.execute(db);
  const result: Record<string, string[]> = {};
  for (const { name } of tables) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(db);
    result[name] = rows.map((row) => JSON.stringify(row)).toSorted();
  }
  return result;
}

// The shop is built in the SQLite run's test database and copied into PostgreSQL with migrate-data's copy.
describeSqliteOnly('backups on PostgreSQL', () => {
  let server: TestPostgres;
  let source: DB;
  let database: Extract<BackupDatabase, { engine: 'postgres' }>;
  let uploadsDir: string;
  let archive: string;
  const opened: DB[] = [];
  const folders: string[] = [];

  beforeAll(async () => {
    server = await startPostgres({ database: 'shop' });
    const env = createTestEnv();
    folders.push(env.dir);
    const buyer = await createUser(env, { roles: ['buyer'] });
    const shop = await createShop(env, { logo: true, cover: true });
    const lamp = await createProduct(env, shop, { images: 2, stock: 20 });
    await createOrder(env, [{ product: lamp, quantity: 2 }], { buyer });
    await createOrder(env, [{ product: lamp }], { status: 'delivered' });
    await env.db.destroy();
    source = createPostgresDb(server.url, 2);
    opened.push(source);
    await copySqliteToPostgres({ from: path.join(env.dir, 'db.sqlite'), to: source });
    uploadsDir = env.config.uploadsDir;
    database = { engine: 'postgres', url: server.url, tools: { binDir: server.binDir } };
  }, 240_000);

  afterAll(async () => {
    for (const db of opened) await db.destroy();
    await server?.stop();
    for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('writes pg_dump of the database and the uploads folder into one archive', async () => {
    const target = tmp('out');
    folders.push(target);
    const backup = await createBackup({ database, uploadsDir, target, now: new Date('2026-11-25T03:00:00Z') });
    archive = backup.file;
    expect(path.basename(archive)).toBe('marketplace-20261125-030000.tar.gz');
    expect(backup.manifest).toMatchObject({ version: 2, orders: 2, database: { engine: 'postgres' } });
    expect(backup.manifest.uploads.files).toBeGreaterThan(0);
    expect(backup.missingImages).toEqual([]);
  });

  it('restores it into an empty database: the same rows, the same files, and a database the app keeps using', async () => {
    const url = await server.createDatabase('restored');
    const restoredUploads = path.join(tmp('restored'), 'uploads');
    folders.push(path.dirname(restoredUploads));
    const result = await restoreBackup({ file: archive, database: { ...database, url }, uploadsDir: restoredUploads, now: new Date() });
    expect(result).toMatchObject({ missingImages: [], keptDatabase: null, keptUploads: null });
    const restored = createPostgresDb(url, 2);
    opened.push(restored);
    expect(await contents(restored)).toEqual(await contents(source));
    expect(folderFingerprint(restoredUploads)).toBe(folderFingerprint(uploadsDir));
    // The planner has statistics of the restored rows (pg_restore leaves none until autovacuum runs).
    const unanalyzed = await sql<{ relname: string }>`select relname from pg_stat_user_tables where last_analyze is null and last_autoanalyze is null`.execute(restored);
    expect(unanalyzed.rows).toEqual([]);
    // Identity sequences came along: a new row takes the next id.
    const { max } = await restored.selectFrom('users').select((eb) => eb.fn.max('id').as('max')).executeTakeFirstOrThrow();
    const { id } = await restored
      .insertInto('users')
      .values({ email: 'after-restore@example.test', password_hash: 'x', created_at: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(id).toBeGreaterThan(Number(max));
  });

  it('refuses a database that is not empty, and changes nothing', async () => {
    const before = await contents(source);
    const place = tmp('busy');
    folders.push(place);
    await expect(restoreBackup({ file: archive, database, uploadsDir: path.join(place, 'uploads'), now: new Date() })).rejects.toThrow(
      /The database in DATABASE_URL is not empty \(\d+ tables, e\.g\. .*\)\. A restore goes into an empty database[\s\S]*Nothing was changed\./,
    );
    expect(await contents(source)).toEqual(before);
    expect(fs.readdirSync(place)).toEqual([]);
  });

  it('says which engine a backup holds when it meets the other one', async () => {
    const place = tmp('sqlite');
    folders.push(place);
    await expect(
      restoreBackup({ file: archive, database: { engine: 'sqlite', file: path.join(place, 'db.sqlite') }, uploadsDir: path.join(place, 'uploads'), now: new Date() }),
    ).rejects.toThrow(/holds a PostgreSQL database \(pg_dump\)\. Set DATABASE_URL to an empty PostgreSQL database/);
    expect(fs.existsSync(path.join(place, 'db.sqlite'))).toBe(false);
  });

  it('npm run backup and npm run restore do it with DATABASE_URL (as the schedule runs the backup tool)', async () => {
    const place = tmp('cli');
    folders.push(place);
    const cli = (args: string[], env: Record<string, string>) =>
      spawnSync(process.execPath, ['scripts/cli.mjs', ...args], {
        cwd: repo,
        encoding: 'utf8',
        env: { PATH: `${server.binDir}:${process.env.PATH ?? ''}`, DATABASE_PATH: path.join(place, 'unused.sqlite'), ...env },
      });
    const backup = cli(['backup', path.join(place, 'backups')], { DATABASE_URL: server.url, UPLOADS_DIR: uploadsDir });
    expect(backup.stderr).toBe('');
    expect(backup.stdout).toMatch(/^Backup written to .*marketplace-\d{8}-\d{6}\.tar\.gz: .* with 2 orders, [1-9]\d* upload files/);
    const [written] = fs.readdirSync(path.join(place, 'backups'));

    const url = await server.createDatabase('restored_by_cli');
    const restore = cli(['restore', path.join(place, 'backups', written!)], { DATABASE_URL: url, UPLOADS_DIR: path.join(place, 'uploads') });
    expect(restore.status, restore.stderr).toBe(0);
    expect(restore.stdout).toContain('2 orders and');
    expect(restore.stdout).toContain('into the PostgreSQL database in DATABASE_URL');
    expect(folderFingerprint(path.join(place, 'uploads'))).toBe(folderFingerprint(uploadsDir));
    expect(fs.existsSync(path.join(place, 'unused.sqlite'))).toBe(false);

    // With STORAGE=s3 the images are in the bucket: the archive holds the database only, and says so.
    const s3 = { STORAGE: 's3', S3_BUCKET: 'shop-images', S3_ACCESS_KEY_ID: 'key', S3_SECRET_ACCESS_KEY: 'secret' };
    const bucketBackup = cli(['backup', path.join(place, 'only-db.tar.gz')], { DATABASE_URL: server.url, UPLOADS_DIR: uploadsDir, ...s3 });
    expect(bucketBackup.status, bucketBackup.stderr).toBe(0);
    expect(bucketBackup.stdout).toContain('0 upload files');
    expect(bucketBackup.stderr).toContain('uploads are in the bucket "shop-images" (STORAGE=s3), which this backup does not hold');

    // Restoring it leaves the uploads folder alone (it is not where the images are) and warns of nothing.
    const localFolder = path.join(place, 'not-the-images');
    fs.mkdirSync(localFolder);
    fs.writeFileSync(path.join(localFolder, 'keep.txt'), 'mine');
    const bucketUrl = await server.createDatabase('restored_with_bucket');
    const bucketRestore = cli(['restore', path.join(place, 'only-db.tar.gz')], { DATABASE_URL: bucketUrl, UPLOADS_DIR: localFolder, ...s3 });
    expect(bucketRestore.status, bucketRestore.stderr).toBe(0);
    expect(bucketRestore.stdout).toContain('2 orders, into the PostgreSQL database in DATABASE_URL');
    expect(bucketRestore.stdout).toContain('left it as it was');
    expect(bucketRestore.stderr).not.toContain('not in the backup');
    expect(fs.readdirSync(localFolder)).toEqual(['keep.txt']);
    expect(fs.readdirSync(place).filter((name) => name.includes('pre-restore'))).toEqual([]);
  }, 120_000);

  it('says what to do when pg_dump is missing or the database cannot be reached', async () => {
    const target = tmp('fail');
    folders.push(target);
    await expect(createBackup({ database: { ...database, tools: { binDir: path.join(target, 'no-such-folder') } }, uploadsDir, target, now: new Date() })).rejects.toThrow(
      /pg_dump was not found in .*no-such-folder\. Install PostgreSQL's client tools[\s\S]*apt-get install postgresql-client[\s\S]*No backup was written\./,
    );
    const nowhere = new URL(server.url);
    nowhere.pathname = '/no_such_database';
    await expect(createBackup({ database: { ...database, url: nowhere.href }, uploadsDir, target, now: new Date() })).rejects.toThrow(
      /Cannot reach the PostgreSQL database in DATABASE_URL[\s\S]*No backup was written\./,
    );
    expect(fs.readdirSync(target)).toEqual([]);
  });
});
