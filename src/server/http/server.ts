import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { createHTTPHandler } from '@trpc/server/adapters/standalone';
import { sql } from 'kysely';
import { createAuthConfig } from '../auth/auth.config';
import { createAuthHandler } from '../auth/auth.http';
import { createSessionReader } from '../auth/session';
import type { AppConfig } from '../config';
import type { DB } from '../db/client';
import type { AppEvents } from '../events';
import type { RateLimiter } from '../rate-limit';
import { appRouter } from '../trpc/app-router';
import { createUploadHandler } from '../uploads/uploads.http';
import type { Context } from '../trpc/context';
import { clientIp, PayloadTooLargeError, sendJson } from './node-web';
import { createClientHandler, type HeadRenderer, serveDirectory } from './static';

export interface ServerDeps {
  db: DB;
  config: AppConfig;
  events: AppEvents;
  limiter: RateLimiter;
  authSecret: string;
  clientDist: string;
  publicUrl: string | undefined;
  renderHead?: HeadRenderer;
}

/** One Node server: /healthz, /auth/*, /api/trpc/*, /uploads/* and the built client. */
export function createAppServer(deps: ServerDeps): http.Server {
  const origin = (req: IncomingMessage) => deps.publicUrl ?? `http://${req.headers.host ?? 'localhost'}`;
  const secureCookie = deps.publicUrl?.startsWith('https:') ?? false;
  const readSession = createSessionReader(deps.authSecret, secureCookie);

  const trpc = createHTTPHandler({
    router: appRouter,
    basePath: '/api/trpc/',
    createContext: async ({ req }): Promise<Context> => ({
      db: deps.db,
      config: deps.config,
      events: deps.events,
      limiter: deps.limiter,
      now: () => new Date(),
      sessionUserId: await readSession(req.headers),
      clientIp: clientIp(req),
    }),
    onError({ error, path }) {
      if (error.code === 'INTERNAL_SERVER_ERROR') console.error(`[trpc] ${path ?? '?'}:`, error.cause ?? error);
    },
  });
  const auth = createAuthHandler(createAuthConfig(deps.db, deps.authSecret), deps.limiter, origin);
  const upload = createUploadHandler({
    db: deps.db,
    uploadsDir: deps.config.uploadsDir,
    limiter: deps.limiter,
    readSession: (req) => readSession(req.headers),
  });
  const uploads = serveDirectory(deps.config.uploadsDir, '/uploads/', () => 'public, max-age=31536000, immutable');
  const client = createClientHandler(deps.clientDist, deps.renderHead ?? null);

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const urlPath = (req.url ?? '/').split('?')[0] ?? '/';
    if (urlPath === '/healthz') {
      await sql`select 1`.execute(deps.db);
      return sendJson(res, 200, { status: 'ok' });
    }
    if (urlPath.startsWith('/auth/')) return auth(req, res);
    if (urlPath.startsWith('/api/trpc/')) return trpc(req, res);
    if (urlPath === '/api/uploads') return upload(req, res);
    if (urlPath.startsWith('/api/')) return sendJson(res, 404, { message: 'Not found' });
    if (urlPath.startsWith('/uploads/')) {
      if (!uploads(req, res, urlPath)) sendJson(res, 404, { message: 'Not found' });
      return;
    }
    return client(req, res, urlPath, origin(req));
  }

  return http.createServer((req, res) => {
    route(req, res).catch((error: unknown) => {
      if (error instanceof PayloadTooLargeError) {
        if (!res.headersSent) sendJson(res, 413, { message: 'The request is too large' });
        return;
      }
      console.error('[http]', req.method, req.url, error);
      if (!res.headersSent) sendJson(res, 500, { message: 'Something went wrong. Please try again.' });
      else res.destroy();
    });
  });
}
