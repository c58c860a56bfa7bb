import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  PostgresAdapter,
  PostgresDialect,
  type PostgresDialectConfig,
  PostgresDriver,
  SqliteDialect,
  type SqliteDatabase,
  type SqliteDialectConfig,
  SqliteDriver,
  sql,
  type TransactionSettings,
} from 'kysely';
import pg from 'pg';
import { prepareStatements } from './prepared-statements';
import type { Database } from './schema';
import { type WatchedWrites, watchWrites } from './watched-writes';

export type DB = Kysely<Database>;

/**
 * Transactions take SQLite's write lock when they begin. A deferred transaction that reads and then
 * writes fails at once with SQLITE_BUSY, without waiting for busy_timeout, when another connection
 * (a command-line tool, the e2e fixtures) wrote in between.
 */
class ImmediateTransactionDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class AppSqliteDialect extends SqliteDialect {
  writes: WatchedWrites | undefined;
  constructor(private readonly settings: SqliteDialectConfig) {
    super(settings);
  }

  override createDriver(): Driver {
    const { driver, writes } = watchWrites(new ImmediateTransactionDriver(this.settings));
    this.writes = writes;
    return driver;
  }
}

/** Statements kept prepared: the app's queries are a few hundred SQL texts. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely's driver prepares every query it runs, and preparing (parsing and planning the SQL) cost as
 * much as running it: each SQL text is prepared once here and its statement reused (least recently
 * used first out). Safe because better-sqlite3 runs one statement at a time on a connection.
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text) {
      let statement = statements.get(text);
      if (statement) statements.delete(text);
      else statement = sqlite.prepare(text);
      statements.set(text, statement);
      if (statements.size > STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
      return statement;
    },
  };
}

const connections = new WeakMap<DB, SQLite.Database>();
const writesOf = new WeakMap<DB, WatchedWrites>();

/**
 * Writes through this handle that change what the session cache or the own-reads cache holds
 * (db/watched-writes.ts). A handle made elsewhere (none here) has nothing to tell.
 */
export function watchedWrites(db: DB): WatchedWrites {
  return writesOf.get(db) ?? { subscribe: () => () => false };
}

/**
 * A check that answers true once after another connection (another process: `npm run admin`, a restore,
 * the e2e fixtures) committed to the database file since the last check; this process's own writes do
 * not count (SQLite's `data_version`). The caches ask it on every read, and it reads the version once
 * per turn of the event loop: the requests one turn handles arrived together, and a commit made
 * elsewhere meanwhile is seen by the next turn's first read. Reading it for every request cost 8% of a
 * cached read's CPU under the bench (about 10 µs: it opens a read transaction).
 * On PostgreSQL it never answers true: other writers (instances, commands) reach the caches through
 * the triggers' notifications (db/signals.ts), not through this check.
 */
export function otherConnectionsWrote(db: DB): () => boolean {
  const sqlite = connections.get(db);
  if (!sqlite) return () => false;
  const version = sqlite.prepare('pragma data_version').pluck();
  let seen = version.get();
  let readThisTurn = false;
  const nextTurn = () => {
    readThisTurn = false;
  };
  return () => {
    if (readThisTurn) return false;
    readThisTurn = true;
    setImmediate(nextTurn);
    const now = version.get();
    if (now === seen) return false;
    seen = now;
    return true;
  };
}

/** Opens the one SQLite file in WAL mode, durable at each commit, with foreign keys enforced. */
export function createDb(file: string): DB {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // FULL: in WAL mode every commit fsyncs the log before it returns, so an order the buyer was told
  // is placed survives a power loss or an OS crash, not only a crash of this process (NORMAL syncs
  // only at checkpoints). Measured cost: see "Durability" in docs/operations.md.
  sqlite.pragma('synchronous = FULL');
  const dialect = new AppSqliteDialect({ database: withStatementCache(sqlite) });
  const db = new Kysely<Database>({ dialect });
  connections.set(db, sqlite);
  if (dialect.writes) writesOf.set(db, dialect.writes);
  return db;
}

/** Which engine a database (or a transaction on it) runs on. */
export type Engine = 'sqlite' | 'postgres';

