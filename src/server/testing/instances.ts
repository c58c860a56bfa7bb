import { createSessionCache, type SessionCache } from '../auth/session-cache';
import { DEFAULT_OWN_READS_MAX_BYTES } from '../cache/own-reads';
import { createPublicCache, DEFAULT_PUBLIC_CACHE, type PublicCache } from '../cache/public-cache';
import { type DB, otherConnectionsWrote, watchedWrites } from '../db/client';
import { type InstanceLinks, linkInstances } from '../db/signals';
import { AppEvents } from '../events';
import { rateLimiterFor } from '../rate-limits/shared-rate-limiter';
import type { TestEnv } from './test-app';
import { postgresUrlOf, testEngine } from './test-engine';
import { startTestServer, type TestServer } from './test-server';

/** One app instance of a test that runs two on one database (the caches' invalidation across instances). */
export interface Instance {
  server: TestServer;
  /** PostgreSQL: the session cache index.ts would make, linked to the other instances (null on SQLite: the server's default). */
  sessionCache: SessionCache | null;
  /** The own reads' cache, as index.ts makes it on either engine. */
  ownReads: PublicCache;
  links: InstanceLinks | null;
  stop(): Promise<void>;
}

/** A mutation over HTTP on `instance`, as the browser sends it (same origin, JSON); its status. */
export async function mutateOn(instance: Instance, path: string, cookie: string, input?: unknown): Promise<number> {
  const base = `http://127.0.0.1:${instance.server.port}`;
  const reply = await fetch(`${base}/api/trpc/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, cookie },
    body: input === undefined ? undefined : JSON.stringify(input),
  });
  await reply.arrayBuffer();
  return reply.status;
}

/**
 * One instance on `db`, wired as index.ts wires it. SQLite: the server's own default caches, which
 * notice another connection's commits through data_version (a second handle stands for a second
 * process). PostgreSQL: its caches linked to the others through db/signals.ts, each write answered
 * once its notifications came back.
 */
export async function startInstance(env: TestEnv, db: DB): Promise<Instance> {
  const limiter = rateLimiterFor(db);
  if (testEngine === 'sqlite') {
    const ownReads = createPublicCache({ maxBytes: DEFAULT_OWN_READS_MAX_BYTES, maxAgeMs: DEFAULT_PUBLIC_CACHE.maxAgeMs, changedElsewhere: otherConnectionsWrote(db) });
    const server = await startTestServer({ db, limiter, ownReads }, env);
    return { server, sessionCache: null, ownReads, links: null, stop: () => server.close() };
  }
  let links: InstanceLinks | null = null;
  const notListening = () => links?.notListening() ?? true;
  const sessionCache = createSessionCache({ maxEntries: 100, changedElsewhere: notListening });
  const publicCache = createPublicCache({ ...DEFAULT_PUBLIC_CACHE, changedElsewhere: notListening });
  const ownReads = createPublicCache({ maxBytes: DEFAULT_OWN_READS_MAX_BYTES, maxAgeMs: DEFAULT_PUBLIC_CACHE.maxAgeMs, changedElsewhere: notListening });
  links = await linkInstances({
    url: await postgresUrlOf(db),
    db,
    events: new AppEvents(),
    publicDataChanged: () => {
      publicCache.publicDataChanged();
      ownReads.publicDataChanged();
    },
    sessionsChanged: (userId) => (userId === null ? sessionCache.clear() : sessionCache.forgetUser(userId)),
    log: { info: () => {}, warn: () => {} },
  });
  const linked = links;
  const unsubscribe = watchedWrites(db).subscribe((write) => (write.phase === 'committed' ? linked.told() : undefined));
  const server = await startTestServer({ db, limiter, sessionCache, publicCache, ownReads }, env);
  return {
    server,
    sessionCache,
    ownReads,
    links,
    async stop() {
      unsubscribe();
      await server.close();
      await linked.close();
    },
  };
}
