// The migrations build the same schema on PostgreSQL as on SQLite (issue 12): one throw-away cluster
// (scripts/services/postgres.mjs, Debian's postgresql installed with apt when missing; no skip: a
// machine without it fails here), every migration up from empty, the two schemas compared, the
// triggers exercised, then every migration down and up again.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgres, type TestPostgres } from '../../../scripts/services/postgres.mjs';
import { startServerProcess } from '../testing/server-process';
import { createDb, createPostgresDb, type DB, engineOf } from './client';
import { migrateDownToEmpty, migrateToLatest } from './migrate';
import { changesAnswers } from './watched-writes';

interface Schema {
  /** table -> "column type [not null]" */
  columns: Record<string, string[]>;
  /** Named indexes on columns: "name on table(columns)". */
  indexes: string[];
  /** Primary keys and unique constraints: "table primary key (columns)" / "table unique (columns)". */
  keys: string[];
  foreignKeys: string[];
}

// SQLite's column types as the PostgreSQL migrations write them.
const POSTGRES_TYPE: Record<string, string> = { integer: 'bigint', text: 'text' };

// What exists on one engine only, by design: SQLite's FTS5 search table (and its shadow tables), and
// PostgreSQL's trigram indexes that replace it (expressions, which the comparison of columns skips).
const SQLITE_ONLY_TABLE = /^products_search/;
const POSTGRES_ONLY_INDEXES = ['products_brand_trgm_idx', 'products_name_trgm_idx'];
const MIGRATION_TABLE = /^kysely_migration/;

async function sqliteSchema(db: DB): Promise<Schema> {
  const rows = async <T>(query: string) => (await sql.raw<T>(query).execute(db)).rows;
  const tables = (await rows<{ name: string }>("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name"))
    .map((t) => t.name)
    .filter((name) => !SQLITE_ONLY_TABLE.test(name) && !MIGRATION_TABLE.test(name));
  const schema: Schema = { columns: {}, indexes: [], keys: [], foreignKeys: [] };
  for (const table of tables) {
    const columns = await rows<{ name: string; type: string; notnull: number; pk: number }>(`pragma table_info(${table})`);
    schema.columns[table] = columns.map((c) => `${c.name} ${POSTGRES_TYPE[c.type.toLowerCase()] ?? c.type}${c.notnull || c.pk ? ' not null' : ''}`);
    const pk = columns.filter((c) => c.pk > 0).toSorted((a, b) => a.pk - b.pk);
    if (pk.length > 0) schema.keys.push(`${table} primary key (${pk.map((c) => c.name).join(', ')})`);
    for (const index of await rows<{ name: string; unique: number; origin: string }>(`pragma index_list(${table})`)) {
      const columnsOf = (await rows<{ name: string }>(`pragma index_info(${index.name})`)).map((c) => c.name).join(', ');
      if (index.origin === 'c') schema.indexes.push(`${index.name} on ${table}(${columnsOf})`);
      else if (index.origin === 'u') schema.keys.push(`${table} unique (${columnsOf})`);
    }
    for (const fk of await rows<{ table: string; from: string; to: string; on_delete: string }>(`pragma foreign_key_list(${table})`)) {
      schema.foreignKeys.push(`${table}(${fk.from}) -> ${fk.table}(${fk.to}) on delete ${fk.on_delete.toLowerCase()}`);
    }
  }
  return sorted(schema);
}

async function postgresSchema(db: DB): Promise<Schema> {
  const rows = async <T>(query: string) => (await sql.raw<T>(query).execute(db)).rows;
  const schema: Schema = { columns: {}, indexes: [], keys: [], foreignKeys: [] };
  const columns = await rows<{ table_name: string; column_name: string; data_type: string; is_nullable: string }>(
    `select table_name, column_name, data_type, is_nullable from information_schema.columns
     where table_schema = 'public' order by table_name, ordinal_position`,
  );
  for (const c of columns) {
    if (MIGRATION_TABLE.test(c.table_name)) continue;
    (schema.columns[c.table_name] ??= []).push(`${c.column_name} ${c.data_type}${c.is_nullable === 'NO' ? ' not null' : ''}`);
  }
  // Every index with the columns it covers (an expression's position is 0: no column).
  const indexes = await rows<{ name: string; table: string; columns: string; constraint_type: string | null }>(
    `select i.relname as name, t.relname as table,
       array_to_string(array(select coalesce(a.attname::text, '(expression)') from unnest(x.indkey) with ordinality k(attnum, n)
             left join pg_attribute a on a.attrelid = t.oid and a.attnum = k.attnum order by k.n), ', ') as columns,
       c.contype as constraint_type
     from pg_index x
     join pg_class i on i.oid = x.indexrelid
     join pg_class t on t.oid = x.indrelid
     join pg_namespace s on s.oid = t.relnamespace
     left join pg_constraint c on c.conindid = x.indexrelid and c.contype in ('p', 'u')
     where s.nspname = 'public' and t.relname not like 'kysely_migration%'`,
  );
  for (const index of indexes) {
    const list = index.columns;
    if (index.constraint_type === 'p') schema.keys.push(`${index.table} primary key (${list})`);
    else if (index.constraint_type === 'u') schema.keys.push(`${index.table} unique (${list})`);
    else if (!POSTGRES_ONLY_INDEXES.includes(index.name)) schema.indexes.push(`${index.name} on ${index.table}(${list})`);
  }
  const foreignKeys = await rows<{ table: string; from: string; target: string; to: string; on_delete: string }>(
    `select t.relname as table, a.attname as from, r.relname as target, ra.attname as to,
       case c.confdeltype when 'c' then 'cascade' when 'n' then 'set null' when 'a' then 'no action' when 'r' then 'restrict' else 'set default' end as on_delete
     from pg_constraint c
     join pg_class t on t.oid = c.conrelid
     join pg_class r on r.oid = c.confrelid
     join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
     join pg_attribute ra on ra.attrelid = c.confrelid and ra.attnum = c.confkey[1]
     where c.contype = 'f' and c.connamespace = 'public'::regnamespace`,
  );
  for (const fk of foreignKeys) schema.foreignKeys.push(`${fk.table}(${fk.from}) -> ${fk.target}(${fk.to}) on delete ${fk.on_delete}`);
  return sorted(schema);
}

