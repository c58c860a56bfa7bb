import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
} from 'kysely';
import type { Database } from './schema';

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
  constructor(private readonly settings: SqliteDialectConfig) {
    super(settings);
  }

  override createDriver(): Driver {
    return new ImmediateTransactionDriver(this.settings);
  }
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
  // only at checkpoints). Measured cost: see "Durability" in the README.
  sqlite.pragma('synchronous = FULL');
  return new Kysely<Database>({ dialect: new AppSqliteDialect({ database: sqlite }) });
}
