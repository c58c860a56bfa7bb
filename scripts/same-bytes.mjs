// The same-bytes ceiling of `npm run bench` (issue 52): each row's answers recorded from the app as sent,
// then served by bare node:http (scripts/same-bytes-server.mjs, its own process) for the same load.
import { fork } from 'node:child_process';
import http from 'node:http';
import { freePort } from './load-harness.mjs';

/** Sends `message` to a forked child and resolves with its reply. */
function ask(child, message) {
  return new Promise((resolve) => {
    child.once('message', resolve);
    child.send(message);
  });
}

// Headers each connection or moment has of its own: Node writes them for the same-bytes server too.
const PER_CONNECTION = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/**
 * What the app sends for each URL of a row's requests, as sent: the status, the headers (but the ones
 * Node writes per connection; a streamed body gets its Content-Length) and the body's bytes, compressed
 * as asked. For the same-bytes server, as `[url, status, rawHeaders, base64 body]`.
 */
export async function recordAnswers(base, requests) {
  const { hostname, port } = new URL(base);
  const jobs = requests.flatMap((r) => (r.paths ?? [r.path]).map((urlPath) => ({ method: r.method ?? 'GET', path: urlPath, headers: r.headers ?? {} })));
  const one = (job) =>
    new Promise((resolve, reject) => {
      http
        .request({ hostname, port, method: job.method, path: job.path, headers: job.headers }, (res) => {
          const chunks = [];
          res
            .on('data', (chunk) => chunks.push(chunk))
            .on('end', () => {
              const body = Buffer.concat(chunks);
              const headers = [];
              for (let i = 0; i < res.rawHeaders.length; i += 2) {
                if (!PER_CONNECTION.has(res.rawHeaders[i].toLowerCase())) headers.push(res.rawHeaders[i], res.rawHeaders[i + 1]);
              }
              if (res.headers['content-length'] === undefined) headers.push('Content-Length', String(body.length));
              resolve([job.path, res.statusCode, headers, body.toString('base64')]);
            })
            .on('error', reject);
        })
        .on('error', reject)
        .end();
    });
  const answers = [];
  // A few at a time: a row of 1,000 product pages is recorded in a second or two.
  for (let i = 0; i < jobs.length; i += 8) answers.push(...(await Promise.all(jobs.slice(i, i + 8).map(one))));
  return answers;
}

/** Starts the same-bytes server on a free port; `serve(answers)` replaces what it answers. */
export async function startSameBytesServer() {
  const child = fork(new URL('./same-bytes-server.mjs', import.meta.url).pathname, [], { stdio: 'inherit' });
  const port = await freePort();
  await ask(child, { port });
  return { child, base: `http://127.0.0.1:${port}`, serve: (answers) => ask(child, { answers }) };
}
