import { createSessionCache, type SessionCache } from '../auth/session-cache';
import { createOwnReadsCache } from '../cache/own-reads';
import { createPublicCache, DEFAULT_PUBLIC_CACHE, type PublicCache } from '../cache/public-cache';
import { type DB, otherConnectionsWrote } from '../db/client';
import { type InstanceLinks, linkCaches } from '../db/signals';
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
 * One instance on `db`, wired as index.ts wires it (PostgreSQL: through the same `linkCaches`). SQLite: caches that
 * notice another connection's commits through data_version (a second handle stands for a second
 * process). PostgreSQL: its caches linked to the others through db/signals.ts, each write answered
 * once its notifications came back.
 */
export async function startInstance(env: TestEnv, db: DB): Promise<Instance> {
  const limiter = rateLimiterFor(db);
  if (testEngine === 'sqlite') {
    const ownReads = createOwnReadsCache({ changedElsewhere: otherConnectionsWrote(db) });
    // As index.ts makes it: another process's commit empties it too.
    const publicCache = createPublicCache({ ...DEFAULT_PUBLIC_CACHE, changedElsewhere: otherConnectionsWrote(db) });
    const server = await startTestServer({ db, limiter, ownReads, publicCache }, env);
    return { server, sessionCache: null, ownReads, links: null, stop: () => server.close() };
  }
  let links: InstanceLinks | null = null;
  const notListening = () => links?.notListening() ?? true;
  const sessionCache = createSessionCache({ maxEntries: 100, changedElsewhere: notListening });
  const publicCache = createPublicCache({ ...DEFAULT_PUBLIC_CACHE, changedElsewhere: notListening });
  const ownReads = createOwnReadsCache({ changedElsewhere: notListening });
  links = await linkCaches({
    url: await postgresUrlOf(db),
    db,
    events: new AppEvents(),
    caches: { answers: [publicCache, ownReads], sessions: sessionCache },
    log: { info: () => {}, warn: () => {} },
  });
  const linked = links;
  const server = await startTestServer({ db, limiter, sessionCache, publicCache, ownReads }, env);
  return {
    server,
    sessionCache,
    ownReads,
    links,
    async stop() {
      await server.close();
      await linked.close();
    },
  };
}
