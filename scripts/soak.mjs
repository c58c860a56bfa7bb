// `npm run soak -- [--minutes 10] [--connections 8] [--no-build] [--keep]`: the production build on a
// seeded temporary database, under mixed traffic on loopback for a while (autocannon): anonymous
// browsing, signed-in reads, checkouts, shop status changes and buyer cancellations, with two live
// streams open. Fails on any 5xx, on connection errors, on an error in the server's log, or when the
// server's memory is still growing after the first minute. Not part of `npm test` (it takes minutes).
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import autocannon from 'autocannon';
import SQLite from 'better-sqlite3';
import { loadRunEnv, readOption, startBuiltServer, trpcPath } from './load-harness.mjs';
import { requireNode24 } from './node-version.mjs';

const args = process.argv.slice(2);
const minutes = Number(readOption(args, 'minutes', '10'));
const connections = Number(readOption(args, 'connections', '8'));
if (!(minutes >= 1) || !(connections >= 4)) {
  console.error('Usage: npm run soak -- [--minutes N (at least 1)] [--connections N (at least 4)] [--no-build] [--keep]');
  process.exit(2);
}
requireNode24();

const WARM_UP_S = 60;
const SAMPLE_EVERY_MS = 5_000;
// Memory that keeps growing after warm-up by more than both of these is a leak, not the heap settling.
const GROWTH_LIMIT = { ratio: 0.1, bytes: 16 * 1024 * 1024 };

const build = path.resolve('.build-soak');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-soak-'));
const logFile = path.join(dir, 'server.log');
const env = loadRunEnv(dir, build, { LOG_LEVEL: 'info' });
const dbFile = env.DATABASE_PATH;

const step = (text) => console.log(`\n== ${text}`);

if (!args.includes('--no-build')) {
  step(`building the production bundle into ${path.relative(process.cwd(), build)}/`);
  execFileSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit', env: { ...process.env, BUILD_DIR: build } });
}

step(`seeding ${dbFile}`);
execFileSync('npm', ['run', '--silent', 'seed'], { stdio: 'inherit', env });
{
  // The demo's stock is small: raised so ten minutes of checkouts measure the server, not sold-out refusals.
  const sqlite = new SQLite(dbFile);
  sqlite.prepare('update products set stock_amount = 100000').run();
  sqlite.close();
}

const { server, client, exitCode: serverExit } = await startBuiltServer(build, env, logFile);
const { base, request, signIn } = client;
const trpcData = (res) => JSON.parse(res.text).result.data;
const query = (procedure, input, headers) => request(trpcPath(procedure, input), { headers });

step('signing in the demo accounts and reading the catalog');
const buyers = await Promise.all(['buyer@demo.test', 'ali@demo.test', 'zara@demo.test'].map((email) => signIn(email, ['demo-buyer'])));
const keepers = await Promise.all(['shop@demo.test', 'gadgets@demo.test'].map((email) => signIn(email, ['demo-shop'])));
const browse = trpcData(await query('catalog.products', {}));
const slugs = browse.items.map((p) => p.slug);
const products = [];
for (const slug of slugs) {
  const page = trpcData(await query('catalog.product', { slug }));
  products.push({ id: page.id, slug, color: page.colors?.[0] ?? null, size: page.sizes?.[0] ?? null });
}
const shopSlugs = trpcData(await query('catalog.shops', {})).items.map((s) => s.slug);
if (products.length === 0 || shopSlugs.length === 0) throw new Error('the seeded catalog is empty');
console.log(`${products.length} products, ${shopSlugs.length} shops, ${buyers.length} buyers, ${keepers.length} shopkeepers`);

const pick = (list) => list[Math.floor(Math.random() * list.length)];
const get = (urlPath, cookie) => ({ method: 'GET', path: urlPath, headers: cookie ? { cookie } : {} });
const trpcGet = (procedure, input, cookie) =>
  get(trpcPath(procedure, input), cookie);
const post = (procedure, body, cookie) => ({
  method: 'POST',
  path: `/api/trpc/${procedure}`,
  headers: { 'content-type': 'application/json', origin: base, ...(cookie ? { cookie } : {}) },
  body: JSON.stringify(body),
});
const shipping = {
  fullName: 'Soak Tester',
  email: 'soak@example.test',
  phone: '+1 555 010 9999',
  address: '1 Load Street',
  city: 'Loopback',
  postalCode: '12700',
  notes: '',
};
const checkoutBody = () => {
  const product = pick(products);
  return {
    items: [{ productId: product.id, quantity: 1 + Math.floor(Math.random() * 2), color: product.color, size: product.size }],
    shipping,
    attemptKey: randomUUID().replaceAll('-', ''),
  };
};
/** The id of the first order in `wanted` status of a list response, kept for the connection's next request. */
const rememberFirst = (wanted) => (status, body, context) => {
  context.orderId = status === 200 ? (JSON.parse(body).result.data.items.find((o) => o.status === wanted)?.id ?? null) : null;
};
/** A status change of the remembered order; without one, a harmless read instead. */
const changeRemembered = (procedure, extra, cookie) => ({
  ...post(procedure, {}, cookie),
  setupRequest: (req, context) => (context.orderId ? { ...req, body: JSON.stringify({ orderId: context.orderId, ...extra }) } : { ...req, ...trpcGet('auth.me', undefined, cookie) }),
});

