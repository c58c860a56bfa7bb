// `npm run lighthouse -- [--only direct|caddy] [--large] [--no-build] [--build DIR] [--runs N] [--keep]`:
// Lighthouse (mobile: its default phone, simulated slow 4G and CPU) on the five public pages, /browse, a
// product page, /shops, a storefront and the marketplace's Terms page (/p/terms), served by the production build on a freshly seeded temporary
// database (the demo seed; the 20,000-product seed with --large), in Debian's Chromium (installed with
// apt when missing, scripts/services/chromium.mjs), along two paths:
// - direct: the bare Node server over plain HTTP/1.1, as before;
// - caddy: the production path a user gets, the repo's Caddyfile (scripts/services/caddy.mjs: Debian's
//   Caddy, installed with apt when missing, a self-signed certificate for 127.0.0.1 that Chromium is told
//   to accept) over HTTPS and HTTP/2, the app behind it with PUBLIC_URL set to Caddy's https origin and
//   TRUST_PROXY=1 as in compose.yaml. Fails when the pages do not arrive over h2, or the app does not
//   see https (Secure cookies, HSTS, canonical URLs) or Caddy does not compress its HTML.
// Both by default, each its own server on its own copy of the seeded database, the audits alternating
// between them so that both see the same load on a shared machine; `--only` picks one. Prints, per path, performance, accessibility, best practices and
// SEO per page with the main timings, every audit that lost points, and writes bench/lighthouse.json.
// With --runs N each page is audited N times and the median performance run is kept (simulated timings
// vary a little between runs). Goals (issue 33): 100 in all four. Measures, does not assert.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import lighthouse from 'lighthouse';
import { buildIsOlderThanSources } from './build-freshness.mjs';
import { freePort, loadRunEnv, readOption, startBuiltServer, trpcPath } from './load-harness.mjs';
import { requireNode24 } from './node-version.mjs';
import { startCaddy } from './services/caddy.mjs';
import { CHROMIUM, ensureChromium } from './services/chromium.mjs';

const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const TIMINGS = { 'first-contentful-paint': 'FCP', 'largest-contentful-paint': 'LCP', 'total-blocking-time': 'TBT', 'cumulative-layout-shift': 'CLS', 'speed-index': 'SI' };

/** Chromium with its DevTools port open (Lighthouse connects to it), in a profile of its own. */
async function startChromium(profile, extraFlags = []) {
  const port = await freePort();
  // Its temporary folder in the profile too: the one it makes for its singleton socket stayed in /tmp after every run.
  fs.mkdirSync(profile, { recursive: true });
  const env = { ...process.env, TMPDIR: profile };
  const chrome = spawn(CHROMIUM, [...CHROME_FLAGS, ...extraFlags, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'], { stdio: 'ignore', env });
  for (let i = 0; ; i += 1) {
    const up = await fetch(`http://127.0.0.1:${port}/json/version`).then((r) => r.ok, () => false);
    if (up) return { chrome, port };
    if (i > 100 || chrome.exitCode !== null) throw new Error(`Chromium (${CHROMIUM}) did not open its DevTools port`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Ends a child process and waits for it to exit. */
function stop(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
}

/**
 * One audit of one page: the four scores (0-100), the timings, every weighted audit that lost points
 * (the performance metrics with their own score), the insights that could save LCP, FCP or TBT, and the
 * page's own requests by protocol (what the caddy path checks is h2).
 */
async function audit(url, port) {
  const { lhr } = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES });
  const scores = Object.fromEntries(CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]));
  const timings = Object.fromEntries(Object.entries(TIMINGS).map(([id, name]) => [name, lhr.audits[id]?.numericValue ?? null]));
  const lost = [];
  for (const id of CATEGORIES) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const result = lhr.audits[ref.id];
      if (ref.weight > 0 && result && result.score !== null && result.score < 1) lost.push(`${id}: ${ref.id} (${result.title}) ${result.score.toFixed(2)}`);
    }
  }
  const opportunities = Object.values(lhr.audits)
    .filter((a) => a.score !== null && a.score < 1 && ['LCP', 'FCP', 'TBT'].some((metric) => (a.metricSavings?.[metric] ?? 0) >= 50))
    .map((a) => `${a.id} (${Object.entries(a.metricSavings).filter(([, ms]) => ms > 0).map(([metric, ms]) => `${metric} ~${Math.round(ms)} ms`).join(', ')})`);
  const origin = new URL(url).origin;
  const requests = (lhr.audits['network-requests']?.details?.items ?? []).filter((item) => item.url.startsWith(`${origin}/`));
  const protocols = {};
  for (const item of requests) protocols[item.protocol] = (protocols[item.protocol] ?? 0) + 1;
  const document = requests.find((item) => item.resourceType === 'Document');
  // Where the main thread's time went (what TBT is made of): by kind of work, and the scripts that took most.
  const short = (address) => (address.startsWith(origin) ? address.slice(origin.length) : address);
  const mainThread = (lhr.audits['mainthread-work-breakdown']?.details?.items ?? []).slice(0, 4).map((item) => `${item.groupLabel ?? item.group} ${Math.round(item.duration)}`);
  const scripts = (lhr.audits['bootup-time']?.details?.items ?? []).slice(0, 4).map((item) => `${short(item.url)} ${Math.round(item.total)} (script ${Math.round(item.scripting)}, parse ${Math.round(item.scriptParseCompile)})`);
  return { url, scores, timings, lost, opportunities, mainThread, scripts, requests: requests.length, protocols, documentProtocol: document?.protocol ?? null, runtimeError: lhr.runtimeError?.message ?? null };
}

