import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { type AppEvents, parseAppEvent } from '../events';
import { type DB, notifyAfterCommit, watchedWrites } from './client';

// Several instances on one PostgreSQL database (issue 12): what one instance (or any other writer)
// does reaches the others through LISTEN/NOTIFY. On SQLite nothing here runs: one process, whose
// cache notices other processes' commits through data_version (client.ts otherConnectionsWrote).

/** App events (events.ts), published by the instance that emitted them, as JSON. */
const EVENTS_CHANNEL = 'marketplace_events';
/** Notified, with an empty payload, by the triggers of migration 2026_11_25_010000 on every write to a table public reads show. */
const PUBLIC_DATA_CHANNEL = 'marketplace_public_data';
/** Notified with an account's id (empty: every account) by the triggers of migration 2026_11_27_020000 when its sessions, profile or roles change. */
const SESSIONS_CHANNEL = 'marketplace_sessions';
/** Notified by an instance itself after a write committed (`<instance id> <n>`), to know when its notifications reached it (`told()`). */
const ECHO_CHANNEL = 'marketplace_echo';
const CHANNELS = [EVENTS_CHANNEL, PUBLIC_DATA_CHANNEL, SESSIONS_CHANNEL, ECHO_CHANNEL] as const;
/** In one turn's statement (notifier below): what changed, then the events (the echoes follow in the next). */
const SEND_ORDER: readonly string[] = [PUBLIC_DATA_CHANNEL, SESSIONS_CHANNEL, EVENTS_CHANNEL];
type Channel = (typeof CHANNELS)[number];

/** How the listening connection shows in pg_stat_activity (and how a test finds it). */
export const SIGNALS_APPLICATION_NAME = 'marketplace-signals';

/** Waits before reconnecting: doubled after each failed attempt, up to the maximum. */
const RETRY = { firstMs: 250, maxMs: 30_000 } as const;

/**
 * A listening connection only receives, so a link that died silently (a NAT or firewall forgetting it,
 * a machine gone) would never report an error: every this often it is asked `select 1`, and one that
 * does not answer within the same time counts as lost.
 */
const HEARTBEAT_MS = 15_000;

export interface SignalsLog {
  info(message: string): void;
  warn(message: string): void;
}

export interface DbSignals {
  /** Whether this instance is listening right now (false while it reconnects: notifications may be missed). */
  listening(): boolean;
  /** Closes the listening connection for good (at shutdown). */
  close(): Promise<void>;
}

/**
 * One dedicated connection (not one of the pool's, which come and go) that LISTENs for the instance.
 * When it drops (a restart, a failover, pg_terminate_backend) it reconnects with a growing pause, and
 * once listening again calls `onResync`: whatever was notified meanwhile is lost, so the caller treats
 * everything as possibly changed. Resolves once listening; rejects when the first connection fails.
 */
