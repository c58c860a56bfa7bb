import http from 'node:http';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, createShop, createUser, type ProductRef, TEST_PASSWORD } from '../testing/factories';
import { createTestEnv, type TestEnv } from '../testing/test-app';
import { rawRequest, type RawResponse, startTestServer, type TestServer } from '../testing/test-server';
import { createLogger } from './logger';
import type { ObservabilityOptions } from './observability';
import { itSqliteOnly } from '../testing/test-engine';

/** A logger writing into an array, as the server would write to stdout. */
function captureLogs() {
  const lines: string[] = [];
  const logger = createLogger({ level: 'debug', destination: { write: (line: string) => void lines.push(line) } });
  return { logger, lines, records: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
}

function start(observability: ObservabilityOptions = {}, env?: TestEnv): Promise<TestServer> {
  return startTestServer({ observability }, env);
}

/** Signs in over HTTP as a browser does (CSRF token, then the credentials form); returns the session cookie. */
async function signIn(port: number, email: string, password: string): Promise<{ cookie: string; csrfToken: string; session: string }> {
  const origin = `http://127.0.0.1:${port}`;
  const csrf = await rawRequest(port, '/auth/csrf');
  const csrfCookie = (csrf.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');
  const { csrfToken } = csrf.json<{ csrfToken: string }>();
  const res = await rawRequest(port, '/auth/callback/credentials', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: csrfCookie, origin, 'x-auth-return-redirect': '1' },
    body: new URLSearchParams({ csrfToken, email, password }).toString(),
  });
  const session = (res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]!).find((c) => c.startsWith('authjs.session-token='));
  if (!session) throw new Error(`sign-in failed: ${res.status} ${res.text}`);
  return { cookie: `${csrfCookie}; ${session}`, csrfToken, session: session.split('=')[1]! };
}

const SHIPPING = {
  fullName: 'Nadia Observed',
  email: 'nadia.observed@example.test',
  phone: '+1 (555) 867-5309',
  address: '742 Evergreen Terrace',
  city: 'Springfield',
  postalCode: '49007',
  notes: 'Leave it with the neighbour',
};

function checkout(server: TestServer, items: Array<{ productId: number; quantity: number }>, options: { cookie?: string; shipping?: object } = {}) {
  return rawRequest(server.port, '/api/trpc/orders.checkout', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: `http://127.0.0.1:${server.port}`,
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
    body: JSON.stringify({ items: items.map((i) => ({ ...i, color: null, size: null })), shipping: options.shipping ?? SHIPPING }),
  });
}

/** One sample of a metric from the Prometheus text, by its name and labels as written. */
function sample(text: string, series: string): number | null {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  const value = line?.slice(series.length + 1);
  return value === undefined ? null : value === '+Inf' ? Number.POSITIVE_INFINITY : Number(value);
}

async function metrics(server: TestServer, headers: Record<string, string> = {}): Promise<RawResponse> {
  return rawRequest(server.port, '/metrics', { headers });
}