const mixes = {
  browsing: [
    get('/'),
    get('/browse'),
    { ...get('/product/x'), setupRequest: (req) => ({ ...req, path: `/product/${pick(products).slug}` }) },
    { ...get('/shop/x'), setupRequest: (req) => ({ ...req, path: `/shop/${pick(shopSlugs)}` }) },
    trpcGet('catalog.products', {}),
    trpcGet('catalog.shops', {}),
    trpcGet('catalog.filters'),
    trpcGet('catalog.shopOptions'),
    trpcGet('sliders.listActive'),
    { ...trpcGet('catalog.product', { slug: 'x' }), setupRequest: (req) => ({ ...req, ...trpcGet('catalog.product', { slug: pick(products).slug }) }) },
    get('/healthz'),
  ],
  'signed-in reads': buyers.flatMap((cookie) => [trpcGet('auth.me', undefined, cookie), trpcGet('orders.mine', {}, cookie)]).concat(
    keepers.map((cookie) => trpcGet('shopOrders.list', {}, cookie)),
  ),
  checkouts: buyers.map((cookie) => ({ ...post('orders.checkout', {}, cookie), setupRequest: (req) => ({ ...req, body: JSON.stringify(checkoutBody()) }) })),
  'status changes': [
    ...keepers.flatMap((cookie) => [
      { ...trpcGet('shopOrders.list', { status: 'pending' }, cookie), onResponse: rememberFirst('pending') },
      changeRemembered('shopOrders.changeStatus', { status: 'confirmed' }, cookie),
      { ...trpcGet('shopOrders.list', { status: 'confirmed' }, cookie), onResponse: rememberFirst('confirmed') },
      changeRemembered('shopOrders.changeStatus', { status: 'shipped' }, cookie),
    ]),
    { ...trpcGet('orders.mine', {}, buyers[1]), onResponse: rememberFirst('pending') },
    changeRemembered('orders.cancel', {}, buyers[1]),
  ],
};
const share = { browsing: 0.4, 'signed-in reads': 0.2, checkouts: 0.2, 'status changes': 0.2 };

/** Two live streams (a shop's order activity) held open for the whole run, as open dashboards are. */
const stopStreams = [];
const streams = keepers.map(
  (cookie) =>
    new Promise((resolve) => {
      const req = http.get(`${base}/api/trpc/shopOrders.onActivity`, { headers: { accept: 'text/event-stream', cookie } }, (res) => {
        let events = 0;
        res.on('data', () => (events += 1));
        res.on('close', () => resolve(events));
        stopStreams.push(() => req.destroy());
      });
      req.on('error', () => resolve(-1));
    }),
);

/** One value of the server's /metrics, summed over its series. */
const metricOf = (text, pattern) =>
  text
    .split('\n')
    .filter((line) => pattern.test(line))
    .reduce((sum, line) => sum + Number(line.split(' ').at(-1)), 0);
