import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TRPCError } from '@trpc/server';
import { createHTTPHandler } from '@trpc/server/adapters/standalone';
import { sql } from 'kysely';
import { createAuthHandler } from '../auth/auth.http';
import { createOwnReadsCache, keptValue } from '../cache/own-reads';
import { createPublicCache, type PublicCache } from '../cache/public-cache';
import { createSessionReader } from '../auth/session';
import { createSessionCache, DEFAULT_SESSION_CACHE_ENTRIES, type SessionCache } from '../auth/session-cache';
import type { AppConfig } from '../config';
import { type DB, engineOf, otherConnectionsWrote, watchedWrites } from '../db/client';
import type { AppEvents } from '../events';
import { createObservability, type ObservabilityOptions } from '../observability/observability';
import type { RateLimiter } from '../rate-limit';
import { createSeoFilesHandler } from '../seo/seo.http';
import { createManifestHandler } from '../settings/manifest.http';
import { MAX_SITEMAP_CHUNK } from '../seo/sitemaps';
import { appRouter } from '../trpc/app-router';
import { createOrderExportHandler, isOrderExport } from '../orders/order-export.http';
import { ImageSlots } from '../uploads/image-slots';
import { createUploadHandler } from '../uploads/uploads.http';
import { createLogoHandler, LOGO_PATH } from '../settings/logo.http';
import { createOneClickUnsubscribeHandler, isOneClickUnsubscribe } from '../users/order-updates.http';
import { createProductTransferHandler, TRANSFER_PREFIX } from '../products/product-transfer.http';
import type { Context } from '../trpc/context';
import { createQueryHandler, planMutations, planQueries } from '../trpc/http-queries';
import type { TrustProxy } from './client-address';
import { createGuard } from './guard';
import { DEFAULT_REQUEST_LIMITS, type RequestLimits } from './limits';
import { createPageHandler } from './pages';
import { shell as pageShell } from '../pages/pages.service';
import { SHELL_DATA_ID, scriptJson } from '../../shared/script-json';
import { createReplays } from './replay';
import { imageOriginOf } from './security-headers';
import { clientIp, PayloadTooLargeError, readBody, sendJson, sendRefusal } from './node-web';
import { createClientHandler, serveStored } from './static';
import type { HeadRenderer } from './types';
import { localizeMessage } from '../../shared/i18n/translator';
import { languageOfRequest } from '../i18n/languages';

export interface ServerDeps {
  db: DB;
  config: AppConfig;
  events: AppEvents;
  limiter: RateLimiter;
  authSecret: string;
  clientDist: string;
  publicUrl: string | undefined;
  renderHead?: HeadRenderer;
  /** Logger, metrics token, disk threshold and last-backup time (tests leave them out: nothing is logged). */
  observability?: ObservabilityOptions;
  /** TRUST_PROXY: which proxies may name the client and the scheme; default nobody. */
  trustProxy?: TrustProxy;
  /** KEEP_ALIVE_TIMEOUT_S in milliseconds; 65 s by default (above nginx's 60 s for upstream connections). */
  keepAliveTimeoutMs?: number;
  /** Body and batch limits (API_MAX_BODY, API_MAX_BATCH, AUTH_MAX_BODY); defaults in http/limits.ts. */
  limits?: Partial<RequestLimits>;
  /** The public reads' cache (PUBLIC_CACHE_MAX_BYTES, PUBLIC_CACHE_MAX_AGE_S); a default one when left out. */
  publicCache?: PublicCache;
  /**
   * Verified sessions (SESSION_CACHE_MAX_ENTRIES). Left out: on SQLite a default one that notices other
   * processes' commits (data_version); on PostgreSQL none, since only index.ts links this instance to
   * the others' notifications (db/signals.ts).
   */
  sessionCache?: SessionCache;
  /**
   * The callers' own reads (OWN_READS_CACHE_MAX_BYTES, cache/own-reads.ts). Left out: on SQLite a default
   * one, as for the session cache; on PostgreSQL none.
   */
  ownReads?: PublicCache;
  /** URLs per sitemap chunk (SITEMAP_CHUNK_SIZE); the protocol's 50,000 when left out. */
  sitemapChunkSize?: number;
  /**
   * The process's image slots (IMAGE_CONCURRENCY, IMAGE_QUEUE), shared by uploads, imports and the
   * backfill of older uploads' copies; left out, the server's own from `config`.
   */
  imageSlots?: ImageSlots;
}

