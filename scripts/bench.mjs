// `npm run bench -- [--quick] [--seconds N] [--connections N] [--only TEXT] [--coupon-share 0-1] [--no-build] [--keep]
//   [--database sqlite|postgres] [--instances N] [--balancer] [--cpu-prof DIR]`: the production
// build on a freshly seeded temporary database (the large seed; the demo seed with --quick), measured
// read by read from a second process on loopback (autocannon), every read asking `Accept-Encoding: br, gzip`
// as browsers do, next to a plain node:http "hello" server measured in the same run as the ceiling of
// any Node endpoint on this machine, and, row by row, bare node:http sending that row's very answers
// (the same status, headers and bytes, recorded from the app just before: scripts/same-bytes-server.mjs),
// the ceiling that row can be judged by (issue 52). Prints a table (req/s, share of both ceilings,
// p50, p99, non-2xx), checkout orders per second with the units oversold (must be 0), the server's peak
// resident memory and the gzip size of /browse's initial JS and CSS, the server's CPU time per request
// and its memory per phase (RSS, heap from its /metrics), issue 22's budgets and issue 52's (each row
// against its same-bytes ceiling) beside what was measured, and writes bench/results.json. Not part of
// `npm test` (it takes minutes and measures, it does not assert).
// `--only TEXT` measures only the endpoints whose name contains TEXT ("checkout" for checkout; several
// texts separated by `|`) and
// writes no results file: for a quick look at one endpoint while working on it.
// `--database postgres` copies the seeded SQLite file into a throw-away PostgreSQL cluster
// (scripts/services/postgres.mjs) with `npm run migrate-data` and runs the server on it;
// `--instances N` starts N servers on the same database behind nginx round robin
// (scripts/services/balancer.mjs), as production would run them; `--balancer` puts nginx in front of
// a single instance too, so one and two instances are compared through the same hop.
import { execFileSync, fork, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { buildIsOlderThanSources } from './build-freshness.mjs';
import { createClient, freePort, loadRunEnv, readOption, startBuiltServer, trpcPath } from './load-harness.mjs';
import { postgresCpuMs, processCpuMs, rssKb, v8HelperCpuMs } from './process-stats.mjs';
import { requireNode24 } from './node-version.mjs';
import { recordAnswers, startSameBytesServer } from './same-bytes.mjs';
import { startBalancer } from './services/balancer.mjs';
import { startPostgres } from './services/postgres.mjs';

await main();

async function main() {
  const args = process.argv.slice(2);
  const quick = args.includes('--quick');
  const seconds = Number(readOption(args, 'seconds', quick ? '3' : '10'));
  const connections = Number(readOption(args, 'connections', '50'));
  const only = readOption(args, 'only', '');
  // The share of checkout carts that apply their shop's coupon (issue 32); 0 measures checkout without coupons.
  const couponShare = Number(readOption(args, 'coupon-share', '0.5'));
  // Each server writes a V8 CPU profile there when it stops (open it in Chrome's DevTools).
  const cpuProfDir = readOption(args, 'cpu-prof', '') && path.resolve(readOption(args, 'cpu-prof', ''));
  // `--only 'product by slug|checkout'`: several texts, any of which names an endpoint.
  const measured = (name) => !only || only.split('|').some((text) => name.includes(text));
  const database = readOption(args, 'database', 'sqlite');
  const instances = Number(readOption(args, 'instances', '1'));
  const balanced = instances > 1 || args.includes('--balancer');
  if (!(seconds >= 1) || !(connections >= 1) || !['sqlite', 'postgres'].includes(database) || !(Number.isInteger(instances) && instances >= 1)) {
    console.error(
      'Usage: npm run bench -- [--quick] [--seconds N (at least 1)] [--connections N (at least 1)] [--only TEXT] [--no-build] [--keep]\n' +
        '                        [--database sqlite|postgres] [--instances N (at least 1)] [--balancer] [--cpu-prof DIR]',
    );
    process.exit(2);
  }
  requireNode24();
  const step = (text) => console.log(`\n== ${text}`);

  // Its own build folder, so a build someone else starts in dist/ meanwhile cannot change what is measured.
  const build = path.resolve('.build-bench');
  if (!args.includes('--no-build') && (!fs.existsSync(path.join(build, 'server', 'index.js')) || buildIsOlderThanSources(build))) {
    step(`building the production bundle into ${path.relative(process.cwd(), build)}/`);
    execFileSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit', env: { ...process.env, BUILD_DIR: build } });
  }

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-bench-'));
  const logFile = path.join(dir, 'server.log');
  const scale = quick ? 'demo' : 'large';
  const env = loadRunEnv(dir, build);
  const dbFile = env.DATABASE_PATH;
  step(`seeding ${dbFile} (${scale})`);
  const seedStarted = Date.now();
  execFileSync('npm', ['run', '--silent', 'seed', ...(quick ? [] : ['--', '--scale', 'large'])], { stdio: 'inherit', env });
  const seedSeconds = (Date.now() - seedStarted) / 1000;

  // What to ask for, chosen from the data (read-only, before the server starts).
  const sqlite = new SQLite(dbFile);
  const one = (sql, ...params) => sqlite.prepare(sql).get(...params);
  const all = (sql, ...params) => sqlite.prepare(sql).all(...params);
  const sizes = one(`select (select count(*) from shops) shops, (select count(*) from products) products,
    (select count(*) from orders) orders, (select count(*) from product_reviews) + (select count(*) from shop_reviews) reviews,
    (select count(*) from users) users`);
  const visible = `p.is_active = 1 and p.taken_down_at is null and s.is_active = 1 and s.taken_down_at is null`;
  const busiestShop = one(`select s.id, s.slug, u.email owner, count(o.id) orders from shops s join users u on u.id = s.owner_id
    left join orders o on o.shop_id = s.id where s.is_active = 1 and s.taken_down_at is null group by s.id order by orders desc, s.id limit 1`);
  const filterPair = one(`select c.slug category, s.slug shop from products p join shops s on s.id = p.shop_id join categories c on c.id = p.category_id
    where ${visible} group by c.id order by count(*) desc limit 1`);
  const popular = one(`select p.id, p.slug, count(r.id) reviews from products p join shops s on s.id = p.shop_id
    join product_reviews r on r.product_id = p.id where ${visible} group by p.id order by reviews desc limit 1`);
  const guest = one('select buyer_email email, count(*) orders from orders where buyer_id is null group by buyer_email order by orders desc limit 1');
  const buyer = one(`select u.email, count(*) orders from orders o join users u on u.id = o.buyer_id
    where not exists (select 1 from user_roles r where r.user_id = u.id and r.role <> 'buyer') group by u.id order by orders desc limit 1`);
  const admin = one(`select u.email from users u join user_roles r on r.user_id = u.id and r.role = 'admin' order by u.id limit 1`);
  const slugs = all(`select p.slug from products p join shops s on s.id = p.shop_id where ${visible} order by random() limit 1000`).map((r) => r.slug);
  const word = mostCommonWord(all(`select p.name from products p join shops s on s.id = p.shop_id where ${visible}`).map((r) => r.name));
  // Products with one shared stock: the stock set below is theirs (a per-variant product's stock is its
  // variants' sum, kept by triggers; setting it here would leave the copy to PostgreSQL inconsistent and
  // checkout would sell the variants' few units out).
  const sellable = all(`select p.id, p.shop_id, p.colors, p.sizes from products p join shops s on s.id = p.shop_id where ${visible} and p.stock_mode = 'shared' order by random() limit 205`).map(
    (p) => ({ id: p.id, shopId: p.shop_id, color: JSON.parse(p.colors)[0] ?? null, size: JSON.parse(p.sizes)[0] ?? null }),
  );
  const scarce = sellable.slice(0, 5);
  const plenty = sellable.slice(5);
  // Plenty of stock for most, a few units of the scarce ones: orders/s measures checkout, and the
  // scarce products sell out under contention, which is where an oversell would show.
  const SCARCE_STOCK = 20;
  sqlite.prepare(`update products set stock_amount = 1000000 where id in (${plenty.map((p) => p.id).join(',') || 0})`).run();
  sqlite.prepare(`update products set stock_amount = ${SCARCE_STOCK} where id in (${scarce.map((p) => p.id).join(',') || 0})`).run();
  // A coupon for every shop sold from (10% off, no limit, any buyer): half the carts carry one (issue 32),
  // so checkout's figure includes checking a code and counting its use in the transaction.
  if (couponShare > 0) {
    const addCoupon = sqlite.prepare(
      `insert into coupons (shop_id, code, type, value, once_per_buyer, is_active, created_at, updated_at) values (?, 'BENCH10', 'percent', 10, 0, 1, ?, ?) on conflict do nothing`,
    );
    const couponAt = new Date().toISOString();
    for (const shopId of new Set(sellable.map((p) => p.shopId))) addCoupon.run(shopId, couponAt, couponAt);
  }
  // A published marketplace page (issue 47): the migration's Terms draft, its /p/terms row measured below.
  sqlite.prepare("update pages set published = 1 where address = 'terms'").run();
  sqlite.close();
  console.log(
    `${sizes.shops} shops, ${sizes.products} products, ${sizes.orders} orders, ${sizes.reviews} reviews, ${sizes.users} users (seeded in ${seedSeconds.toFixed(0)} s)`,
  );
  for (const [what, value] of Object.entries({ busiestShop, filterPair, popular, guest, buyer, admin, word })) {
    if (!value) throw new Error(`the seeded data has no ${what} to measure`);
  }

  // On PostgreSQL: the seeded file (stock already set above) copied as an operator moves a shop.
  let postgres = null;
  if (database === 'postgres') {
    step('copying the seeded database into a throw-away PostgreSQL (migrate-data)');
    // Durable as a production server is (the test default turns fsync off), so checkout compares with SQLite's synchronous = FULL.
    postgres = await startPostgres({ database: 'bench', settings: { fsync: 'on', synchronous_commit: 'on', full_page_writes: 'on' } });
    // The build's own tool, so the copy migrates to exactly the schema the measured server expects.
    const copied = execFileSync(process.execPath, [path.join(build, 'server', 'cli', 'migrate-data.js'), '--from', dbFile, '--to', postgres.url], { env, encoding: 'utf8' });
    console.log(`PostgreSQL ${postgres.version.split(' ')[0]}: ${copied.split('\n').find((line) => line.startsWith('Copied')) ?? copied}`);
    env.DATABASE_URL = postgres.url;
  }
  const setup =
    `${database === 'postgres' ? `PostgreSQL ${postgres.version.split(' ')[0]} (throw-away cluster on loopback, fsync on, pool ${env.DATABASE_POOL_SIZE ?? 10} per instance)` : 'SQLite (one file)'}, ` +
    `${instances} instance${instances > 1 ? 's' : ''}${balanced ? ' behind nginx round robin (keep-alive to the instances)' : ', no balancer'}`;
  console.log(`setup: ${setup}`);

  const helloPort = await freePort();
  const helloBase = `http://127.0.0.1:${helloPort}`;
  const helloSource = `require('node:http').createServer((req, res) => res.end('hello')).listen(${helloPort}, '127.0.0.1')`;
  const hello = spawn(process.execPath, ['-e', helloSource], { stdio: 'ignore' });
  // The load comes from a process of its own (scripts/load-worker.mjs).
  const worker = fork(new URL('./load-worker.mjs', import.meta.url).pathname, [], { stdio: 'inherit' });
  // Bare node:http sending each row's own answers (its same-bytes ceiling), told them before each row.
  const sameBytes = await startSameBytesServer();
  const helloReady = () => fetch(helloBase).then((r) => r.status === 200, () => false);
  const servers = [];
  const cleanUp = () => {
    for (const child of [...servers.map((s) => s.server), hello, worker, sameBytes.child]) if (child.exitCode === null) child.kill('SIGTERM');
  };
  process.on('exit', cleanUp);
  // One after the other: the first runs the migrations (none left after a copy), the others find them done.
  for (let i = 0; i < instances; i += 1) {
    const file = instances === 1 ? logFile : path.join(dir, `server-${i + 1}.log`);
    servers.push(
      await startBuiltServer(build, { ...env, ...(balanced ? { TRUST_PROXY: '1' } : {}) }, file, i === 0 ? helloReady : undefined, {
        nodeFlags: cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfDir}`] : [],
      }),
    );
  }
  const balancer = balanced ? await startBalancer({ upstreams: servers.map((s) => Number(new URL(s.client.base).port)) }) : null;
  const { base, request, signIn } = balancer ? createClient(balancer.url) : servers[0].client;
  const serverExit = () => servers.map((s) => s.exitCode()).find((code) => code !== null && code !== 'SIGTERM' && code !== 0) ?? null;

  // The server's own memory, as its /metrics tells it (process.memoryUsage() through prom-client's
  // default metrics): resident, V8 heap used and reserved, and memory outside the heap (buffers), in MB.
  const memoryOf = async (server) => {
    const text = (await server.client.request('/metrics')).text;
    const mb = (name) => Number(new RegExp(`^${name} (\\S+)`, 'm').exec(text)?.[1] ?? Number.NaN) / 1048576;
    return {
      rssMb: mb('process_resident_memory_bytes'),
      heapUsedMb: mb('nodejs_heap_size_used_bytes'),
      heapTotalMb: mb('nodejs_heap_size_total_bytes'),
      externalMb: mb('nodejs_external_memory_bytes'),
    };
  };
  // Idle after start: nothing asked yet but the readiness check; a second for what start-up leaves behind.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const idle = await Promise.all(servers.map(memoryOf));
  const idleRssMb = Math.max(...idle.map((m) => m.rssMb));
  console.log(`server idle after start: ${idle.map((m) => `RSS ${m.rssMb.toFixed(0)} MB, heap ${m.heapUsedMb.toFixed(0)}/${m.heapTotalMb.toFixed(0)} MB, external ${m.externalMb.toFixed(0)} MB`).join('; ')}`);

  // The seeds' passwords by role (README "Demo data"; the large seed uses the same ones).
  const keeperCookie = await signIn(busiestShop.owner, ['demo-shop']);
  const buyerCookie = await signIn(buyer.email, ['demo-buyer']);
  const adminCookie = await signIn(admin.email, ['demo-admin']);
  const shopId = JSON.parse((await request(trpcPath('catalog.shop', { slug: busiestShop.slug }))).text).result.data.id;

  // Every read asks as browsers do (issue 52): brotli or gzip. A 65 KB page is 6 KB in brotli.
  const accept = { 'accept-encoding': 'br, gzip' };
  const get = (urlPath, cookie) => ({ method: 'GET', path: urlPath, headers: cookie ? { ...accept, cookie } : accept });
  const trpc = (procedure, input, cookie) => get(trpcPath(procedure, input), cookie);
  const batch = (calls) =>
    get(`/api/trpc/${calls.map(([procedure]) => procedure).join(',')}?batch=1&input=${encodeURIComponent(JSON.stringify(Object.fromEntries(calls.map(([, input], i) => [i, input]))))}`);
  // `public`: anyone's read, answered from the public cache; `personal`: a signed-in user's, or a guest's own orders.
  const allReads = [
    ['catalog.products, first page', [trpc('catalog.products', {})], 'public'],
    [`catalog.products, search for a word ("${word}")`, [trpc('catalog.products', { search: word })], 'public'],
    ['catalog.shops (with ratings)', [trpc('catalog.shops', {})], 'public'],
    ['catalog.filters', [trpc('catalog.filters')], 'public'],
    // The shop dropdown's list, which /browse reads once hydrated (it is not in the page).
    ['catalog.shopOptions', [trpc('catalog.shopOptions')], 'public'],
    ['storefront (catalog.shop + catalog.shopProducts, alternating)', [trpc('catalog.shop', { slug: busiestShop.slug }), trpc('catalog.shopProducts', { shopId })], 'public'],
    // The same two in one request, as tRPC's batching link sends them (issue 52).
    ['storefront batch (catalog.shop + catalog.shopProducts in one request)', [batch([['catalog.shop', { slug: busiestShop.slug }], ['catalog.shopProducts', { shopId }]])], 'public'],
    [`catalog.product by slug (${slugs.length} products)`, [{ method: 'GET', paths: slugs.map((slug) => trpcPath('catalog.product', { slug })), headers: accept }], 'public'],
    [`shops.dashboard (a shop with ${busiestShop.orders} orders)`, [trpc('shops.dashboard', undefined, keeperCookie)], 'personal'],
    // Issue 30: the cash summary reads two indexes only; it must stay within the dashboard's budget.
    [`shopOrders.cashSummary (a shop with ${busiestShop.orders} orders)`, [trpc('shopOrders.cashSummary', undefined, keeperCookie)], 'personal'],
    // Issue 30: the orders CSV of a whole year, streamed (its peak RSS is in the memory table).
    [`orders CSV, a year (a shop with ${busiestShop.orders} orders)`, [get(`/api/shop/orders.csv?from=${new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10)}&to=${new Date().toISOString().slice(0, 10)}`, keeperCookie)], 'personal'],
    // The page in English and in Urdu (issue 21: cached like the English one, by its own path).
    ...['/browse', '/ur/browse'].map((page) => [`${page} HTML`, [get(page)], 'public']),
    // A marketplace page (issue 47): server-rendered from Markdown, kept in the public cache like /browse.
    ['/p/terms HTML', [get('/p/terms')], 'public'],
    // Crawlers take brotli too (Googlebot does); a chunk of 20,000 URLs is about 2 MB raw.
    ['/sitemap.xml (the index)', [get('/sitemap.xml')], 'public'],
    ['/sitemaps/products-1.xml (a chunk)', [get('/sitemaps/products-1.xml')], 'public'],
    ['catalog.products, category + shop filter', [trpc('catalog.products', { category: filterPair.category, shop: filterPair.shop })], 'public'],
    [`reviews.productReviews (a product with ${popular.reviews} reviews)`, [trpc('reviews.productReviews', { productId: popular.id })], 'public'],
    [`orders.track, guest by email (${guest.orders} orders)`, [trpc('orders.track', { email: guest.email })], 'personal'],
    [`orders.mine (a buyer with ${buyer.orders} orders)`, [trpc('orders.mine', {}, buyerCookie)], 'personal'],
    ['admin.stats', [trpc('admin.stats', undefined, adminCookie)], 'personal'],
  ];
  const reads = allReads.filter(([name]) => measured(name));
  const checkoutName = 'orders.checkout (1-2 lines, guest)';

  // Each read answers before it is measured: a wrong input or a failed sign-in would measure errors.
  for (const [name, requests] of reads) {
    for (const r of requests) {
      const res = await request(r.path ?? r.paths[0], { headers: r.headers });
      if (res.status !== 200) throw new Error(`${name}: ${r.path ?? r.paths[0]} answered ${res.status}: ${res.text.slice(0, 300)}`);
    }
  }

  // The page as a browser gets it (server-rendered, with the screen's own chunks preloaded), for its asset sizes.
  const browseHtml = (await request('/browse')).text;

  // Per instance: each is a process of its own.
  const peakSampledKb = servers.map(() => 0);
  // The highest RSS of any instance since the current phase (one endpoint, checkout) began.
  let phasePeakKb = 0;
  const sampler = setInterval(() => {
    servers.forEach((s, i) => {
      const kb = rssKb(s.server.pid, 'VmRSS');
      peakSampledKb[i] = Math.max(peakSampledKb[i], kb);
      phasePeakKb = Math.max(phasePeakKb, kb);
    });
  }, 100);
  const cpuMs = () => processCpuMs(servers.map((s) => s.server.pid));
  // Of the servers' CPU, V8's collector threads': tens of µs a request mean the old generation is collected often.
  const helperCpuMs = () => v8HelperCpuMs(servers.map((s) => s.server.pid));
  /** What a phase left: its peak RSS (sampled every 100 ms) and the first instance's memory at its end. */
  const phaseMemory = async () => {
    const peakRssMb = phasePeakKb / 1024;
    phasePeakKb = 0;
    return { peakRssMb, ...(await memoryOf(servers[0])) };
  };
  const startRssMb = Math.max(...servers.map((s) => rssKb(s.server.pid, 'VmRSS'))) / 1024;

  const load = (at, requests, run = seconds) =>
    new Promise((resolve) => {
      worker.once('message', resolve);
      worker.send({ base: at, connections, seconds: run, requests });
    });

  step(`measuring, ${seconds} s per endpoint, ${connections} connections, load from a second process on loopback`);
  const ceiling = await load(helloBase, [{ method: 'GET', path: '/' }]);
  console.log(`node:http hello (the ceiling): ${Math.round(ceiling.requests)} req/s`);
  const rows = [];
  await phaseMemory();
  for (const [name, requests, kind] of reads) {
    // A short warm-up first, so the JIT and SQLite's page cache are not what the first second measures.
    await load(base, requests, 1);
    const cpuBefore = cpuMs();
    const helperBefore = helperCpuMs();
    const result = await load(base, requests);
    // The servers' own CPU time per answer: unlike req/s, it does not move with what else runs on the machine.
    const cpuUs = ((cpuMs() - cpuBefore) * 1000) / Math.max(1, result.total);
    const gcHelperUs = ((helperCpuMs() - helperBefore) * 1000) / Math.max(1, result.total);
    const memory = await phaseMemory();
    // Its same-bytes ceiling, right after: bare node:http sending the answers the app just sent.
    const answers = await recordAnswers(base, requests);
    await sameBytes.serve(answers);
    const bare = await load(sameBytes.base, requests);
    const bytes = answers.reduce((sum, [, , , body]) => sum + Buffer.byteLength(body, 'base64'), 0) / answers.length;
    const same = { requests: bare.requests, p50: bare.p50, p99: bare.p99, non2xx: bare.non2xx, bytes };
    rows.push({ name, kind, ...result, share: result.requests / ceiling.requests, sameBytes: same, sameShare: result.requests / bare.requests, cpuUs, gcHelperUs, memory });
    console.log(
      `${name}: ${Math.round(result.requests)} req/s, p99 ${result.p99} ms, ${cpuUs.toFixed(0)} µs of server CPU per request (V8's collector threads ${gcHelperUs.toFixed(0)}); peak RSS ${memory.peakRssMb.toFixed(0)} MB; ` +
        `bare node:http sending its ${Math.round(bytes)} bytes: ${Math.round(bare.requests)} req/s, p99 ${bare.p99} ms (${((result.requests / bare.requests) * 100).toFixed(1)}%)`,
    );
  }

  // Checkout: stock before and after, and what the orders placed during the run hold.
  const db = await openReader(dbFile, env.DATABASE_URL);
  const pool = [...scarce, ...plenty];
  const stockOf = async () =>
    new Map((await db.all(`select id, stock_amount from products where id in (${pool.map((p) => p.id).join(',')})`)).map((r) => [Number(r.id), Number(r.stock_amount)]));
  const before = await stockOf();
  const lastOrderId = Number((await db.all('select coalesce(max(id), 0) id from orders'))[0].id);
  const shipping = { fullName: 'Bench Guest', email: 'bench@example.test', phone: '+1 555 010 9999', address: '1 Load Street', city: 'Loopback', postalCode: '12700', notes: '' };
  const checkoutRequest = {
    method: 'POST',
    path: '/api/trpc/orders.checkout',
    headers: { 'content-type': 'application/json', origin: base },
    checkout: { plenty, scarce, scarceShare: 0.1, maxLines: 2, shipping, couponShare, shopOf: Object.fromEntries(pool.map((p) => [p.id, p.shopId])) },
  };
  const checkoutStarted = Date.now();
  const skipped = { requests: 0, p50: 0, p99: 0, non2xx: 0, total: 0, statusCodes: {}, refusals: {} };
  const checkoutCpuBefore = cpuMs();
  const postgresCpuBefore = database === 'postgres' ? postgresCpuMs() : 0;
  const checkout = measured(checkoutName) ? await load(base, [checkoutRequest]) : skipped;
  const checkoutCpuMs = cpuMs() - checkoutCpuBefore;
  const checkoutPostgresCpuMs = database === 'postgres' ? postgresCpuMs() - postgresCpuBefore : 0;
  const checkoutSeconds = (Date.now() - checkoutStarted) / 1000;
  const checkoutMemory = await phaseMemory();
  // Stock, orders and their items from one snapshot: checkouts still in flight when the load stops
  // commit meanwhile, and reads at different moments would count their units but not their stock.
  const { after, placed, sold } = await db.snapshot(async () => ({
    after: await stockOf(),
    placed: Number((await db.all('select count(*) n from orders where id > ?', [lastOrderId]))[0].n),
    sold: new Map(
      (await db.all('select product_id id, sum(quantity) units from order_items where order_id > ? group by product_id', [lastOrderId])).map((r) => [
        Number(r.id),
        Number(r.units),
      ]),
    ),
  }));
  await db.close();
  let oversold = 0;
  let mismatched = 0;
  for (const [id, stock] of before) {
    const units = sold.get(id) ?? 0;
    oversold += Math.max(0, units - stock) + Math.max(0, -(after.get(id) ?? 0));
    if (stock - units !== after.get(id)) mismatched += 1;
  }
  const scarceSold = scarce.reduce((sum, p) => sum + (sold.get(p.id) ?? 0), 0);

  clearInterval(sampler);
  const peakRssMbs = servers.map((s, i) => Math.max(peakSampledKb[i], rssKb(s.server.pid, 'VmHWM')) / 1024);
  const peakRssMb = Math.max(...peakRssMbs);
  await Promise.all(
    servers.map(({ server, exitCode }) => {
      const exited = new Promise((resolve) => (exitCode() === null ? server.once('exit', resolve) : resolve()));
      server.kill('SIGTERM');
      return exited;
    }),
  );
  hello.kill('SIGTERM');
  worker.kill('SIGTERM');
  sameBytes.child.kill('SIGTERM');
  await balancer?.stop();
  await postgres?.stop();

  const assets = initialAssets(path.join(build, 'client'), browseHtml);

  step('results');
  const fmt = (n) => Math.round(n).toLocaleString('en-US');
  console.log(`Setup: ${setup}`);
  console.log(`Seed: ${scale} (${sizes.shops} shops, ${sizes.products} products, ${sizes.orders} orders, ${sizes.reviews} reviews); ${seconds} s per endpoint, ${connections} connections; ${os.cpus().length} cores (${os.cpus()[0]?.model.trim()}), Node ${process.versions.node}`);
  console.log('');
  console.log(
    'Every read asks `Accept-Encoding: br, gzip`. "Same bytes": bare node:http sending the row\'s own answers (status, headers, bytes as the app sent them), measured right after the row.',
  );
  console.log('');
  console.log('| endpoint | bytes sent | req/s | of the hello ceiling | same bytes: bare node:http req/s | share of same bytes | p50 ms | p99 ms (same bytes) | non-2xx | server CPU µs/request |');
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  console.log(`| node:http hello (the ceiling) | 5 | ${fmt(ceiling.requests)} | 100% | | | ${ceiling.p50} | ${ceiling.p99} | ${ceiling.non2xx} | |`);
  for (const row of rows) {
    console.log(
      `| ${row.name} | ${fmt(row.sameBytes.bytes)} | ${fmt(row.requests)} | ${(row.share * 100).toFixed(1)}% | ${fmt(row.sameBytes.requests)} | ${(row.sameShare * 100).toFixed(1)}% | ${row.p50} | ${row.p99} (${row.sameBytes.p99}) | ${row.non2xx} | ${fmt(row.cpuUs)} |`,
    );
  }
  if (checkout !== skipped) console.log(`| ${checkoutName} | | ${fmt(checkout.requests)} | ${((checkout.requests / ceiling.requests) * 100).toFixed(1)}% | | | ${checkout.p50} | ${checkout.p99} | ${checkout.non2xx} | ${fmt((checkoutCpuMs * 1000) / Math.max(1, checkout.total))} |`);
  console.log('');
  if (checkout !== skipped) {
    const refusals = Object.entries(checkout.statusCodes).filter(([code]) => !code.startsWith('2'));
    console.log(
      `checkout: ${fmt(placed / checkoutSeconds)} orders/s (${placed} orders placed, one per shop of a cart, from ${checkout.total} checkouts; ${refusals.map(([c, n]) => `${n} answered ${c}`).join(', ') || 'no refusals'}; the 5 scarce products of ${SCARCE_STOCK} units sold ${scarceSold} of ${scarce.length * SCARCE_STOCK})`,
    );
    for (const [message, count] of Object.entries(checkout.refusals)) console.log(`checkout refused ${count} times: ${message}`);
    // The servers' own CPU per order: unlike orders/s, it hardly moves with what else runs on the machine.
    console.log(
      `checkout server CPU: ${fmt((checkoutCpuMs * 1000) / Math.max(1, placed))} µs per order placed (the app's processes)` +
        (database === 'postgres' ? `; PostgreSQL's own: ${fmt((checkoutPostgresCpuMs * 1000) / Math.max(1, placed))} µs per order` : ''),
    );
  }
  console.log(`units oversold: ${oversold}${mismatched ? ` (and ${mismatched} products whose stock does not match their orders)` : ''}`);
  console.log(
    `server peak RSS: ${peakRssMb.toFixed(0)} MB (${startRssMb.toFixed(0)} MB before the load)${instances > 1 ? `; per instance ${peakRssMbs.map((mb) => mb.toFixed(0)).join(', ')} MB` : ''}`,
  );
  console.log(`/browse initial JS: ${(assets.js.gzip / 1024).toFixed(1)} KB gzip in ${assets.js.files.length} files; CSS: ${(assets.css.gzip / 1024).toFixed(1)} KB gzip in ${assets.css.files.length} files`);

  console.log('');
  console.log('Memory by phase (the server\'s own: peak RSS sampled every 100 ms; at the end of the phase: RSS, V8 heap used / reserved, outside the heap):');
  console.log('| phase | peak RSS MB | RSS MB | heap used MB | heap total MB | external MB |');
  console.log('| --- | --- | --- | --- | --- | --- |');
  const memoryRow = (name, m) => `| ${name} | ${m.peakRssMb === undefined ? '' : m.peakRssMb.toFixed(0)} | ${m.rssMb.toFixed(0)} | ${m.heapUsedMb.toFixed(0)} | ${m.heapTotalMb.toFixed(0)} | ${m.externalMb.toFixed(0)} |`;
  console.log(memoryRow('idle after start', idle[0]));
  for (const row of rows) console.log(memoryRow(row.name, row.memory));
  if (checkout !== skipped) console.log(memoryRow('orders.checkout', checkoutMemory));

  // The issue's table (22, "Lean on a small server"), each row beside its budget.
  const rowOf = (text) => rows.find((row) => row.name.includes(text));
  // The JSON reads and pages (the sitemaps are a crawler's, once a day).
  const publicRows = rows.filter((row) => row.kind === 'public' && !row.name.includes('sitemap'));
  const pct = (share) => `${(share * 100).toFixed(1)}%`;
  const budgets = [];
  const read = (label, text, p99Budget) => {
    const row = rowOf(text);
    if (!row) return;
    const met = row.share >= 0.1 && (p99Budget === undefined || row.p99 < p99Budget);
    budgets.push([label, `${fmt(row.requests)} req/s (${pct(row.share)}), p99 ${row.p99} ms, ${fmt(row.cpuUs)} µs CPU/request`, `≥ 10%${p99Budget ? `, p99 < ${p99Budget} ms` : ''}`, met]);
  };
  read('orders.mine', 'orders.mine', 25);
  read('shops.dashboard', 'shops.dashboard', 25);
  read('shopOrders.cashSummary', 'shopOrders.cashSummary', 25);
  read('admin.stats', 'admin.stats');
  read('guest tracking by email', 'orders.track', 25);
  if (publicRows.length) {
    const shares = publicRows.map((row) => row.share);
    const p99s = publicRows.map((row) => row.p99);
    budgets.push([
      `public reads (${publicRows.length})`,
      `${pct(Math.min(...shares))}-${pct(Math.max(...shares))}, p99 ${Math.min(...p99s)}-${Math.max(...p99s)} ms`,
      '≥ 33% (issue 33), p99 < 25 ms',
      Math.min(...shares) >= 0.33 && Math.max(...p99s) < 25,
    ]);
  }
  budgets.push(['peak RSS over the benchmark', `${peakRssMb.toFixed(0)} MB`, '< 200 MB', peakRssMb < 200]);
  budgets.push(['RSS idle after start', `${idleRssMb.toFixed(0)} MB`, '< 120 MB', idleRssMb < 120]);
  budgets.push(['/browse initial JavaScript', `${(assets.js.gzip / 1024).toFixed(1)} KB gzip in ${assets.js.files.length} files`, '≤ 95 KB gzip (issue 33)', assets.js.gzip / 1024 <= 95]);
  budgets.push(['Lighthouse mobile (four pages)', 'not measured here: npm run lighthouse', '100 on all four; best practices 100', null]);
  if (checkout !== skipped) {
    const goal = database === 'postgres' ? 600 : 1200;
    budgets.push([`checkout, orders/s, 0 oversold (${database})`, `${fmt(placed / checkoutSeconds)} orders/s, ${oversold} oversold`, `≥ ${fmt(goal)}, 0 oversold`, placed / checkoutSeconds >= goal && oversold === 0]);
  }
  console.log('');
  console.log(`Against the budgets (ceiling ${fmt(ceiling.requests)} req/s in this run):`);
  console.log('| what | measured | budget | |');
  console.log('| --- | --- | --- | --- |');
  for (const [label, value, budget, met] of budgets) console.log(`| ${label} | ${value} | ${budget} | ${met === null ? '' : met ? 'met' : 'missed'} |`);

  // Issue 52's budgets, row by row against its own same-bytes ceiling.
  const sameBytesBudgets = rows.map((row) => {
    const least = row.kind === 'public' ? 0.5 : 0.3;
    const met = row.sameShare >= least && row.p99 <= 3 * row.sameBytes.p99;
    return { what: row.name, kind: row.kind, share: row.sameShare, p99: row.p99, sameBytesP99: row.sameBytes.p99, budget: `≥ ${least * 100}%, p99 ≤ 3 × ${row.sameBytes.p99} ms`, met };
  });
  console.log('');
  console.log('Against issue 52\'s budgets (each row against bare node:http sending its own bytes, in this run; public reads and pages ≥ 50%, signed-in and personal reads ≥ 30%, p99 at most 3× the bare server\'s):');
  console.log('| row | kind | share of same bytes | p99 ms (same bytes) | budget | |');
  console.log('| --- | --- | --- | --- | --- | --- |');
  for (const b of sameBytesBudgets) console.log(`| ${b.what} | ${b.kind} | ${pct(b.share)} | ${b.p99} (${b.sameBytesP99}) | ${b.budget} | ${b.met ? 'met' : 'missed'} |`);

  const results = {
    measuredAt: new Date().toISOString(),
    machine: { cores: os.cpus().length, cpu: os.cpus()[0]?.model.trim() ?? null, node: process.versions.node },
    seed: { scale, ...sizes, seconds: seedSeconds },
    setup: { database, instances, balancer: balanced, description: setup },
    seconds,
    connections,
    ceiling: { requestsPerSecond: ceiling.requests, p50: ceiling.p50, p99: ceiling.p99, non2xx: ceiling.non2xx },
    endpoints: rows.map((row) => ({
      name: row.name,
      requestsPerSecond: row.requests,
      kind: row.kind,
      shareOfCeiling: row.share,
      sameBytes: { ...row.sameBytes, requestsPerSecond: row.sameBytes.requests },
      shareOfSameBytes: row.sameShare,
      p50: row.p50,
      p99: row.p99,
      non2xx: row.non2xx,
      errors: row.errors,
      timeouts: row.timeouts,
      cpuMicrosecondsPerRequest: row.cpuUs,
      gcHelperMicrosecondsPerRequest: row.gcHelperUs,
      memory: row.memory,
    })),
    checkout: {
      requestsPerSecond: checkout.requests,
      ordersPerSecond: placed / checkoutSeconds,
      cpuMicrosecondsPerOrder: (checkoutCpuMs * 1000) / Math.max(1, placed),
      postgresCpuMicrosecondsPerOrder: database === 'postgres' ? (checkoutPostgresCpuMs * 1000) / Math.max(1, placed) : null,
      ordersPlaced: placed,
      statusCodes: checkout.statusCodes,
      refusals: checkout.refusals,
      p50: checkout.p50,
      p99: checkout.p99,
      unitsOversold: oversold,
      stockMismatches: mismatched,
    },
    server: { idle: idle[0], idleRssMb, startRssMb, peakRssMb, peakRssMbPerInstance: peakRssMbs, checkoutMemory },
    budgets: budgets.map(([what, measured, budget, met]) => ({ what, measured, budget, met })),
    sameBytesBudgets,
    browseInitialAssets: assets,
  };
  if (!only) {
    fs.mkdirSync('bench', { recursive: true });
    fs.writeFileSync('bench/results.json', `${JSON.stringify(results, null, 2)}\n`);
    console.log('\nwritten: bench/results.json');
  }

  if (args.includes('--keep')) console.log(`kept: ${dir}`);
  else fs.rmSync(dir, { recursive: true, force: true });
  const failed = serverExit() !== null;
  if (oversold || mismatched || failed) {
    console.log(failed ? `\na server exited on its own (${serverExit()})` : '\nSTOCK WAS OVERSOLD');
    process.exit(1);
  }
}

/** Reads for the checkout check, from the SQLite file or, with DATABASE_URL, from PostgreSQL (`?` placeholders). */
async function openReader(file, url) {
  if (!url) {
    const sqlite = new SQLite(file, { readonly: true });
    const all = async (sql, params = []) => sqlite.prepare(sql).all(...params);
    const exec = async (sql) => void sqlite.exec(sql);
    return { all, snapshot: (reads) => inSnapshot(exec, 'begin', reads), close: async () => sqlite.close() };
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const all = async (sql, params = []) => {
    let n = 0;
    return (await client.query(sql.replace(/\?/g, () => `$${++n}`), params)).rows;
  };
  return { all, snapshot: (reads) => inSnapshot(all, 'begin isolation level repeatable read', reads), close: () => client.end() };
}

/** Runs `reads` in one read transaction: every read sees the same committed state. */
async function inSnapshot(exec, begin, reads) {
  await exec(begin);
  try {
    return await reads();
  } finally {
    await exec('commit');
  }
}

/** The word (4+ letters) most product names share: a search that finds many products. */
function mostCommonWord(names) {
  const counts = new Map();
  for (const name of names) {
    for (const word of new Set(name.toLowerCase().match(/\p{L}{4,}/gu) ?? [])) counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
}

/** What the served /browse page loads before it runs: its scripts, module preloads and stylesheets. */
function initialAssets(clientDir, html) {
  const attribute = (tag, name) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1] ?? null;
  const js = new Set();
  const css = new Set();
  for (const [tag] of html.matchAll(/<(script|link)\b[^>]*>/g)) {
    if (tag.startsWith('<script')) {
      const src = attribute(tag, 'src');
      if (src) js.add(src);
    } else if (attribute(tag, 'rel') === 'modulepreload') js.add(attribute(tag, 'href'));
    else if (attribute(tag, 'rel') === 'stylesheet') css.add(attribute(tag, 'href'));
  }
  const measure = (urls) => {
    const files = [...urls].filter((url) => url.startsWith('/')).map((url) => {
      const data = fs.readFileSync(path.join(clientDir, url.split('?')[0]));
      return { url, bytes: data.length, gzip: zlib.gzipSync(data, { level: 9 }).length };
    });
    return { files, bytes: files.reduce((s, f) => s + f.bytes, 0), gzip: files.reduce((s, f) => s + f.gzip, 0) };
  };
  return { js: measure(js), css: measure(css) };
}

