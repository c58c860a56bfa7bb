// Types of postgres.mjs for the TypeScript tests that import it.

export interface TestPostgres {
  /** postgres://postgres@127.0.0.1:<port>/<database> (trust authentication, no password). */
  url: string;
  host: string;
  port: number;
  database: string;
  user: string;
  /** `show server_version`, e.g. "15.18 (Debian 15.18-0+deb12u1)". */
  version: string;
  /** /usr/lib/postgresql/<version>/bin: psql, pg_dump, pg_restore… of the same version. */
  binDir: string;
  dataDir: string;
  /** Seconds from the call to a server accepting connections with the database created. */
  startSeconds: number;
  urlFor(database: string): string;
  /** Runs SQL through psql; resolves to its unaligned, tuples-only output, trimmed. */
  psql(sql: string, options?: { database?: string }): Promise<string>;
  /** Creates another database (a copy of `template` when given) and returns its URL. */
  createDatabase(name: string, options?: { template?: string }): Promise<string>;
  stop(): Promise<void>;
}

export function postgresBinDir(): string;

export function startPostgres(options?: {
  database?: string;
  timeoutMs?: number;
  /** More `-c name=value` server settings (they win over the defaults). */
  settings?: Record<string, string | number>;
}): Promise<TestPostgres>;