/** A GET over https that trusts exactly `ca` (Caddy's certificate), with the body decompressed. */
function httpsGet(url, ca, headers = {}) {
  return new Promise((resolve, reject) => {
    https
      .get(url, { ca, headers }, (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const body = res.headers['content-encoding'] === 'gzip' ? zlib.gunzipSync(raw) : raw;
          resolve({ status: res.statusCode, headers: res.headers, text: body.toString() });
        });
      })
      .on('error', reject);
  });
}

/**
 * What the app behind Caddy must do as it does in production (compose.yaml: PUBLIC_URL https, TRUST_PROXY=1),
 * checked before the audits so a misconfigured proxy cannot pass as a measurement: HTML compressed by
 * Caddy, HSTS and the canonical URL on the https origin, Auth.js's cookies Secure and __Host- prefixed.
 * Returns the lines to print; throws on the first thing wrong.
 */
async function checkBehindCaddy(caddy, pagePath) {
  const page = await httpsGet(caddy.url + pagePath, caddy.certificate, { 'accept-encoding': 'gzip' });
  const canonical = page.text.match(/<link rel="canonical" href="([^"]+)"/)?.[1] ?? null;
  const csrf = await httpsGet(`${caddy.url}/auth/csrf`, caddy.certificate);
  const cookies = csrf.headers['set-cookie'] ?? [];
  const problems = [
    page.status !== 200 && `${pagePath} answered ${page.status} through Caddy`,
    page.headers['content-encoding'] !== 'gzip' && `Caddy did not gzip ${pagePath} (content-encoding: ${page.headers['content-encoding'] ?? 'none'})`,
    !page.headers['strict-transport-security'] && 'no Strict-Transport-Security: the app does not see https',
    canonical !== caddy.url + pagePath && `the canonical URL is ${canonical}, not ${caddy.url + pagePath}`,
    !cookies.some((cookie) => cookie.startsWith('__Host-authjs.csrf-token=') && /;\s*Secure/i.test(cookie)) && `Auth.js's CSRF cookie is not a Secure __Host- cookie: ${cookies.join(' | ') || 'none set'}`,
  ].filter(Boolean);
  if (problems.length > 0) throw new Error(`the app behind Caddy does not behave as in production:\n- ${problems.join('\n- ')}\n--- Caddy's log ---\n${caddy.output().trim()}`);
  return [`${pagePath} gzipped by Caddy, HSTS sent, canonical ${canonical}`, `Auth.js cookies Secure with the __Host- prefix (${cookies.map((c) => c.split('=')[0]).join(', ')})`];
}

const ms = (value) => (value === null ? '-' : `${Math.round(value)}`);

/** One path's table and what lost points, as printed and as docs/performance.md quotes it. */
function printResults(label, results) {
  console.log(`\n${label}`);
  console.log('| page | performance | accessibility | best practices | SEO | FCP ms | LCP ms | TBT ms | CLS | requests (protocol) |');
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const r of results) {
    const t = r.timings;
    const protocols = Object.entries(r.protocols).map(([name, count]) => `${count} ${name}`).join(', ');
    console.log(`| ${r.name} | ${r.scores.performance} | ${r.scores.accessibility} | ${r.scores['best-practices']} | ${r.scores.seo} | ${ms(t.FCP)} | ${ms(t.LCP)} | ${ms(t.TBT)} | ${t.CLS === null ? '-' : t.CLS.toFixed(3)} | ${protocols} |`);
  }
  for (const r of results) {
    if (r.runtimeError) console.log(`${r.name}: Lighthouse could not audit it: ${r.runtimeError}`);
    for (const line of r.lost) console.log(`${r.name}: lost points in ${line}`);
    if (r.scores.performance < 100 && r.opportunities.length > 0) console.log(`${r.name}: insights: ${r.opportunities.join(', ')}`);
    if (r.timings.TBT > 0) console.log(`${r.name}: main thread ms (simulated): ${r.mainThread.join(', ')}; by script: ${r.scripts.join(', ')}`);
  }
}

