import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { describe, inject, it } from 'vitest';
import { createDb, createPostgresDb, type DB, postgresPool } from '../db/client';

/**
 * The engine the router and service tests run on: SQLite (the default) or, with TEST_DATABASE=postgres,
 * a throw-away PostgreSQL cluster (tests/setup/global-setup.ts).
 */
export const testEngine = inject('testEngine');

/**
 * Tests of what exists on SQLite only by nature (EXPLAIN plans, FTS5, `vacuum into` backups, WAL
 * crashes, data_version): they always run on SQLite, and are reported skipped on a PostgreSQL run.
 */
export const describeSqliteOnly = testEngine === 'sqlite' ? describe : describe.skip;
export const itSqliteOnly = testEngine === 'sqlite' ? it : it.skip;

/** Connections per test database: several, so concurrent checkouts really race. */
const TEST_POOL_SIZE = 5;
let databases = 0;

async function withAdmin<T>(adminUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * A new PostgreSQL database copied from `template` when its first query runs (so that creating a test
 * environment stays synchronous), dropped when the handle is destroyed.
 */
export function createPostgresTestDb(template: string): DB {
  const settings = inject('postgresTemplate');
  if (!settings) throw new Error('No PostgreSQL test cluster: run with TEST_DATABASE=postgres.');
  const name = `test_${process.pid}_${++databases}_${Math.random().toString(36).slice(2, 8)}`;
  const url = new URL(settings.adminUrl);
  url.pathname = `/${name}`;
  return createPostgresDb(url.href, TEST_POOL_SIZE, async () => {
    await withAdmin(settings.adminUrl, async (client) => {
      // Two copies of one template at the same moment: PostgreSQL refuses the second while the first reads it.
      for (let attempt = 1; ; attempt++) {
        try {
          await client.query(`create database "${name}" template "${template}"`);
          return;
        } catch (error) {
          if (attempt >= 50 || !/being accessed by other users/.test(String(error))) throw error;
          await new Promise((resolve) => setTimeout(resolve, 20 + Math.random() * 50));
        }
      }
    });
    const pool = postgresPool(url.href, TEST_POOL_SIZE);
    const end = pool.end.bind(pool);
    pool.end = async () => {
      await end();
      await withAdmin(settings.adminUrl, (client) => client.query(`drop database if exists "${name}" with (force)`));
    };
    return pool;
  });
}

/** The cluster's migrated template database (TEST_DATABASE=postgres). */
export function postgresTemplateName(): string {
  return inject('postgresTemplate')?.template ?? '';
}

/**
 * A copy of a test database, to start other test databases from (its connections are closed first:
 * PostgreSQL copies only a database nobody is connected to; the pool opens new ones when next used).
 * Dropped with the cluster.
 */
export async function snapshotPostgresTestDb(db: DB): Promise<string> {
  const settings = inject('postgresTemplate');
  if (!settings) throw new Error('No PostgreSQL test cluster: run with TEST_DATABASE=postgres.');
  const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(db);
  const source = rows[0]!.name;
  const name = `snapshot_${process.pid}_${++databases}`;
  await withAdmin(settings.adminUrl, async (client) => {
    await client.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [source]);
    await client.query(`create database "${name}" template "${source}"`);
  });
  return name;
}

/**
 * A second handle on a test environment's database, as a second server process would hold. SQLite: a
 * second connection to the file, where SQLite's own locking decides (its busy wait would block this
 * single thread, so both fail fast instead and the services retry after yielding). PostgreSQL: a
 * second pool of several connections. The caller destroys it.
 */
export async function secondHandle(env: { db: DB; dir: string }): Promise<DB> {
  if (testEngine === 'sqlite') {
    const other = createDb(path.join(env.dir, 'db.sqlite'));
    await sql`pragma busy_timeout = 0`.execute(other);
    await sql`pragma busy_timeout = 0`.execute(env.db);
    return other;
  }
  return createPostgresDb(await postgresUrlOf(env.db), TEST_POOL_SIZE);
}

/** The URL of a PostgreSQL test database (for a second pool, or a listening connection as an instance holds). */
export async function postgresUrlOf(db: DB): Promise<string> {
  const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(db);
  const url = new URL(inject('postgresTemplate')!.adminUrl);
  url.pathname = `/${rows[0]!.name}`;
  return url.href;
}

/** The app's tables (not the migrations' own, nor an engine's internal ones), by name. */
export async function tableNames(db: DB): Promise<string[]> {
  const { rows } =
    testEngine === 'postgres'
      ? await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`.execute(db)
      : await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db);
  return rows.map((row) => row.name);
}
