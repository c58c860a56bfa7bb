import type { AbortableOperationOptions, CompiledQuery, DatabaseConnection, Driver, QueryCompiler, TransactionSettings } from 'kysely';

// The session cache (auth/session-cache.ts) keeps who a session cookie belongs to and what that
// account may do. Whatever changes that, through this process's database handle, must empty it at
// once, whoever writes: a service, a cascade the service did not name, a test's fixture. So the
// driver itself watches the SQL it runs (Kysely writes `update "t"`, `delete from "t"`, `insert into
// "t"`), rather than every service remembering to say so. Other processes: data_version (SQLite) and
// the triggers' notifications (PostgreSQL, db/signals.ts).

/**
 * Writes that can change a cached session: a session ended (sign-out, "sign out of all devices", a
 * password change), an account's password, profile or roles changed, an account deleted. Not: a new
 * session or account (nothing cached names it yet), the hourly `last_seen_at` touch, and deleting
 * sessions that had already expired (the cache refuses those by their expiry itself).
 */
const WRITE = /^(?:update|delete from|insert into) "(sessions|users|profiles|user_roles)"/;
const HARMLESS = /^(?:insert into "(?:sessions|users|profiles)"|update "sessions" set "last_seen_at" = \S+ where|delete from "sessions" where .*"expires_at" <=)/;

export function changesSessions(sqlText: string): boolean {
  return WRITE.test(sqlText) && !HARMLESS.test(sqlText);
}

/**
 * Told of each such write: once when the statement ran and once more when its transaction committed;
 * `since` is when the first such statement of the transaction started (performance.now()).
 */
export type SessionWriteListener = (phase: 'statement' | 'committed', since: number) => void | Promise<void>;

export interface SessionWrites {
  subscribe(listener: SessionWriteListener): () => void;
}

interface ConnectionState {
  inner: DatabaseConnection;
  inTransaction: boolean;
  /** When the transaction's first session write started, or null when it made none. */
  since: number | null;
}

/**
 * Wraps an engine's driver: the same connections and transactions, and after a statement that
 * changes sessions (above) the listeners hear of it; when that statement was in a transaction, again
 * after the commit (a reader on another PostgreSQL connection may have read, and kept, the state
 * before it). A commit waits for the listeners (on PostgreSQL: until the other instances were told).
 */
export function watchSessionWrites(inner: Driver): { driver: Driver; writes: SessionWrites } {
  const listeners = new Set<SessionWriteListener>();
  const states = new WeakMap<DatabaseConnection, ConnectionState>();
  const wrappers = new WeakMap<DatabaseConnection, DatabaseConnection>();
  const tell = async (phase: 'statement' | 'committed', since: number) => {
    for (const listener of listeners) await listener(phase, since);
  };
  const stateOf = (connection: DatabaseConnection) => states.get(connection)!;

  function wrap(connection: DatabaseConnection): DatabaseConnection {
    const known = wrappers.get(connection);
    if (known) return known;
    const state: ConnectionState = { inner: connection, inTransaction: false, since: null };
    const wrapper: DatabaseConnection = {
      async executeQuery<R>(query: CompiledQuery, options?: AbortableOperationOptions) {
        const watched = listeners.size > 0 && changesSessions(query.sql);
        const startedAt = watched ? performance.now() : 0;
        const result = await connection.executeQuery<R>(query, options);
        // A statement that changed no row changed nothing (and PostgreSQL's row triggers notify nobody).
        if (watched && result.numAffectedRows !== BigInt(0)) {
          await tell('statement', startedAt);
          if (state.inTransaction) state.since ??= startedAt;
          else await tell('committed', startedAt);
        }
        return result;
      },
      streamQuery: (query, chunkSize, options) => connection.streamQuery(query, chunkSize, options),
    };
    wrappers.set(connection, wrapper);
    states.set(wrapper, state);
    return wrapper;
  }

  const driver: Driver = {
    init: (options) => inner.init(options),
    acquireConnection: async (options) => wrap(await inner.acquireConnection(options)),
    async beginTransaction(connection, settings: TransactionSettings) {
      const state = stateOf(connection);
      await inner.beginTransaction(state.inner, settings);
      state.inTransaction = true;
      state.since = null;
    },
    async commitTransaction(connection) {
      const state = stateOf(connection);
      await inner.commitTransaction(state.inner);
      state.inTransaction = false;
      const since = state.since;
      state.since = null;
      if (since !== null) await tell('committed', since);
    },
    async rollbackTransaction(connection) {
      const state = stateOf(connection);
      state.inTransaction = false;
      state.since = null;
      await inner.rollbackTransaction(state.inner);
    },
    savepoint: (connection, name, compile: QueryCompiler['compileQuery']) => inner.savepoint!(stateOf(connection).inner, name, compile),
    rollbackToSavepoint: (connection, name, compile) => inner.rollbackToSavepoint!(stateOf(connection).inner, name, compile),
    releaseSavepoint: (connection, name, compile) => inner.releaseSavepoint!(stateOf(connection).inner, name, compile),
    releaseConnection: (connection, options) => inner.releaseConnection(stateOf(connection).inner, options),
    destroy: (options) => inner.destroy(options),
  };
  return {
    driver,
    writes: {
      subscribe(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    },
  };
}