const sorted = (schema: Schema): Schema => ({
  columns: Object.fromEntries(Object.entries(schema.columns).toSorted(([a], [b]) => a.localeCompare(b))),
  indexes: schema.indexes.toSorted(),
  keys: schema.keys.toSorted(),
  foreignKeys: schema.foreignKeys.toSorted(),
});

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('PostgreSQL schema', () => {
  let server: TestPostgres;
  let pg: DB;
  let expected: Schema;

  beforeAll(async () => {
    try {
      server = await startPostgres({ database: 'schema_test' });
    } catch (error) {
      throw new Error(`PostgreSQL could not be installed or started for this test: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
    pg = createPostgresDb(server.url, 4);
    const sqlite = createDb(':memory:');
    await migrateToLatest(sqlite);
    expected = await sqliteSchema(sqlite);
    await sqlite.destroy();
  }, 240_000);

  afterAll(async () => {
    await pg?.destroy();
    await server?.stop();
  });

  it('every migration up from empty builds the tables, columns, keys and indexes SQLite has', async () => {
    expect(engineOf(pg)).toBe('postgres');
    await migrateToLatest(pg);
    const actual = await postgresSchema(pg);
    // What SQLite has is substantial, so an empty comparison cannot pass.
    expect(Object.keys(expected.columns).length).toBeGreaterThan(15);
    expect(expected.indexes.length).toBeGreaterThan(20);
    expect(expected.foreignKeys.length).toBeGreaterThan(20);
    expect(expected.keys).toContain('users unique (email)');
    expect(actual).toEqual(expected);
    const trigramIndexes = await sql<{ indexname: string }>`select indexname from pg_indexes where indexdef like '%gin_trgm_ops%' order by indexname`.execute(pg);
    expect(trigramIndexes.rows.map((row) => row.indexname)).toEqual(POSTGRES_ONLY_INDEXES);
  });

  it('every table a cached answer may show tells the other instances of a write by any writer (psql, npm run admin): its public-data trigger', async () => {
    const tables = Object.keys(expected.columns);
    const watched = new Set(
      (await sql<{ table: string }>`select distinct c.relname as table from pg_trigger t join pg_class c on c.oid = t.tgrelid where not t.tgisinternal and t.tgname like '%public_data_changed'`.execute(pg)).rows.map((r) => r.table),
    );
    // What no cache shows (db/watched-writes.ts UNSHOWN_TABLES), and what only triggers write: the statement that fired them notified.
    const triggerWritten = ['row_counts', 'shop_order_totals', 'shop_order_days'];
    const unwatched = tables.filter((table) => !watched.has(table) && !triggerWritten.includes(table) && changesAnswers(`insert into "${table}" (x) values (1)`));
    expect(watched.size).toBeGreaterThan(20);
    expect(unwatched).toEqual([]);
  });

  it('the triggers keep ratings, order totals and row counts, and defaults are ISO instants as on SQLite', async () => {
    const user = await pg.insertInto('users').values({ email: 'buyer@example.com', password_hash: 'x' }).returning(['id', 'created_at']).executeTakeFirstOrThrow();
    expect(typeof user.id).toBe('number');
    expect(user.created_at).toMatch(ISO_INSTANT);
    const shop = await pg
      .insertInto('shops')
      .values({ owner_id: user.id, name: 'Shop', slug: 'shop', whatsapp_number: '1', currency: 'EUR' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const product = await pg
      .insertInto('products')
      .values({ shop_id: shop.id, name: 'Lamp', slug: 'lamp', selling_price: 1200, currency: 'EUR', stock_amount: 3, unit: 'pieces' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const review = await pg.insertInto('product_reviews').values({ product_id: product.id, user_id: user.id, rating: 4 }).returning('id').executeTakeFirstOrThrow();
    await pg.insertInto('shop_reviews').values({ shop_id: shop.id, user_id: user.id, rating: 5 }).execute();
    const stats = (table: 'products' | 'shops', id: number) => pg.selectFrom(table).select(['rating_sum', 'review_count']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(await stats('products', product.id)).toEqual({ rating_sum: 4, review_count: 1 });
    expect(await stats('shops', shop.id)).toEqual({ rating_sum: 5, review_count: 1 });
    await pg.updateTable('product_reviews').set({ rating: 2 }).where('id', '=', review.id).execute();
    expect(await stats('products', product.id)).toEqual({ rating_sum: 2, review_count: 1 });
    await pg.deleteFrom('product_reviews').where('id', '=', review.id).execute();
    expect(await stats('products', product.id)).toEqual({ rating_sum: 0, review_count: 0 });

    const order = {
      shop_id: shop.id,
      shop_name: 'Shop',
      shop_whatsapp: '1',
      currency: 'EUR',
      buyer_name: 'B',
      buyer_email: 'buyer@example.com',
      buyer_phone: '1',
      ship_address: 'a',
      ship_city: 'c',
      ship_postal_code: 'p',
      subtotal: 1200,
      total: 1200,
      created_at: '2026-05-30T23:59:00.000Z',
    };
    const first = await pg.insertInto('orders').values({ ...order, order_number: 'A-1' }).returning('id').executeTakeFirstOrThrow();
    await pg.insertInto('orders').values({ ...order, order_number: 'A-2', total: 800 }).execute();
    const totals = () => pg.selectFrom('shop_order_totals').select(['status', 'order_count', 'order_total']).orderBy('status').execute();
    expect(await totals()).toEqual([{ status: 'pending', order_count: 2, order_total: 2000 }]);
    await pg.updateTable('orders').set({ status: 'delivered' }).where('id', '=', first.id).execute();
    expect(await totals()).toEqual([
      { status: 'delivered', order_count: 1, order_total: 1200 },
      { status: 'pending', order_count: 1, order_total: 800 },
    ]);
    expect(await pg.selectFrom('shop_order_days').select(['day', 'status', 'order_count']).orderBy('status').execute()).toEqual([
      { day: '2026-05-30', status: 'delivered', order_count: 1 },
      { day: '2026-05-30', status: 'pending', order_count: 1 },
    ]);
    const counts = () => pg.selectFrom('row_counts').select(['table_name', 'row_count']).orderBy('table_name').execute();
    expect(await counts()).toEqual([
      { table_name: 'products', row_count: 1 },
      { table_name: 'profiles', row_count: 0 },
      { table_name: 'shops', row_count: 1 },
    ]);

    // A cascade: the shop's products, reviews and totals go with it; its orders stay, detached.
    await pg.deleteFrom('shops').where('id', '=', shop.id).execute();
    expect(await counts()).toEqual([
      { table_name: 'products', row_count: 0 },
      { table_name: 'profiles', row_count: 0 },
      { table_name: 'shops', row_count: 0 },
    ]);
    expect(await totals()).toEqual([]);
    expect(await pg.selectFrom('orders').select('shop_id').execute()).toEqual([{ shop_id: null }, { shop_id: null }]);
  });

  it('every migration goes down to an empty database and up again', async () => {
    await migrateDownToEmpty(pg);
    const left = await sql<{ name: string }>`select c.relname as name from pg_class c join pg_namespace s on s.oid = c.relnamespace
      where s.nspname = 'public' and c.relkind in ('r', 'i', 'S') and c.relname not like 'kysely_migration%'`.execute(pg);
    expect(left.rows).toEqual([]);
    const functions = await sql<{ name: string }>`select proname as name from pg_proc where pronamespace = 'public'::regnamespace and prolang = (select oid from pg_language where lanname = 'plpgsql')`.execute(pg);
    expect(functions.rows).toEqual([]);
    await migrateToLatest(pg);
    expect(await postgresSchema(pg)).toEqual(expected);
  });

  it('the server starts on DATABASE_URL, and stops before listening when PostgreSQL is unreachable', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'pg-start-'));
    try {
      const url = await server.createDatabase('start_test');
      const started = await startServerProcess(path.join(folder, 'unused.sqlite'), { DATABASE_URL: url });
      started.child.kill('SIGTERM');
      await started.exited;
      // It migrated that database, and never opened the SQLite file.
      const migrated = createPostgresDb(url, 1);
      expect((await sql<{ n: number }>`select count(*) as n from users`.execute(migrated)).rows).toEqual([{ n: 0 }]);
      await migrated.destroy();
      expect(fs.existsSync(path.join(folder, 'unused.sqlite'))).toBe(false);

      const refused = startServerProcess(path.join(folder, 'unused.sqlite'), { DATABASE_URL: `postgres://postgres@127.0.0.1:${await closedPort()}/x` });
      await expect(refused).rejects.toThrow(/server exited \(1\)[\s\S]*Failed to start: cannot reach the PostgreSQL database in DATABASE_URL/);
      expect(fs.existsSync(path.join(folder, 'unused.sqlite'))).toBe(false);
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  }, 60_000);
});

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}
