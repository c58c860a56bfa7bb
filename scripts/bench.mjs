// Load benchmark of a running server (never of anything off this machine): each target for a few
// seconds with autocannon, then the server's resident memory if its pid is given.
// Usage: npx node scripts/bench.mjs --base http://127.0.0.1:3000 [--seconds 5] [--connections 50] [--pid PID] [path ...]
import autocannon from 'autocannon';
import fs from 'node:fs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i === -1 ? fallback : args.splice(i, 2)[1];
};
const base = option('base', 'http://127.0.0.1:3000');
const seconds = Number(option('seconds', '5'));
const connections = Number(option('connections', '50'));
const pid = option('pid', null);
const host = new URL(base).hostname;
if (!['127.0.0.1', 'localhost', '::1'].includes(host)) {
  console.error('Benchmarks only run against this machine (127.0.0.1 / localhost).');
  process.exit(2);
}
const targets = args.length
  ? args
  : ['/healthz', '/browse', '/api/trpc/auth.me', '/api/trpc/catalog.browse?input=%7B%7D', '/api/trpc/catalog.shops?input=%7B%7D'];

function rssMb() {
  if (!pid) return null;
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

console.log(`| target | req/s | p50 ms | p99 ms | non-2xx |${pid ? ' RSS after (MB) |' : ''}`);
console.log(`| --- | --- | --- | --- | --- |${pid ? ' --- |' : ''}`);
for (const path of targets) {
  const result = await autocannon({ url: base + path, connections, duration: seconds });
  const row = [path, Math.round(result.requests.average), result.latency.p50, result.latency.p99, result.non2xx];
  if (pid) row.push(rssMb());
  console.log(`| ${row.join(' | ')} |`);
}