const samples = [];
const started = Date.now();
// Resident memory from /proc (what the operator pays for), the JS heap from /metrics (where a leak in our code would show).
const sampler = setInterval(async () => {
  if (serverExit() !== null) return;
  const s = (Date.now() - started) / 1000;
  const rss = Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${server.pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
  const heap = await request('/metrics').then((r) => metricOf(r.text, /^nodejs_heap_size_used_bytes /), () => 0);
  samples.push({ s, rss, heap });
}, SAMPLE_EVERY_MS);

step(`${minutes} minute(s) of mixed traffic on ${base} (${connections} connections)`);
const runs = Object.entries(mixes).map(([name, requests]) => {
  const instance = autocannon({
    url: base,
    connections: Math.max(1, Math.round(connections * share[name])),
    duration: minutes * 60,
    requests,
    timeout: 10,
  });
  return instance.then((result) => ({ name, result }));
});
const progress = setInterval(() => {
  const last = samples.at(-1);
  if (last) console.log(`  ${Math.round(last.s)} s: server RSS ${(last.rss / 1048576).toFixed(1)} MB`);
}, 60_000);
const results = await Promise.all(runs);
clearInterval(progress);
clearInterval(sampler);
for (const stop of stopStreams) stop();
const streamEvents = await Promise.all(streams);

const metricsText = (await request('/metrics')).text;
server.kill('SIGTERM');
await new Promise((resolve) => (serverExit() === null ? server.once('exit', resolve) : resolve()));

// The server's own view: every request it answered, by status, and what its log holds at error level.
const metric = (pattern) => metricOf(metricsText, pattern);
const served5xx = metric(/^marketplace_http_requests_total\{.*status="5\d\d"/);
let errorLines = 0;
let firstError = null;
for await (const line of readline.createInterface({ input: fs.createReadStream(logFile) })) {
  if (!line.startsWith('{')) continue;
  const level = JSON.parse(line).level;
  if (level >= 50) {
    errorLines += 1;
    firstError ??= line.slice(0, 2000);
  }
}

step('summary');
console.log('| traffic | connections | requests | req/s | p50 ms | p99 ms | 2xx | 4xx | 5xx | errors | timeouts |');
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
let client5xx = 0;
let failures = 0;
for (const { name, result } of results) {
  const byClass = { 2: 0, 4: 0, 5: 0 };
  for (const [code, { count }] of Object.entries(result.statusCodeStats ?? {})) byClass[code[0]] = (byClass[code[0]] ?? 0) + Number(count);
  client5xx += byClass[5];
  failures += result.errors + result.timeouts;
  const row = [name, result.connections, result.requests.total, Math.round(result.requests.average), result.latency.p50, result.latency.p99];
  console.log(`| ${[...row, byClass[2], byClass[4], byClass[5], result.errors, result.timeouts].join(' | ')} |`);
}
console.log(`orders placed: ${metric(/^marketplace_orders_placed_total /)}`);
const refusals = metricsText.split('\n').filter((l) => l.startsWith('marketplace_checkout_refusals_total{'));
console.log(`checkout refusals: ${refusals.length ? refusals.map((l) => l.replace('marketplace_checkout_refusals_total', '')).join(', ') : 'none'}`);
console.log(`live streams: ${streamEvents.map((n) => `${n} chunks`).join(', ')}`);
console.log(`database: ${(metric(/^marketplace_database_size_bytes /) / 1048576).toFixed(1)} MB; log: ${(fs.statSync(logFile).size / 1048576).toFixed(1)} MB`);

const mb = (bytes) => (bytes / 1048576).toFixed(1);
const median = (list, key) => {
  const sorted = list.map((s) => s[key]).sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};
const settled = samples.filter((s) => s.s >= WARM_UP_S);
const third = Math.max(1, Math.floor(settled.length / 3));
const trend = (key) => [median(settled.slice(0, third), key), median(settled.slice(-third), key)];
const [early, late] = trend('rss');
const [earlyHeap, lateHeap] = trend('heap');
const growth = late - early;
const growing = settled.length >= 3 && growth > GROWTH_LIMIT.bytes && growth > early * GROWTH_LIMIT.ratio;
console.log(
  `server RSS: ${mb(samples[0]?.rss ?? 0)} MB at start, ${mb(Math.max(...samples.map((s) => s.rss)))} MB peak; after the first minute ` +
    `${mb(early)} -> ${mb(late)} MB (JS heap used ${mb(earlyHeap)} -> ${mb(lateHeap)} MB; medians of the first and last third of ${settled.length} samples)`,
);
const every = Math.max(1, Math.round(samples.length / 12));
console.log(`over time (RSS/heap MB): ${samples.filter((_, i) => i % every === 0).map((s) => `${Math.round(s.s)}s ${mb(s.rss)}/${mb(s.heap)}`).join(', ')}`);

const problems = [];
if (serverExit() !== null && serverExit() !== 'SIGTERM' && serverExit() !== 0) problems.push(`the server exited on its own (${serverExit()})`);
if (client5xx || served5xx) problems.push(`${Math.max(client5xx, served5xx)} responses were 5xx`);
if (failures) problems.push(`${failures} requests failed without an answer (connection errors or timeouts)`);
if (errorLines) problems.push(`the server logged ${errorLines} errors; the first: ${firstError}`);
if (growing) problems.push(`server memory still grew by ${mb(growth)} MB after the first minute`);
if (settled.length < 3) problems.push('too few memory samples after the first minute to judge growth (run at least 2 minutes)');

if (args.includes('--keep')) console.log(`\nkept: ${dir}`);
else fs.rmSync(dir, { recursive: true, force: true });
if (problems.length) {
  console.log(`\nSOAK FAILED:\n- ${problems.join('\n- ')}`);
  process.exit(1);
}
console.log('\nSOAK PASSED');
