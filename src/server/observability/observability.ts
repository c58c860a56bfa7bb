import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import type { DB } from '../db/client';
import { AppError } from '../errors';
import type { AppEvents } from '../events';
import { sendJson } from '../http/node-web';
import { type Logger, silentLogger } from './logger';
import { createMetrics, type LastBackupAt, type MailObservation } from './metrics';
import { databaseBytes, databaseFileOf, readiness } from './readiness';
import { createRequestLog } from './request-log';

/** What the operator configures (env.ts: LOG_LEVEL, METRICS_TOKEN, DISK_MIN_FREE_MB). */
export interface ObservabilityOptions {
  logger?: Logger;
  /** When set, /metrics requires `Authorization: Bearer <token>`. */
  metricsToken?: string;
  /** /readyz fails below this much free space where the database and uploads live. */
  diskMinFreeMb?: number;
  lastBackupAt?: LastBackupAt;
  /** With SMTP_URL: the sender's counts and the mail server's state (metrics, a /readyz detail) and the outbox's (metrics). */
  mail?: MailObservation;
}

const DEFAULT_DISK_MIN_FREE_MB = 100;
const CHECKOUT = 'orders.checkout';

/** Why a checkout was refused, for the refusals metric: the service's own reason when it gave one. */
function refusalReason(error: TRPCError): string {
  const cause = error.cause;
  if (cause instanceof ZodError) return 'validation';
  if (cause instanceof AppError) return cause.reason ?? cause.code.toLowerCase();
  if (error.code === 'TOO_MANY_REQUESTS') return 'rate_limit';
  return error.code.toLowerCase();
}

// Hashing both sides gives equal lengths, so the comparison takes the same time whatever was sent.
function sameToken(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * Logs, metrics and the readiness probe of one server, handed to http/server.ts as a few hooks:
 * `track` every request, `noteUser` after reading its session, `trpcError` and `httpError` for
 * failures, `serves`/`serve` for /readyz and /metrics, `close` with the server.
 */
export function createObservability(db: DB, events: AppEvents, uploadsDir: string, options: ObservabilityOptions = {}) {
  const logger = options.logger ?? silentLogger();
  const databaseFile = databaseFileOf(db).catch(() => null);
  const metrics = createMetrics({ events, databaseBytes: () => databaseBytes(db, databaseFile), lastBackupAt: options.lastBackupAt, mail: options.mail });
  const requests = createRequestLog(logger, metrics);
  const minFreeBytes = (options.diskMinFreeMb ?? DEFAULT_DISK_MIN_FREE_MB) * 1024 * 1024;

  return {
    logger,
    track: requests.track,
    noteUser: requests.noteUser,
    /** The request's own logger: its request id on every line. */
    loggerOf: requests.loggerOf,

    /** tRPC's onError: an unexpected error is logged once, with its stack; a refused checkout is counted. */
    trpcError({ error, path, req }: { error: TRPCError; path: string | undefined; req: IncomingMessage }): void {
      if (error.code === 'INTERNAL_SERVER_ERROR') {
        requests.loggerOf(req).error({ err: error.cause ?? error, procedure: path }, 'unexpected error');
      } else if (path === CHECKOUT) {
        metrics.checkoutRefused(refusalReason(error));
      }
    },

    /** An error no handler caught (the client gets the generic message). */
    httpError(req: IncomingMessage, error: unknown): void {
      requests.loggerOf(req).error({ err: error }, 'unexpected error');
    },

    serves: (urlPath: string): boolean => urlPath === '/readyz' || urlPath === '/metrics',

    /** Answers /readyz and /metrics. */
    async serve(req: IncomingMessage, res: ServerResponse, urlPath: string): Promise<void> {
      if (urlPath === '/readyz') {
        const { status, body } = await readiness(db, { databaseFile: await databaseFile, uploadsDir, minFreeBytes, mail: options.mail?.monitor.reachable });
        return sendJson(res, status, body);
      }
      const auth = req.headers.authorization ?? '';
      if (options.metricsToken && !(auth.startsWith('Bearer ') && sameToken(auth.slice(7), options.metricsToken))) {
        return sendJson(res, 401, { message: 'A valid metrics token is required' }, { 'www-authenticate': 'Bearer' });
      }
      const text = await metrics.registry.metrics();
      res.writeHead(200, { 'content-type': metrics.registry.contentType, 'cache-control': 'no-store' });
      res.end(text);
    },

    close: metrics.close,
  };
}