async function listen(
  url: string,
  options: { log: SignalsLog; onNotification(channel: Channel, payload: string): void; onResync(): void; heartbeatMs?: number },
): Promise<DbSignals> {
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  let client: pg.Client | null = null;
  let listening = false;
  let closed = false;
  let retryMs: number = RETRY.firstMs;
  let timer: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;

  const dropped = (which: pg.Client, error?: unknown) => {
    if (client !== which) return; // 'error' and 'end' both report one loss
    client = null;
    listening = false;
    clearInterval(heartbeat);
    which.end().catch(() => {});
    if (closed) return;
    options.log.warn(`lost the PostgreSQL connection that listens for other instances (${error instanceof Error ? error.message : 'closed'}); reconnecting in ${retryMs} ms`);
    timer = setTimeout(() => void connect().catch(() => {}), retryMs);
    retryMs = Math.min(retryMs * 2, RETRY.maxMs);
  };

  const connect = async (): Promise<void> => {
    if (closed) return;
    const next = new pg.Client({
      connectionString: url,
      application_name: SIGNALS_APPLICATION_NAME,
      connectionTimeoutMillis: 10_000,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    client = next;
    next.on('notification', (message) => {
      if ((CHANNELS as readonly string[]).includes(message.channel)) options.onNotification(message.channel as Channel, message.payload ?? '');
    });
    next.on('error', (error) => dropped(next, error));
    next.on('end', () => dropped(next));
    try {
      await next.connect();
      for (const channel of CHANNELS) await next.query(`listen ${channel}`);
    } catch (error) {
      dropped(next, error);
      throw error;
    }
    if (client !== next) return;
    let waiting = false;
    heartbeat = setInterval(() => {
      if (waiting) return;
      waiting = true;
      let late: NodeJS.Timeout | undefined;
      const silent = new Promise<never>((_, reject) => {
        late = setTimeout(() => reject(new Error(`no answer to a heartbeat within ${heartbeatMs} ms`)), heartbeatMs);
      });
      Promise.race([next.query('select 1'), silent])
        .catch((error: unknown) => dropped(next, error))
        .finally(() => {
          clearTimeout(late);
          waiting = false;
        });
    }, heartbeatMs);
    heartbeat.unref();
    const again = retryMs !== RETRY.firstMs;
    listening = true;
    retryMs = RETRY.firstMs;
    if (again) options.log.info('listening for other instances again');
    // Only now: a notification sent before LISTEN took effect was never queued for this connection.
    options.onResync();
  };

  try {
    await connect();
  } catch (error) {
    closed = true;
    clearTimeout(timer);
    throw error;
  }
  return {
    listening: () => listening,
    async close() {
      closed = true;
      clearTimeout(timer);
      clearInterval(heartbeat);
      const last = client;
      client = null;
      listening = false;
      await last?.end().catch(() => {});
    },
  };
}

export interface InstanceLinks extends DbSignals {
  /**
   * A write of this process committed: the other instances are told (when it changed what an answer
   * shows; this instance's transactions leave that to this call, db/client.ts notifyAfterCommit),
   * and the promise resolves as `told()`'s does. Should the process die between a commit and this
   * notification, the other instances' cached answers of it live out their age (30 s, cache/public-cache.ts).
   */
  committed(write: { answers: boolean }): Promise<void>;
  /** For the public and session caches' `changedElsewhere`: true while not listening, so nothing read then is kept. */
  notListening(): boolean;
  /**
   * Resolves once every notification of the writes this process committed before the call reached
   * this instance (at most `ECHO_MS` later). After a write that changes what a cache holds commits,
   * the writer waits for this before it answers: PostgreSQL sends a commit's notifications to every
   * listening instance at once, so the next request, wherever it goes, finds the other instances'
   * caches already emptied. How: a notification of its own on `marketplace_echo`, sent after those
   * commits, comes back after theirs (each listener receives notifications in commit order). Calls
   * that arrive while one is waiting to be sent share it.
   */
  told(): Promise<void>;
}

/** The longest a write waits for its notifications to come back (a lost link: the others resync). */
const ECHO_MS = 1_000;

/**
 * Links this instance to the others on the PostgreSQL database at `url`:
 * - every event `events` emits is published with pg_notify (through the pool, after the commit it
 *   describes: the services emit once their transaction has committed), and the other instances'
 *   events are delivered to this one's listeners. This instance's own events come back too and are
 *   skipped by the instance id they carry: they were delivered locally at once, as on SQLite, so a
 *   live screen does not wait for a round trip or depend on the listening connection;
 * - every committed write to a table public reads show, by anyone (another instance, `npm run admin`,
 *   migrate-data, a test's fixture), calls `publicDataChanged` (the triggers' notification), and so
 *   does every reconnection, since notifications may have been missed meanwhile.
 */
export async function linkInstances(options: {
  url: string;
  db: DB;
  events: AppEvents;
  publicDataChanged(): void;
  /** An account's sessions, profile or roles changed (null: any account's, e.g. after a reconnection). */
  sessionsChanged(userId: number | null): void;
  log: SignalsLog;
  /** How often the listening connection is checked (tests: shorter). */
  heartbeatMs?: number;
}): Promise<InstanceLinks> {
  const instance = randomUUID();
  // Echoes sent and not yet back, by number; `nextEcho`: the one that later callers join until it is sent.
  const echoes = new Map<number, () => void>();
  let echoCount = 0;
  let nextEcho: Promise<void> | null = null;
  const echoed = (payload: string) => {
    const [from, n] = payload.split(' ');
    if (from !== instance) return;
    echoes.get(Number(n))?.();
  };
  const allEchoed = () => {
    for (const resolve of echoes.values()) resolve();
  };
  const signals = await listen(options.url, {
    log: options.log,
    heartbeatMs: options.heartbeatMs,
    onResync() {
      options.publicDataChanged();
      options.sessionsChanged(null);
      allEchoed();
    },
    onNotification(channel, payload) {
      if (channel === PUBLIC_DATA_CHANNEL) return options.publicDataChanged();
      if (channel === ECHO_CHANNEL) return echoed(payload);
      if (channel === SESSIONS_CHANNEL) {
        const userId = Number(payload);
        return options.sessionsChanged(payload !== '' && Number.isSafeInteger(userId) ? userId : null);
      }
      let message: { from?: unknown; event?: unknown };
      try {
        message = JSON.parse(payload) as typeof message;
      } catch {
        return;
      }
      const event = parseAppEvent(message.event);
      if (event && message.from !== instance) options.events.deliver(event);
    },
  });
  const notify = notifier(options.db);
  options.events.relayTo((event) => {
    notify(EVENTS_CHANNEL, JSON.stringify({ from: instance, event })).catch((error: unknown) =>
      options.log.warn(`could not tell the other instances about ${event.name}: ${error instanceof Error ? error.message : String(error)}`),
    );
  });
  const told = () => {
    if (!signals.listening()) return Promise.resolve();
    // Sent with the next turn's notifications: whatever committed before a call of this turn is before it.
    nextEcho ??= new Promise<void>((resolve) => {
      const n = ++echoCount;
      const done = () => {
        clearTimeout(late);
        echoes.delete(n);
        resolve();
      };
      const late = setTimeout(done, ECHO_MS);
      echoes.set(n, done);
      notify(ECHO_CHANNEL, `${instance} ${n}`, () => (nextEcho = null)).catch(done);
    });
    return nextEcho;
  };
  return {
    ...signals,
    notListening: () => !signals.listening(),
    told,
    committed(write) {
      if (write.answers) {
        notify(PUBLIC_DATA_CHANNEL, '').catch((error: unknown) =>
          options.log.warn(`could not tell the other instances about a write: ${error instanceof Error ? error.message : String(error)}`),
        );
      }
      return told();
    },
  };
}

/**
 * Notifications sent on the next turn of the event loop, all those of one turn together (issue 33):
 * under load the writes and events of the checkouts that committed meanwhile are one round trip, not
 * one each. What changed and the events leave in one statement (one transaction: delivered together,
 * in the order asked); the echoes in the next one, once that committed, so that they come back to this
 * instance after every other listener was sent what they follow. `sent` runs as the turn's
 * notifications leave, for whoever must not join them after.
 */
function notifier(db: DB): (channel: Channel, payload: string, sent?: () => void) => Promise<void> {
  type Waiter = { resolve(): void; reject(error: unknown): void };
  type Queued = Waiter & { channel: Channel; payload: string; sent?: () => void; then: Waiter[] };
  let queue: Queued[] = [];
  const send = async (batch: Queued[]) => {
    if (batch.length === 0) return;
    const waiters = batch.flatMap((b) => [b, ...b.then]);
    try {
      await sql`select pg_notify(c, p) from unnest(${batch.map((b) => b.channel)}::text[], ${batch.map((b) => b.payload)}::text[]) as n(c, p)`.execute(db);
      for (const waiter of waiters) waiter.resolve();
    } catch (error) {
      for (const waiter of waiters) waiter.reject(error);
    }
  };
  const flush = () => {
    const batch = queue;
    queue = [];
    for (const { sent } of batch) sent?.();
    // What changed first, then the events (a stable sort), then the echoes that come back after them.
    const news = batch.filter((b) => b.channel !== ECHO_CHANNEL).sort((x, y) => SEND_ORDER.indexOf(x.channel) - SEND_ORDER.indexOf(y.channel));
    void send(news).then(() => send(batch.filter((b) => b.channel === ECHO_CHANNEL)));
  };
  return (channel, payload, sent) =>
    new Promise<void>((resolve, reject) => {
      if (queue.length === 0) setImmediate(flush);
      // One "public data changed" a turn says all (PostgreSQL would merge them in one transaction anyway).
      const same = channel === PUBLIC_DATA_CHANNEL ? queue.find((q) => q.channel === channel) : undefined;
      if (same) same.then.push({ resolve, reject });
      else queue.push({ channel, payload, sent, resolve, reject, then: [] });
    });
}

/** The caches an instance keeps, as far as other writers' changes concern them. */
export interface InstanceCaches {
  /** The public reads' (cache/public-cache.ts) and the callers' own reads' (cache/own-reads.ts). */
  answers: ReadonlyArray<{ publicDataChanged(): void }>;
  /** Verified sessions (auth/session-cache.ts). */
  sessions: { clear(): void; forgetUser(userId: number): void };
}

/**
 * `linkInstances` wired to this instance's caches, as the server runs it (index.ts) and the
 * two-instance tests do: another writer's change to what an answer shows empties the answer caches,
 * one to an account's sessions, profile or roles makes the session cache forget it, and a write of
 * this process that a cache holds (db/watched-writes.ts) answers once the other instances were told.
 */
export async function linkCaches(options: { url: string; db: DB; events: AppEvents; caches: InstanceCaches; log: SignalsLog }): Promise<InstanceLinks> {
  const { answers, sessions } = options.caches;
  const links = await linkInstances({
    url: options.url,
    db: options.db,
    events: options.events,
    publicDataChanged: () => {
      for (const cache of answers) cache.publicDataChanged();
    },
    sessionsChanged: (userId) => (userId === null ? sessions.clear() : sessions.forgetUser(userId)),
    log: options.log,
  });
  const stopWaiting = watchedWrites(options.db).subscribe((write) => (write.phase === 'committed' ? links.committed(write) : undefined));
  // From here every commit of this instance is followed by its notification (above), so its
  // transactions need not notify from inside (migration 2026_11_30_010000).
  notifyAfterCommit(options.db, true);
  return {
    ...links,
    async close() {
      notifyAfterCommit(options.db, false);
      stopWaiting();
      await links.close();
    },
  };
}
