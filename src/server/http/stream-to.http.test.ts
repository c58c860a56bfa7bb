// streamTo over a real HTTP server and client: a whole body, a client that leaves, a source that fails.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { streamTo } from './node-web';

let server: http.Server | null = null;

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  server = null;
});

/** A server whose one route streams `source()` with streamTo; `outcome` settles as streamTo does. */
async function serve(source: () => Readable) {
  let settle!: (value: { resolved: true } | { rejected: unknown }) => void;
  const outcome = new Promise<{ resolved: true } | { rejected: unknown }>((resolve) => (settle = resolve));
  let body: Readable | null = null;
  server = http.createServer((_req, res) => {
    body = source();
    res.writeHead(200, { 'content-type': 'text/plain' });
    streamTo(res, body).then(
      () => settle({ resolved: true }),
      (error: unknown) => settle({ rejected: error }),
    );
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, outcome, body: () => body };
}

/** 64 KB pieces, forever, unless `failAfter` pieces have gone: then the source fails with `failure`. */
function pieces(failAfter = Infinity, failure = new Error('the database went away')) {
  let sent = 0;
  return new Readable({
    read() {
      if (sent === failAfter) return this.destroy(failure);
      sent += 1;
      this.push(Buffer.alloc(64 * 1024, 'a'));
    },
  });
}

/** GETs the route: the bytes received and how the response ended (`end`, or the client's error). */
function get(port: number, leaveAfterFirstBytes = false): Promise<{ bytes: number; ended: 'end' | 'cut' | 'left' }> {
  return new Promise((resolve) => {
    let bytes = 0;
    const req = http.get({ host: '127.0.0.1', port, path: '/' }, (res) => {
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (leaveAfterFirstBytes) {
          req.destroy();
          resolve({ bytes, ended: 'left' });
        }
      });
      res.on('end', () => resolve({ bytes, ended: 'end' }));
      res.on('aborted', () => resolve({ bytes, ended: 'cut' }));
    });
    req.on('error', () => resolve({ bytes, ended: 'cut' }));
  });
}

describe('streamTo', () => {
  it('sends the whole body and resolves', async () => {
    const route = await serve(() => Readable.from([Buffer.from('one,'), Buffer.from('two')]));
    const got = await get(route.port);
    expect(got).toEqual({ bytes: 7, ended: 'end' });
    expect(await route.outcome).toEqual({ resolved: true });
  });

  it('resolves when the client leaves mid-download, and stops reading the source', async () => {
    const route = await serve(() => pieces());
    const got = await get(route.port, true);
    expect(got.ended).toBe('left');
    expect(await route.outcome).toEqual({ resolved: true });
    expect(route.body()?.destroyed).toBe(true);
  });

  it('rejects with the source failure mid-download, and the client sees the response cut short', async () => {
    const failure = new Error('the database went away');
    const route = await serve(() => pieces(3, failure));
    const [got, outcome] = await Promise.all([get(route.port), route.outcome]);
    expect(outcome).toEqual({ rejected: failure });
    expect(got.ended).toBe('cut');
    expect(got.bytes).toBeLessThanOrEqual(3 * 64 * 1024);
  });

  it('rejects with a failure coded as a broken connection when it is the source that breaks', async () => {
    // A bucket's stream that loses its own connection fails with ECONNRESET: still a failure of the source.
    const failure = Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' });
    const route = await serve(() => pieces(1, failure));
    const [got, outcome] = await Promise.all([get(route.port), route.outcome]);
    expect(outcome).toEqual({ rejected: failure });
    expect(got.ended).toBe('cut');
  });
});
