// `npm run migrate-data` (issue 12): a shop built through the factories in a real SQLite file, copied
// into a throw-away PostgreSQL (scripts/services/postgres.mjs), compared table by table, ids included.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startPostgres, type TestPostgres } from '../../../scripts/services/postgres.mjs';
import { createOrder, createProduct, createReview, createShop, createSlider, createUser, SHIPPING } from '../testing/factories';
import { createTestEnv } from '../testing/test-app';
import { describeSqliteOnly } from '../testing/test-engine';
import { createPostgresDb, type DB } from './client';
import { copySqliteToPostgres } from './copy-data';

const repo = path.resolve(import.meta.dirname, '../../..');

// What is on the SQLite side only: the FTS5 search table and its shadow tables, SQLite's and the migrator's.
const SKIPPED = /^(products_search|sqlite_|kysely_migration)/;

/** Rows in a comparable form: each row's columns by name, the rows in one order. */
function canonical(rows: Array<Record<string, unknown>>): string[] {
  return rows.map((row) => JSON.stringify(Object.keys(row).toSorted().map((key) => [key, row[key]]))).toSorted();
}

// It reads a SQLite file of its own making: the test environment's, which exists in the SQLite run only.
describeSqliteOnly('migrate-data: SQLite to PostgreSQL', () => {
  let server: TestPostgres;
  let sourceFile: string;
  let dir: string;
  const opened: DB[] = [];
  const target = async (name: string) => {
    const db = createPostgresDb(await server.createDatabase(name), 2);
    opened.push(db);
    return db;
  };

  beforeAll(async () => {
    server = await startPostgres({ database: 'copy_test' });
    const env = createTestEnv();
    dir = env.dir;
    sourceFile = path.join(env.dir, 'db.sqlite');
    const buyer = await createUser(env, { roles: ['buyer'] });
    await createUser(env, { roles: ['admin'] });
    const shop = await createShop(env, { logo: true, cover: true });
    const lamp = await createProduct(env, shop, { images: 2, stock: 20, colors: ['#ff0000'], sizes: ['M'] });
    const mug = await createProduct(env, shop, { images: 1, discount: { type: 'percent', value: 10 } });
    const shirt = await createProduct(env, shop, { colors: ['#0000ff'], sizes: ['S', 'M'], variants: { '#0000ff|S': { stock: 4, sku: 'SH-S' }, '#0000ff|M': { stock: 2, price: 2500 } } });
    await createOrder(env, [{ product: lamp, color: '#ff0000', size: 'M' }], { buyer });
    await createOrder(env, [{ product: shirt, color: '#0000ff', size: 'M' }]);
    await createOrder(env, [{ product: mug, quantity: 2 }], { status: 'delivered' });
    await createOrder(env, [{ product: lamp, color: '#ff0000', size: 'M' }], { status: 'cancelled' });
    // Two checkouts: the day's order-number row says 2.
    for (let i = 0; i < 2; i += 1) await env.as(null).orders.checkout({ items: [{ productId: mug.id, quantity: 1, color: null, size: null }], shipping: SHIPPING });
    await createReview(env, { user: buyer, of: { product: lamp }, rating: 4 });
    await createReview(env, { user: buyer, of: { shop }, rating: 5 });
    await createSlider(env);
    await env.db.destroy();
  }, 240_000);

  afterAll(async () => {
    for (const db of opened) await db.destroy();
    await server?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('copies every table row for row, ids and maintained counts included, and sequences continue', async () => {
    const pg = await target('copy_all');
    const counts = await copySqliteToPostgres({ from: sourceFile, to: pg, batchSize: 2 });

    const sqlite = new SQLite(sourceFile, { readonly: true });
    const tables = sqlite
      .prepare("select name from sqlite_master where type = 'table' order by name")
      .pluck()
      .all()
      .map(String)
      .filter((name) => !SKIPPED.test(name));
    expect(counts.map((c) => c.table).toSorted()).toEqual(tables);
    // The factories filled what the copy has to get right: images, orders, reviews, sliders, the derived counts.
    const held = Object.fromEntries(counts.map((c) => [c.table, c.source]));
    for (const table of ['users', 'shops', 'products', 'product_images', 'product_variants', 'orders', 'order_items', 'order_status_events', 'product_reviews', 'shop_reviews', 'sliders', 'uploads', 'shop_order_totals', 'shop_order_days', 'row_counts']) {
      expect(held[table], table).toBeGreaterThan(0);
    }
    // Order numbers' rows change meaning on the way (counts in SQLite, the counter's bases in PostgreSQL):
    // each day's numbering goes on instead.
    const days = sqlite.prepare('select day, last_value from order_number_sequences').all() as Array<{ day: string; last_value: number }>;
    expect(days.length).toBeGreaterThan(0);
    const numbered = await sql<{ day: string; last: number }>`select day, (select c.last_value from order_number_counter c) - last_value as last from order_number_sequences`.execute(pg);
    expect(numbered.rows.map((r) => ({ day: r.day, last_value: Number(r.last) }))).toEqual(days);
    for (const table of tables.filter((name) => name !== 'order_number_sequences')) {
      const source = sqlite.prepare(`select * from "${table}"`).all() as Array<Record<string, unknown>>;
      const copied = (await sql.raw<Record<string, unknown>>(`select * from "${table}"`).execute(pg)).rows;
      expect(canonical(copied), table).toEqual(canonical(source));
    }
    const maxUser = Number(sqlite.prepare('select max(id) from users').pluck().get());
    sqlite.close();
    // The planner has statistics of the copied rows (a bulk load leaves none until autovacuum runs).
    const unanalyzed = await sql<{ relname: string }>`select relname from pg_stat_user_tables where last_analyze is null and last_autoanalyze is null`.execute(pg);
    expect(unanalyzed.rows).toEqual([]);

    const added = await pg.insertInto('users').values({ email: 'after@example.test', password_hash: 'x' }).returning('id').executeTakeFirstOrThrow();
    expect(added.id).toBe(maxUser + 1);
    // The triggers are back on: a new review counts.
    const product = await pg.selectFrom('products').select(['id', 'review_count']).orderBy('id').executeTakeFirstOrThrow();
    await pg.insertInto('product_reviews').values({ product_id: product.id, user_id: added.id, rating: 3 }).execute();
    expect((await pg.selectFrom('products').select('review_count').where('id', '=', product.id).executeTakeFirstOrThrow()).review_count).toBe(product.review_count + 1);
  }, 60_000);

  it('refuses a target that holds data, and leaves it as it was', async () => {
    const pg = await target('copy_nonempty');
    await copySqliteToPostgres({ from: sourceFile, to: pg });
    await expect(copySqliteToPostgres({ from: sourceFile, to: pg })).rejects.toThrow(/already holds data \(.*users: \d+/);
    const users = await pg.selectFrom('users').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
    expect(users.n).toBeGreaterThan(0);
  }, 60_000);

  it('refuses a --from that is missing, not a database, or not migrated, before touching the target', async () => {
    const pg = await target('copy_wrong_source');
    await expect(copySqliteToPostgres({ from: path.join(dir, 'missing.sqlite'), to: pg })).rejects.toThrow(/does not exist/);
    const text = path.join(dir, 'notes.txt');
    fs.writeFileSync(text, 'not a database, just some text that is long enough to have a header'.repeat(10));
    await expect(copySqliteToPostgres({ from: text, to: pg })).rejects.toThrow(/is not a SQLite database/);
    const old = path.join(dir, 'old.sqlite');
    new SQLite(old).exec('create table users (id integer primary key)').close();
    await expect(copySqliteToPostgres({ from: old, to: pg })).rejects.toThrow(/is not at the latest schema .* Start this version of the app once on it/);
    const tables = await sql<{ n: number }>`select count(*) as n from information_schema.tables where table_schema = 'public'`.execute(pg);
    expect(tables.rows).toEqual([{ n: 0 }]);
  }, 60_000);

  it('rolls everything back when a maintained count disagrees with its rows', async () => {
    const drifted = path.join(dir, 'drifted.sqlite');
    fs.copyFileSync(sourceFile, drifted);
    const sqlite = new SQLite(drifted);
    sqlite.exec('update products set review_count = review_count + 7 where id = (select min(id) from products)');
    sqlite.close();
    const pg = await target('copy_drifted');
    await expect(copySqliteToPostgres({ from: drifted, to: pg })).rejects.toThrow(/products\.rating_sum\/review_count \(1 rows differ.*Nothing was committed/);
    expect((await sql<{ n: number }>`select count(*) as n from users`.execute(pg)).rows).toEqual([{ n: 0 }]);
  }, 60_000);

  it('runs as `npm run migrate-data`: a table of counts and exit 0, then exit 1 on the same target', async () => {
    const url = await server.createDatabase('copy_cli');
    const run = () => {
      const result = spawnSync('npm', ['run', '--silent', 'migrate-data', '--', '--from', sourceFile, '--to', url], { cwd: repo, encoding: 'utf8' });
      return { status: result.status, out: `${result.stdout}${result.stderr}` };
    };
    const first = run();
    expect(first.out).toMatch(/^table\s+sqlite\s+postgres/m);
    expect(first.out).toMatch(/^orders\s+6\s+6\s+ok$/m);
    expect(first.out).toContain('npm run copy-uploads');
    expect(first.status).toBe(0);
    const again = run();
    expect(again.out).toContain('already holds data');
    expect(again.status).toBe(1);
    const usage = spawnSync('npm', ['run', '--silent', 'migrate-data', '--', '--from', sourceFile], { cwd: repo, encoding: 'utf8' });
    expect(usage.stderr).toContain('Usage: npm run migrate-data');
    expect(usage.status).toBe(2);
  }, 90_000);
});