/** Per page, what changes from the bare server to Caddy: the scores, LCP, and the audits that lose points on one path only. */
function printComparison([direct, caddy]) {
  console.log('\n== direct -> through Caddy');
  const ids = (page) => new Set(page.lost.map((line) => line.split(' (')[0]));
  for (const d of direct.pages) {
    const c = caddy.pages.find((page) => page.path === d.path);
    if (!c) continue;
    const scores = CATEGORIES.map((id) => `${id} ${d.scores[id]} -> ${c.scores[id]}`).join(', ');
    const onlyCaddy = [...ids(c)].filter((id) => !ids(d).has(id));
    const onlyDirect = [...ids(d)].filter((id) => !ids(c).has(id));
    console.log(`${d.name}: ${scores}; LCP ${ms(d.timingsMs.LCP)} -> ${ms(c.timingsMs.LCP)} ms, TBT ${ms(d.timingsMs.TBT)} -> ${ms(c.timingsMs.TBT)} ms`);
    if (onlyCaddy.length > 0) console.log(`  loses points only through Caddy: ${onlyCaddy.join(', ')}`);
    if (onlyDirect.length > 0) console.log(`  loses points only direct: ${onlyDirect.join(', ')}`);
  }
}

const USAGE = 'Usage: npm run lighthouse -- [--only direct|caddy] [--large] [--no-build] [--build DIR] [--runs N] [--keep]';