export function engineOf(db: DB): Engine {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

// PostgreSQL's 64-bit integers (the schema's integer columns, count(*)) and numerics (sum() of them)
// come back as strings from `pg`; read as numbers, as better-sqlite3 gives them: every amount and count
// the app stores stays far below 2^53.
const BIGINT_OID = 20;
const NUMERIC_OID = 1700;
const pgTypes: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === BIGINT_OID || oid === NUMERIC_OID ? Number : pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
};

/**
 * SQLite runs one write transaction at a time and the services rely on it: a check and the write it
 * allows (the last admin, an image in use) never interleave with another transaction. On PostgreSQL
 * transactions run side by side, so they are serializable unless they ask otherwise (the checkout:
 * read committed with guarded updates, db/group-commit.ts): one that would break such a rule fails
 * with a serialization failure (40001) instead.
 */
class SerializablePostgresDriver extends PostgresDriver {
  /** This instance tells the others of its commits itself (db/signals.ts): its transactions say so to the triggers. */
  notifiesAfterCommit = false;

  override async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const isolation = settings.isolationLevel ?? 'serializable';
    const begin = `start transaction isolation level ${isolation}${settings.accessMode ? ` ${settings.accessMode}` : ''}`;
    // Sent with the BEGIN (one round trip): the public-data triggers stay silent in this transaction,
    // which then commits without PostgreSQL's notification lock (migration 2026_11_30_010000).
    const sqlText = this.notifiesAfterCommit ? `${begin}; set local marketplace.notify_after_commit = 'on'` : begin;
    await connection.executeQuery(CompiledQuery.raw(sqlText));
  }
}

class AppPostgresDialect extends PostgresDialect {
  writes: WatchedWrites | undefined;
  driver: SerializablePostgresDriver | undefined;
  constructor(private readonly settings: PostgresDialectConfig) {
    super(settings);
  }

  override createDriver(): Driver {
    this.driver = new SerializablePostgresDriver(this.settings);
    const { driver, writes } = watchWrites(this.driver);
    this.writes = writes;
    return driver;
  }
}

const postgresDrivers = new WeakMap<DB, SerializablePostgresDriver>();

/**
 * From now on (until called with false) this handle's transactions leave the public-data
 * notification to the caller, who sends it once each has committed (db/signals.ts linkCaches).
 */
export function notifyAfterCommit(db: DB, on: boolean): void {
  const driver = postgresDrivers.get(db);
  if (driver) driver.notifiesAfterCommit = on;
}

/** A `pg` pool of `poolSize` connections to the PostgreSQL database at `url`, reading numbers as numbers. */
export function postgresPool(url: string, poolSize: number, options: { preparedStatements?: boolean } = {}): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, types: pgTypes, connectionTimeoutMillis: 10_000 });
  // An idle connection the server closed (a restart, a failover) is dropped from the pool, not a crash.
  pool.on('error', () => {});
  return options.preparedStatements === false ? pool : prepareStatements(pool);
}

/**
 * A database on a pool of `poolSize` connections to the PostgreSQL database at `url` (postgres://…);
 * connects lazily. `pool` replaces the pool, made when the first query runs (the tests' databases).
 */
export function createPostgresDb(url: string, poolSize: number, pool?: () => Promise<pg.Pool>, options: { preparedStatements?: boolean } = {}): DB {
  const dialect = new AppPostgresDialect({ pool: pool ?? postgresPool(url, poolSize, options) });
  const db = new Kysely<Database>({ dialect });
  if (dialect.writes) writesOf.set(db, dialect.writes);
  if (dialect.driver) postgresDrivers.set(db, dialect.driver);
  return db;
}

/** Gathers the planner's statistics of every table (PostgreSQL's ANALYZE): after a bulk load or a restore, which leave none until autovacuum. */
export async function analyze(db: DB): Promise<void> {
  await sql`analyze`.execute(db);
}

/** The database the settings name: PostgreSQL when DATABASE_URL is set, else the SQLite file at DATABASE_PATH. */
export function openDb(settings: { DATABASE_URL?: string; DATABASE_PATH: string; DATABASE_POOL_SIZE: number; DATABASE_PREPARED_STATEMENTS?: 'on' | 'off' }): DB {
  return settings.DATABASE_URL
    ? createPostgresDb(settings.DATABASE_URL, settings.DATABASE_POOL_SIZE, undefined, { preparedStatements: settings.DATABASE_PREPARED_STATEMENTS !== 'off' })
    : createDb(settings.DATABASE_PATH);
}