describe('request logs, over HTTP', () => {
  const logs = captureLogs();
  let server: TestServer;
  let product: ProductRef;
  let buyerId: number;
  const password = 'correct-horse-battery-9';

  beforeAll(async () => {
    // In production mode, as operators run it: the client gets no stack trace.
    server = await start({ logger: logs.logger }, createTestEnv({ production: true }));
    const shop = await createShop(server.env);
    product = await createProduct(server.env, shop, { stock: 5 });
    buyerId = await createUser(server.env, { email: 'logged.buyer@example.test', password, phone: '+44 20 7946 0958' });
  });
  afterAll(() => server.close());

  it('writes one JSON line per request, with its id, route, status, duration and the signed-in user, and never a secret', async () => {
    const { cookie, csrfToken, session } = await signIn(server.port, 'logged.buyer@example.test', password);
    const placed = await checkout(server, [{ productId: product.id, quantity: 1 }], { cookie });
    expect(placed.status).toBe(200);
    const orderNumber = placed.json<{ result: { data: { orders: Array<{ orderNumber: string }> } } }>().result.data.orders[0]!.orderNumber;
    // A tRPC GET carries its input in the query string: an email and an order number here.
    const input = encodeURIComponent(JSON.stringify({ orderNumber, email: SHIPPING.email }));
    const tracked = await rawRequest(server.port, `/api/trpc/orders.track?input=${input}`);
    expect(tracked.status).toBe(200);
    const mine = await rawRequest(server.port, '/api/trpc/orders.mine,auth.me?batch=1&input=%7B%220%22%3A%7B%7D%7D', { headers: { cookie } });
    expect(mine.status).toBe(200);
    const refused = await checkout(server, [{ productId: product.id, quantity: 1 }], { shipping: { ...SHIPPING, phone: 'call me' } });
    expect(refused.status).toBe(400);
    const page = await rawRequest(server.port, '/browse?q=742+Evergreen');
    expect(page.status).toBe(200);

    const responses = [placed, tracked, mine, refused, page];
    const records = logs.records();
    const requests = records.filter((r) => r.msg === 'request');
    for (const res of responses) {
      const id = res.headers['x-request-id'];
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(requests.filter((r) => r.reqId === id)).toHaveLength(1);
    }
    const line = (res: RawResponse) => requests.find((r) => r.reqId === res.headers['x-request-id'])!;
    expect(line(placed)).toMatchObject({ method: 'POST', procedures: ['orders.checkout'], status: 200, userId: buyerId, level: 30 });
    expect(line(placed).durationMs).toEqual(expect.any(Number));
    expect(line(tracked)).toMatchObject({ method: 'GET', procedures: ['orders.track'], status: 200 });
    expect(line(tracked)).not.toHaveProperty('userId');
    expect(line(mine)).toMatchObject({ procedures: ['orders.mine', 'auth.me'], userId: buyerId });
    expect(line(refused)).toMatchObject({ procedures: ['orders.checkout'], status: 400 });
    expect(line(page)).toMatchObject({ method: 'GET', path: '/browse', status: 200 });
    // The sign-in requests are logged too, by path.
    expect(requests.some((r) => r.path === '/auth/callback/credentials')).toBe(true);

    const output = logs.lines.join('');
    const secrets = [
      password,
      session,
      csrfToken,
      SHIPPING.phone,
      '867-5309',
      '8675309',
      '+44 20 7946 0958',
      SHIPPING.address,
      'Evergreen',
      SHIPPING.email,
      SHIPPING.notes,
      orderNumber,
      'call me',
    ];
    for (const secret of secrets) {
      for (const form of new Set([secret, encodeURIComponent(secret)])) expect(output, form).not.toContain(form);
    }
  });

  it('keeps a sane X-Request-Id from the proxy and replaces one that is not', async () => {
    const kept = await rawRequest(server.port, '/healthz', { headers: { 'x-request-id': 'proxy-4f1c2a9e' } });
    expect(kept.headers['x-request-id']).toBe('proxy-4f1c2a9e');
    const replaced = await rawRequest(server.port, '/healthz', { headers: { 'x-request-id': 'not a sane id\u00e9' } });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    // Probes are logged at debug level, so a health check every few seconds does not flood the log.
    expect(logs.records().find((r) => r.reqId === 'proxy-4f1c2a9e')).toMatchObject({ level: 20, path: '/healthz', status: 200 });
  });

  it('logs an unexpected error once, with its stack, and tells the client only the generic message', async () => {
    await sql`drop table sliders`.execute(server.env.db);
    const res = await rawRequest(server.port, '/api/trpc/sliders.listActive');
    expect(res.status).toBe(500);
    expect(res.text).toContain('Something went wrong. Please try again.');
    expect(res.text).not.toContain('no such table');
    const id = res.headers['x-request-id'];
    const errors = logs.records().filter((r) => r.level === 50);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ reqId: id, procedure: 'sliders.listActive', msg: 'unexpected error' });
    expect((errors[0]!.err as { stack: string }).stack).toMatch(/no such table: sliders|relation "sliders" does not exist/);
    expect(logs.records().find((r) => r.reqId === id && r.msg === 'request failed')).toMatchObject({ status: 500, level: 40 });
  });
});

