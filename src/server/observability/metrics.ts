import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { AppEvents } from '../events';

/** The outbox and its sender (src/server/mail), when email is configured. */
export interface MailObservation {
  monitor: { sent: number; failed: number; reachable: { ok: boolean; message?: string } | null };
  outbox: () => Promise<{ depth: number; oldestAgeSeconds: number }>;
}

/** When the last backup was taken (null: none yet); the backup engineer's schedule answers it. */
export type LastBackupAt = () => Date | null | Promise<Date | null>;

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * The server's Prometheus metrics, in a registry of its own (so two servers in one test process do
 * not share counts). Label values are bounded: routes come from request-log.ts's route names, never
 * from raw paths.
 */
export function createMetrics(options: { events: AppEvents; databaseBytes: () => Promise<number>; lastBackupAt?: LastBackupAt; mail?: MailObservation }) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const requests = new Counter({
    name: 'marketplace_http_requests_total',
    help: 'HTTP requests answered, by route (tRPC procedure or path group), method and status',
    labelNames: ['route', 'method', 'status'] as const,
    registers,
  });
  const latency = new Histogram({
    name: 'marketplace_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route (live streams excluded)',
    labelNames: ['route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const ordersPlaced = new Counter({
    name: 'marketplace_orders_placed_total',
    help: 'Orders placed (a checkout across several shops places one per shop)',
    registers,
  });
  const refusals = new Counter({
    name: 'marketplace_checkout_refusals_total',
    help: 'Checkouts refused, by reason (stock, unavailable, validation, rate_limit, busy, ...)',
    labelNames: ['reason'] as const,
    registers,
  });
  const liveStreams = new Gauge({
    name: 'marketplace_live_streams',
    help: 'Live update streams (server-sent events) open right now',
    registers,
  });
  new Gauge({
    name: 'marketplace_database_size_bytes',
    help: 'Size of the database: the SQLite file plus its write-ahead log, or pg_database_size on PostgreSQL',
    registers,
    async collect() {
      this.set(await options.databaseBytes());
    },
  });
  new Gauge({
    name: 'marketplace_last_backup_age_seconds',
    help: 'Seconds since the last backup finished; +Inf when there is none',
    registers,
    async collect() {
      const at = options.lastBackupAt ? await options.lastBackupAt() : null;
      this.set(at ? Math.max(0, (Date.now() - at.getTime()) / 1000) : Number.POSITIVE_INFINITY);
    },
  });

  const mail = options.mail;
  if (mail) {
    // The sender counts in its own process; these read its counts at each scrape.
    new Counter({
      name: 'marketplace_emails_sent_total',
      help: 'Emails delivered to the mail server by this instance',
      registers,
      collect() {
        this.reset();
        this.inc(mail.monitor.sent);
      },
    });
    new Counter({
      name: 'marketplace_emails_failed_total',
      help: 'Emails this instance gave up on after every retry (status failed in the outbox)',
      registers,
      collect() {
        this.reset();
        this.inc(mail.monitor.failed);
      },
    });
    new Gauge({
      name: 'marketplace_outbox_depth',
      help: 'Emails waiting in the outbox (due now or waiting for a retry)',
      registers,
      async collect() {
        this.set((await mail.outbox()).depth);
      },
    });
    new Gauge({
      name: 'marketplace_outbox_oldest_age_seconds',
      help: 'Age of the oldest email waiting in the outbox; 0 when none waits',
      registers,
      async collect() {
        this.set((await mail.outbox()).oldestAgeSeconds);
      },
    });
  }

  // Counted from the domain's own announcement, after the checkout's transaction committed.
  const stop = new AbortController();
  void (async () => {
    try {
      for await (const _ of options.events.listen('order.created', stop.signal)) ordersPlaced.inc();
    } catch {
      // Aborted when the server closes.
    }
  })();

  return {
    registry,
    request(route: string, method: string | undefined, status: number, seconds: number | null): void {
      requests.inc({ route, method: method && METHODS.has(method) ? method : 'other', status: String(status) });
      if (seconds !== null) latency.observe({ route }, seconds);
    },
    checkoutRefused(reason: string): void {
      refusals.inc({ reason });
    },
    streamOpened(): void {
      liveStreams.inc();
    },
    streamClosed(): void {
      liveStreams.dec();
    },
    close(): void {
      stop.abort();
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