async function main() {
  const args = process.argv.slice(2);
  const runs = Number(readOption(args, 'runs', '1'));
  const only = readOption(args, 'only', null);
  if (!Number.isInteger(runs) || runs < 1 || ![null, 'direct', 'caddy'].includes(only)) {
    console.error(USAGE);
    process.exit(2);
  }
  const paths = only === null ? ['direct', 'caddy'] : [only];
  requireNode24();
  // Before anything is built or seeded: a missing browser is installed (or named) first.
  ensureChromium();
  const step = (text) => console.log(`\n== ${text}`);

  // Its own build folder (as the bench), so a build started in dist/ meanwhile cannot change what is measured.
  const build = path.resolve(readOption(args, 'build', '.build-lighthouse'));
  if (!args.includes('--no-build') && (!fs.existsSync(path.join(build, 'server', 'index.js')) || buildIsOlderThanSources(build))) {
    step(`building the production bundle into ${path.relative(process.cwd(), build)}/`);
    execFileSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit', env: { ...process.env, BUILD_DIR: build } });
  }

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-lighthouse-'));
  const large = args.includes('--large');
  const env = loadRunEnv(dir, build);
  step(`seeding ${env.DATABASE_PATH} (${large ? 'large' : 'demo'})`);
  execFileSync('npm', ['run', '--silent', 'seed', ...(large ? ['--', '--scale', 'large'] : [])], { stdio: 'inherit', env });

  // Whatever runs, stopped (and awaited) before the folder goes: Chromium writes to its profile until it exits.
  const servers = [];
  let chrome = null;
  let caddy = null;
  const report = {
    measuredAt: new Date().toISOString(),
    machine: { cores: os.cpus().length, cpu: os.cpus()[0]?.model.trim() ?? null, node: process.versions.node, loadAverage: null },
    seed: large ? 'large' : 'demo',
    lighthouse: { formFactor: 'mobile', throttling: 'simulated (Lighthouse default)', chromium: CHROMIUM, runs },
    paths: [],
  };
  try {
    // Each path its own server on its own copy of the database, both up at once: the audits alternate
    // between them (page by page, run by run), so both see the same load on a shared machine.
    const targets = [];
    for (const via of paths) {
      let serverEnv = env;
      let caddyPort = null;
      if (via === 'caddy') {
        // As compose.yaml runs it: told its public https origin first (canonical URLs, Secure cookies, HSTS),
        // so Caddy's port is picked now, and trusting the one proxy hop.
        caddyPort = await freePort();
        const database = path.join(dir, 'db-caddy.sqlite');
        for (const suffix of ['', '-wal']) if (fs.existsSync(env.DATABASE_PATH + suffix)) fs.copyFileSync(env.DATABASE_PATH + suffix, database + suffix);
        serverEnv = { ...env, DATABASE_PATH: database, PUBLIC_URL: `https://127.0.0.1:${caddyPort}`, TRUST_PROXY: '1' };
      }
      const { server, client } = await startBuiltServer(build, serverEnv, path.join(dir, `server-${via}.log`));
      servers.push(server);
      let base = client.base;
      if (via === 'caddy') {
        step("the production path: the repo's Caddyfile, HTTPS with a self-signed certificate, HTTP/2");
        caddy = await startCaddy({ upstream: new URL(client.base).host, port: caddyPort });
        base = caddy.url;
        console.log(`Caddy ${base} (started in ${caddy.startSeconds} s) -> ${client.base}`);
        for (const line of await checkBehindCaddy(caddy, '/browse')) console.log(line);
      }
      targets.push({ via, client, base });
    }

    // A product and its shop, as /browse lists them first (the same in both copies).
    const { client } = targets[0];
    const first = JSON.parse((await client.request(trpcPath('catalog.products', { search: '', category: '', shop: '', limit: 1 }))).text).result.data.items[0];
    if (!first) throw new Error('the seeded catalog has no product to audit');
    const pages = [
      ['/browse', '/browse'],
      ['product page', `/product/${first.slug}`],
      ['/shops', '/shops'],
      ['storefront', `/shop/${first.shop.slug}`],
      // A marketplace page (issue 47): the demo seed publishes Terms.
      ['/p/terms', '/p/terms'],
    ];
    // Each page once first on each server: the audits measure running servers, not a first render after start.
    for (const target of targets) for (const [, pagePath] of pages) await target.client.request(pagePath);

    const load = () => os.loadavg().map((value) => value.toFixed(1)).join(' ');
    step(`Lighthouse on ${targets.map((t) => `${t.via} ${t.base}`).join(' and ')} ${runs > 1 ? `(${runs} runs a page each, median performance kept) ` : ''}in ${CHROMIUM}; load average ${load()}`);
    // Chromium trusts exactly Caddy's certificate key (the flag needs the --user-data-dir it gets).
    const started = await startChromium(path.join(dir, 'chromium'), caddy ? [`--ignore-certificate-errors-spki-list=${caddy.spkiHash}`] : []);
    chrome = started.chrome;
    const results = Object.fromEntries(paths.map((via) => [via, []]));
    for (const [name, pagePath] of pages) {
      const attempts = Object.fromEntries(paths.map((via) => [via, []]));
      for (let run = 0; run < runs; run += 1) for (const { via, base } of targets) attempts[via].push(await audit(base + pagePath, started.port));
      for (const via of paths) {
        attempts[via].sort((a, b) => a.scores.performance - b.scores.performance);
        results[via].push({ name, path: pagePath, ...attempts[via][Math.floor((runs - 1) / 2)] });
      }
      process.stdout.write(`${name} `);
    }
    report.machine.loadAverage = load();
    console.log(`(load average ${report.machine.loadAverage}: TBT grows with it, as Lighthouse scales the main thread's observed tasks)`);

    // The point of the caddy path: every request of each page over HTTP/2.
    const notH2 = (results.caddy ?? []).filter((r) => r.runtimeError === null && (r.documentProtocol !== 'h2' || Object.keys(r.protocols).some((p) => p !== 'h2')));
    if (notH2.length > 0) {
      throw new Error(`not served over HTTP/2 through Caddy: ${notH2.map((r) => `${r.name} (document ${r.documentProtocol}; ${JSON.stringify(r.protocols)})`).join(', ')}`);
    }
    for (const { via, base } of targets) {
      report.paths.push({
        via,
        origin: base,
        proxy: via === 'caddy' ? "Caddy (the repo's Caddyfile), HTTPS, self-signed certificate" : null,
        pages: results[via].map(({ name, path: pagePath, scores, timings, lost, opportunities, mainThread, scripts, requests, protocols }) => ({ name, path: pagePath, scores, timingsMs: timings, lost, insights: opportunities, mainThread, scripts, requests, protocols })),
      });
      printResults(`== results, ${via === 'caddy' ? 'through Caddy (HTTPS, HTTP/2)' : 'direct (HTTP/1.1)'} (goal: 100 in all four)`, results[via]);
    }
    if (report.paths.length === 2) printComparison(report.paths);
    fs.mkdirSync('bench', { recursive: true });
    fs.writeFileSync(path.join('bench', 'lighthouse.json'), `${JSON.stringify(report, null, 2)}\n`);
    console.log('\nwrote bench/lighthouse.json');
  } finally {
    await Promise.all([chrome && stop(chrome), ...servers.map((server) => stop(server)), caddy?.stop()]);
    if (args.includes('--keep')) console.log(`kept ${dir}`);
    else fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