describe('/metrics, over HTTP', () => {
  let server: TestServer;
  let shop: Awaited<ReturnType<typeof createShop>>;

  beforeAll(async () => {
    server = await start({ lastBackupAt: () => new Date(Date.now() - 3_600_000) });
    shop = await createShop(server.env);
  });
  afterAll(() => server.close());

  it('counts requests by route and status, their latency, orders placed and checkout refusals by reason', async () => {
    const product = await createProduct(server.env, shop, { stock: 2 });
    const inactive = await createProduct(server.env, shop, { isActive: false });
    const otherShop = await createShop(server.env);
    const other = await createProduct(server.env, otherShop);

    expect((await checkout(server, [{ productId: product.id, quantity: 1 }, { productId: other.id, quantity: 1 }])).status).toBe(200);
    expect((await checkout(server, [{ productId: product.id, quantity: 5 }])).status).toBe(400);
    expect((await checkout(server, [{ productId: inactive.id, quantity: 1 }])).status).toBe(400);
    expect((await checkout(server, [{ productId: product.id, quantity: 1 }], { shipping: { ...SHIPPING, phone: '' } })).status).toBe(400);
    expect((await rawRequest(server.port, '/api/trpc/catalog.filters')).status).toBe(200);

    const res = await metrics(server);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.text;
    expect(sample(text, 'marketplace_http_requests_total{route="orders.checkout",method="POST",status="200"}')).toBe(1);
    expect(sample(text, 'marketplace_http_requests_total{route="orders.checkout",method="POST",status="400"}')).toBe(3);
    expect(sample(text, 'marketplace_http_requests_total{route="catalog.filters",method="GET",status="200"}')).toBe(1);
    expect(sample(text, 'marketplace_http_request_duration_seconds_count{route="orders.checkout"}')).toBe(4);
    expect(sample(text, 'marketplace_http_request_duration_seconds_bucket{le="+Inf",route="catalog.filters"}')).toBe(1);
    // One checkout across two shops places two orders.
    expect(sample(text, 'marketplace_orders_placed_total')).toBe(2);
    expect(sample(text, 'marketplace_checkout_refusals_total{reason="stock"}')).toBe(1);
    expect(sample(text, 'marketplace_checkout_refusals_total{reason="unavailable"}')).toBe(1);
    expect(sample(text, 'marketplace_checkout_refusals_total{reason="validation"}')).toBe(1);
    // The SQLite file's size, or pg_database_size on PostgreSQL (its files are on the database server).
    expect(sample(text, 'marketplace_database_size_bytes')).toBeGreaterThan(4096);
    const age = sample(text, 'marketplace_last_backup_age_seconds')!;
    expect(age).toBeGreaterThanOrEqual(3600);
    expect(age).toBeLessThan(3660);
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it('counts checkouts refused by the rate limit', async () => {
    let status = 0;
    for (let i = 0; i < 200 && status !== 429; i += 1) status = (await checkout(server, [], { shipping: {} })).status;
    expect(status).toBe(429);
    expect(sample((await metrics(server)).text, 'marketplace_checkout_refusals_total{reason="rate_limit"}')).toBe(1);
  });

  it('counts the live streams open right now', async () => {
    await createUser(server.env, { email: 'streamer@example.test' });
    const { cookie } = await signIn(server.port, 'streamer@example.test', TEST_PASSWORD);
    const stream = http.request({
      host: '127.0.0.1',
      port: server.port,
      path: '/api/trpc/orders.onMineChanged',
      headers: { accept: 'text/event-stream', cookie },
    });
    const response = await new Promise<http.IncomingMessage>((resolve, reject) => stream.on('response', resolve).on('error', reject).end());
    expect(response.headers['content-type']).toContain('text/event-stream');
    expect(sample((await metrics(server)).text, 'marketplace_live_streams')).toBe(1);
    stream.destroy();
    let open: number | null = 1;
    for (let i = 0; i < 100 && open !== 0; i += 1) open = sample((await metrics(server)).text, 'marketplace_live_streams');
    expect(open).toBe(0);
  });

  it('reports an infinitely old backup when there is none', async () => {
    const bare = await start();
    try {
      expect(sample((await metrics(bare)).text, 'marketplace_last_backup_age_seconds')).toBe(Number.POSITIVE_INFINITY);
    } finally {
      await bare.close();
    }
  });

  it('requires METRICS_TOKEN as a bearer token when it is set', async () => {
    const guarded = await start({ metricsToken: 'metrics-token-0123456789' });
    try {
      const none = await metrics(guarded);
      expect(none.status).toBe(401);
      expect(none.headers['www-authenticate']).toBe('Bearer');
      expect(none.text).not.toContain('marketplace_');
      expect((await metrics(guarded, { authorization: 'Bearer metrics-token-012345678' })).status).toBe(401);
      expect((await metrics(guarded, { authorization: 'metrics-token-0123456789' })).status).toBe(401);
      const ok = await metrics(guarded, { authorization: 'Bearer metrics-token-0123456789' });
      expect(ok.status).toBe(200);
      expect(ok.text).toContain('marketplace_http_requests_total');
    } finally {
      await guarded.close();
    }
  });
});

describe('/readyz, over HTTP', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await start();
  });
  afterAll(() => server.close());

  it('is ready when the database takes writes and the disk has room; /healthz stays', async () => {
    expect((await rawRequest(server.port, '/healthz')).json()).toEqual({ status: 'ok' });
    const res = await rawRequest(server.port, '/readyz');
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', checks: { database: { ok: true }, disk: { ok: true } } });
  });

  itSqliteOnly('answers 503 while the database cannot take a write, and recovers', async () => {
    // Another program holding the write lock (a stuck tool, a backup restore in progress).
    const other = new SQLite(path.join(server.env.dir, 'db.sqlite'));
    try {
      other.exec('begin immediate');
      const res = await rawRequest(server.port, '/readyz');
      expect(res.status).toBe(503);
      expect(res.json()).toMatchObject({ status: 'unavailable', checks: { database: { ok: false }, disk: { ok: true } } });
      expect(res.json<{ checks: { database: { message: string } } }>().checks.database.message).toContain('cannot take writes');
      other.exec('rollback');
    } finally {
      other.close();
    }
    expect((await rawRequest(server.port, '/readyz')).status).toBe(200);
    // The server still writes normally afterwards (the probe restored its lock wait).
    const { rows } = await sql<{ timeout: number }>`pragma busy_timeout`.execute(server.env.db);
    expect(rows[0]?.timeout).toBe(5000);
  });

  it('answers 503 when the disk is nearly full', async () => {
    const full = await start({ diskMinFreeMb: 1024 * 1024 * 1024 * 1024 });
    try {
      const res = await rawRequest(full.port, '/readyz');
      expect(res.status).toBe(503);
      const body = res.json<{ checks: { database: { ok: boolean }; disk: { ok: boolean; message: string } } }>();
      expect(body.checks.database.ok).toBe(true);
      expect(body.checks.disk.ok).toBe(false);
      expect(body.checks.disk.message).toMatch(/^Only \d+ MB free .*: free some space or grow the disk\.$/);
    } finally {
      await full.close();
    }
  });
});

describe('email in /readyz and /metrics (issue 31)', () => {
  it('reports the mail server as a detail that leaves the status ready, and the outbox as metrics', async () => {
    const monitor = { sent: 4, failed: 1, reachable: { ok: false, message: 'The mail server in SMTP_URL cannot be reached (ECONNREFUSED)' } };
    const server = await start({ mail: { monitor, outbox: async () => ({ depth: 3, oldestAgeSeconds: 42 }) } });
    try {
      const ready = await rawRequest(server.port, '/readyz');
      expect(ready.status).toBe(200);
      expect(ready.json()).toMatchObject({ status: 'ok', checks: { mail: { ok: false, message: monitor.reachable.message } } });
      const metrics = (await rawRequest(server.port, '/metrics')).text;
      expect(metrics).toMatch(/^marketplace_emails_sent_total 4$/m);
      expect(metrics).toMatch(/^marketplace_emails_failed_total 1$/m);
      expect(metrics).toMatch(/^marketplace_outbox_depth 3$/m);
      expect(metrics).toMatch(/^marketplace_outbox_oldest_age_seconds 42$/m);
    } finally {
      await server.close();
    }
  });
});