/** One Node server: /healthz, /auth/*, /api/trpc/*, /uploads/* and the built client. */
export function createAppServer(deps: ServerDeps): http.Server {
  const guard = createGuard({
    trustProxy: deps.trustProxy ?? null,
    publicUrl: deps.publicUrl,
    imageOrigin: imageOriginOf(deps.config.storage.publicBaseUrl),
    limits: { ...DEFAULT_REQUEST_LIMITS, ...deps.limits },
  });
  const origin = guard.originOf;
  // Every absolute URL a page or sitemap names starts here: PUBLIC_URL, never the request's Host
  // (a spoofed Host would otherwise reach canonical URLs and cached pages).
  const publicOrigin = deps.publicUrl ? new URL(deps.publicUrl).origin : null;
  // Without PUBLIC_URL: the port this server listens on, read once it listens (asking the socket on
  // every page was 5% of a cached page's CPU).
  let listeningOrigin: string | null = null;
  const siteOrigin = () => {
    if (publicOrigin) return publicOrigin;
    if (listeningOrigin) return listeningOrigin;
    const port = (server.address() as AddressInfo | null)?.port;
    if (port === undefined) return 'http://localhost:3000';
    return (listeningOrigin = `http://localhost:${port}`);
  };
  const obs = createObservability(deps.db, deps.events, deps.config.uploadsDir, deps.observability);
  const sessionCache =
    deps.sessionCache ??
    (engineOf(deps.db) === 'sqlite'
      ? createSessionCache({ maxEntries: DEFAULT_SESSION_CACHE_ENTRIES, changedElsewhere: otherConnectionsWrote(deps.db) })
      : createSessionCache({ maxEntries: 0 }));
  const ownReads =
    deps.ownReads ?? (engineOf(deps.db) === 'sqlite' ? createOwnReadsCache({ changedElsewhere: otherConnectionsWrote(deps.db) }) : createOwnReadsCache({ maxBytes: 0 }));
  // Whatever this process writes empties what it changes, when it runs and at its commit
  // (db/watched-writes.ts): a session or an account, the session cache; anything shown, the own reads.
  const stopWatchingWrites = watchedWrites(deps.db).subscribe((write) => {
    if (write.sessions) sessionCache.clear();
    ownReads.publicDataChanged();
  });
  // Over https Auth.js names the cookie __Secure-…; which one a request carries depends on how it came in.
  const sessionReaders = {
    https: createSessionReader(deps.db, deps.authSecret, true, sessionCache),
    http: createSessionReader(deps.db, deps.authSecret, false, sessionCache),
  };
  // Read once per request, whoever asks (who the viewer is before a cache lookup, then the context on a miss).
  const sessionsOf = new WeakMap<IncomingMessage, ReturnType<(typeof sessionReaders)['http']>>();
  const readSession = (req: IncomingMessage) => {
    let session = sessionsOf.get(req);
    if (!session) {
      session = sessionReaders[guard.isHttps(req) ? 'https' : 'http'](req.headers).then((read) => {
        // The request log names the signed-in user from this one read (the cookie is not decoded twice).
        obs.noteUser(req, read?.userId ?? null);
        return read;
      });
      sessionsOf.set(req, session);
    }
    return session;
  };

  const publicCache = deps.publicCache ?? createPublicCache();
  // All a cached public answer depends on besides its input: who asks (null: a guest).
  const viewerOf = async (req: IncomingMessage) => (await readSession(req))?.userId ?? null;
  const createContext = async (req: IncomingMessage): Promise<Context> => {
    const session = await readSession(req);
    return {
      db: deps.db,
      config: deps.config,
      events: deps.events,
      limiter: deps.limiter,
      now: () => new Date(),
      sessionUserId: session?.userId ?? null,
      sessionId: session?.sessionId ?? null,
      sessionUser: session?.user,
      clientIp: clientIp(req),
      siteOrigin: siteOrigin(),
      language: languageOfRequest(req.headers),
      // After every mutation (trpc/init.ts): the own reads too, whatever the driver saw.
      publicDataChanged: () => {
        publicCache.publicDataChanged();
        ownReads.publicDataChanged();
      },
      ownReads,
      log: obs.loggerOf(req),
    };
  };
  // GET queries and plain POST mutations take the short path (trpc/http-queries.ts); subscriptions and
  // anything unusual go through tRPC's own adapter.
  // A guest's GET of a cached answer is answered again as the full path answered it (http/replay.ts).
  const replays = createReplays({ cache: publicCache, httpsOf: guard.isHttpsBeforeDoor, track: obs.track });
  const queries = createQueryHandler({ createContext, viewerOf, cache: publicCache, record: replays.record, logOf: obs.loggerOf, onError: obs.trpcError });
  const trpc = createHTTPHandler({
    router: appRouter,
    basePath: '/api/trpc/',
    createContext: ({ req }) => createContext(req),
    onError: obs.trpcError,
  });
  const auth = createAuthHandler({ db: deps.db, secret: deps.authSecret, limiter: deps.limiter, logger: obs.logger }, origin);
  const imageSlots = deps.imageSlots ?? new ImageSlots(deps.config.imageConcurrency, deps.config.imageQueueLimit);
  const upload = createUploadHandler({
    db: deps.db,
    config: deps.config,
    slots: imageSlots,
    limiter: deps.limiter,
    readSession: viewerOf,
  });
  const logo = createLogoHandler({
    db: deps.db,
    config: deps.config,
    slots: imageSlots,
    readSession: viewerOf,
    // A write outside tRPC: the pages and manifests showing the old logo go, as after a mutation.
    publicDataChanged: () => {
      publicCache.publicDataChanged();
      ownReads.publicDataChanged();
    },
  });
  const productFiles = createProductTransferHandler({
    db: deps.db,
    config: deps.config,
    imageSlots,
    limiter: deps.limiter,
    readSession: viewerOf,
  });
  const orderExport = createOrderExportHandler({
    db: deps.db,
    timeZone: deps.config.timeZone,
    readSession: viewerOf,
  });
  const uploads = serveStored(deps.config.storage, 'public, max-age=31536000, immutable');
  const oneClickUnsubscribe = createOneClickUnsubscribeHandler({ db: deps.db, linkKey: deps.config.linkKey, now: () => new Date() });
  const pages = createPageHandler({
    clientDist: deps.clientDist,
    renderHead: deps.renderHead ?? null,
    // Read once per cache generation (and its age), as the pages.shell read itself is, not per page served.
    shellScript: () =>
      keptValue(publicCache, 'shell script', async () => `<script type="application/json" id="${SHELL_DATA_ID}">${scriptJson(await pageShell(deps.db, new Date(), deps.config.timeZone))}</script>`),
    createContext,
    viewerOf,
    cache: publicCache,
    record: replays.record,
    onError: (req, error, path) => obs.trpcError({ error: error as TRPCError, path, req }),
    onRenderError: obs.httpError,
  });
  const client = createClientHandler(deps.clientDist, pages);
  const seoFiles = createSeoFilesHandler({ db: deps.db, siteOrigin, chunkSize: deps.sitemapChunkSize ?? MAX_SITEMAP_CHUNK, cache: publicCache });
  const manifests = createManifestHandler({ db: deps.db, clientDist: deps.clientDist, cache: publicCache, images: deps.config.storage });

  async function route(req: IncomingMessage, res: ServerResponse, urlPath: string): Promise<void> {
    if (urlPath === '/healthz') {
      await sql`select 1`.execute(deps.db);
      return sendJson(res, 200, { status: 'ok' });
    }
    if (obs.serves(urlPath)) return obs.serve(req, res, urlPath);
    if (urlPath.startsWith('/auth/')) return auth(req, res);
    if (urlPath.startsWith('/api/trpc/')) {
      const plan = planQueries(req, urlPath);
      if (plan) return queries(req, res, plan);
      if (req.method === 'POST') {
        // Read here, within the route's limit: a plain mutation is answered on the same short path as
        // queries, anything else by tRPC's adapter, which takes a body already read.
        const body = (await readBody(req)).toString('utf8');
        const mutations = planMutations(req, urlPath, body);
        if (mutations) return queries(req, res, mutations);
        Object.assign(req, { body });
      }
      return trpc(req, res);
    }
    if (urlPath === '/api/uploads') return upload(req, res);
    if (urlPath === LOGO_PATH) return logo(req, res);
    if (isOrderExport(urlPath)) return orderExport(req, res, urlPath);
    if (urlPath.startsWith(TRANSFER_PREFIX)) return productFiles(req, res, urlPath);
    if (urlPath.startsWith('/api/')) return sendJson(res, 404, { message: 'Not found' });
    if (urlPath.startsWith('/uploads/')) {
      if (!(await uploads(req, res, urlPath))) sendJson(res, 404, { message: 'Not found' });
      return;
    }
    if (await seoFiles(req, res, urlPath)) return;
    if (await manifests(req, res, urlPath)) return;
    if (isOneClickUnsubscribe(req, urlPath)) return oneClickUnsubscribe(req, res);
    return client(req, res, urlPath, siteOrigin());
  }

  function handle(req: IncomingMessage, res: ServerResponse, expectsContinue = false): void {
    // Not once the server is closing: the full path's answers then close their connections (http/shutdown.ts).
    if (server.listening && replays.serve(req, res)) return;
    obs.track(req, res);
    const urlPath = (req.url ?? '/').split('?')[0] ?? '/';
    // A refusal a page can show reads in the page's language (x-language: ur), like the API's messages.
    const say = (message: string) => localizeMessage(languageOfRequest(req.headers), message);
    const refusal = guard.admit(req, res, urlPath);
    if (refusal) return sendRefusal(res, urlPath, { ...refusal, message: say(refusal.message) });
    if (expectsContinue) res.writeContinue();
    route(req, res, urlPath).catch((error: unknown) => {
      if (error instanceof PayloadTooLargeError) {
        if (!res.headersSent) sendRefusal(res, urlPath, { status: 413, message: say(error.message) });
        return;
      }
      obs.httpError(req, error);
      if (!res.headersSent) sendJson(res, 500, { message: say('Something went wrong. Please try again.') });
      else res.destroy();
    });
  }

  const server = http.createServer((req, res) => handle(req, res));
  // Behind a balancer that keeps idle upstream connections (nginx: 60 s), Node's default 5 s closes one
  // the balancer is about to reuse: a sporadic 502. Headers must still be allowed to take longer.
  server.keepAliveTimeout = deps.keepAliveTimeoutMs ?? 65_000;
  server.headersTimeout = server.keepAliveTimeout + 1_000;
  // A client that asks before sending a large body ("Expect: 100-continue") is refused without sending it.
  server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => handle(req, res, true));
  server.on('close', obs.close);
  server.on('close', stopWatchingWrites);
  return server;
}
