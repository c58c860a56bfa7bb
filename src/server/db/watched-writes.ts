import type { AbortableOperationOptions, CompiledQuery, DatabaseConnection, Driver, QueryCompiler, TransactionSettings } from 'kysely';

// Two caches keep what the database said: the session cache (auth/session-cache.ts: who a session
// cookie belongs to and what that account may do) and the own-reads cache (cache/own-reads.ts: a
// caller's orders, dashboard, counts). Whatever changes what they hold, through this process's
// database handle, must empty them at once, whoever writes: a service, a cascade the service did not
// name, a housekeeping batch, a test's fixture. So the driver itself watches the SQL it runs (Kysely
// writes `update "t"`, `delete from "t"`, `insert into "t"`), rather than every service remembering to
// say so. Other processes: data_version (SQLite) and the triggers' notifications (PostgreSQL, db/signals.ts).

// A data-modifying CTE (`with o as (insert into orders ...)`, the checkout's writes on PostgreSQL) counts by its first write.
const WRITE = /^\s*(?:with\b[\s\S]*?\(\s*)?(?:update|delete\s+from|insert\s+into)\s+"?(\w+)"?/i;

/**
 * Writes that can change a cached session: a session ended (sign-out, "sign out of all devices", a
 * password change), an account's password, profile or roles changed, an account deleted. Not: a new
 * session or account (nothing cached names it yet), the hourly `last_seen_at` touch, and deleting
 * sessions that had already expired (the cache refuses those by their expiry itself).
 */
const SESSION_TABLES = new Set(['sessions', 'users', 'profiles', 'user_roles']);
const HARMLESS = /^(?:insert into "(?:sessions|users|profiles)"|update "sessions" set "last_seen_at" = \S+ where|delete from "sessions" where .*"expires_at" <=)/;

/** Tables no cached answer shows: sessions (the session cache has its own rule above), the limiters' windows, the scheduler's runs, a catalogue import's progress (read live). */
const UNSHOWN_TABLES = new Set(['sessions', 'rate_limits', 'scheduled_runs', 'product_imports', 'product_import_images']);

export function changesSessions(sqlText: string): boolean {
  return watchedWrite(sqlText)?.sessions === true;
}

/** Any write to a table whose rows a cached answer may show (every table but those above). */
export function changesAnswers(sqlText: string): boolean {
  return watchedWrite(sqlText)?.answers === true;
}

/** What a statement changes that a cache holds, or null for nothing (a read, a write no cache shows). */
function watchedWrite(sqlText: string): { sessions: boolean; answers: boolean } | null {
  const table = WRITE.exec(sqlText)?.[1]?.toLowerCase();
  if (table === undefined) return null;
  const sessions = SESSION_TABLES.has(table) && !HARMLESS.test(sqlText);
  const answers = !UNSHOWN_TABLES.has(table);
  return sessions || answers ? { sessions, answers } : null;
}

/**
 * One write a listener hears of: when it ran, or when its transaction committed; `sessions`: it can
 * change a cached session; `answers`: it wrote a table a cached answer may show.
 */
export interface WatchedWrite {
  phase: 'statement' | 'committed';
  sessions: boolean;
  answers: boolean;
}

export type WriteListener = (write: WatchedWrite) => void | Promise<void>;

export interface WatchedWrites {
  subscribe(listener: WriteListener): () => void;
}

interface ConnectionState {
  inner: DatabaseConnection;
  inTransaction: boolean;
  /** What the open transaction wrote that a cache holds (null: nothing). */
  wrote: { sessions: boolean; answers: boolean } | null;
  /** The listeners of a commit, awaited once the connection is back in the pool. */
  told: Promise<void> | null;
}

/**
 * Wraps an engine's driver: the same connections and transactions, and after a statement that
 * changes what a cache holds (above) the listeners hear of it; when that statement was in a
 * transaction, again after the commit (a reader on another PostgreSQL connection may have read, and
 * kept, the state before it). The caller waits for a commit's listeners (on PostgreSQL: until the
 * other instances were told, db/signals.ts), but the connection does not: it goes back to the pool first.
 */
export function watchWrites(inner: Driver): { driver: Driver; writes: WatchedWrites } {
  const listeners = new Set<WriteListener>();
  const states = new WeakMap<DatabaseConnection, ConnectionState>();
  const wrappers = new WeakMap<DatabaseConnection, DatabaseConnection>();
  const tell = async (write: WatchedWrite) => {
    for (const listener of listeners) await listener(write);
  };
  // A connection held for several statements (db.connection()) may commit more than once before its release.
  const after = (earlier: Promise<void> | null, write: WatchedWrite) => (earlier ? earlier.then(() => tell(write)) : tell(write));
  const stateOf = (connection: DatabaseConnection) => states.get(connection)!;

  function wrap(connection: DatabaseConnection): DatabaseConnection {
    const known = wrappers.get(connection);
    if (known) return known;
    const state: ConnectionState = { inner: connection, inTransaction: false, wrote: null, told: null };
    const wrapper: DatabaseConnection = {
      async executeQuery<R>(query: CompiledQuery, options?: AbortableOperationOptions) {
        const watched = listeners.size > 0 ? watchedWrite(query.sql) : null;
        const result = await connection.executeQuery<R>(query, options);
        // A statement that changed no row changed nothing (and PostgreSQL's row triggers notify nobody).
        if (watched && result.numAffectedRows !== BigInt(0)) {
          const { sessions, answers } = watched;
          await tell({ phase: 'statement', sessions, answers });
          if (!state.inTransaction) state.told = after(state.told, { phase: 'committed', sessions, answers });
          else if (state.wrote) {
            state.wrote.sessions ||= sessions;
            state.wrote.answers ||= answers;
          } else state.wrote = { sessions, answers };
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
      state.wrote = null;
    },
    async commitTransaction(connection) {
      const state = stateOf(connection);
      await inner.commitTransaction(state.inner);
      state.inTransaction = false;
      const wrote = state.wrote;
      state.wrote = null;
      if (wrote) state.told = after(state.told, { phase: 'committed', ...wrote });
    },
    async rollbackTransaction(connection) {
      const state = stateOf(connection);
      state.inTransaction = false;
      state.wrote = null;
      await inner.rollbackTransaction(state.inner);
    },
    savepoint: (connection, name, compile: QueryCompiler['compileQuery']) => inner.savepoint!(stateOf(connection).inner, name, compile),
    rollbackToSavepoint: (connection, name, compile) => inner.rollbackToSavepoint!(stateOf(connection).inner, name, compile),
    releaseSavepoint: (connection, name, compile) => inner.releaseSavepoint!(stateOf(connection).inner, name, compile),
    async releaseConnection(connection, options) {
      const state = stateOf(connection);
      const told = state.told;
      state.told = null;
      await inner.releaseConnection(state.inner, options);
      await told;
    },
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
