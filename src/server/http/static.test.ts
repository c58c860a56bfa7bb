import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createClientHandler } from './static';

/** The built client's files, from a real folder over a real HTTP server. */
let dist: string;
let server: http.Server;
let base: string;

beforeEach(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'static-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'assets', 'app-1.js'), 'console.log(1)');
  fs.writeFileSync(path.join(dist, 'assets', 'app-2.js'), 'console.log(2)');
  const handler = createClientHandler(dist, async (_req, res) => {
    res.writeHead(200).end('page');
  });
  server = http.createServer((req, res) => void handler(req, res, (req.url ?? '/').split('?')[0]!, 'http://localhost'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(async () => {
  vi.restoreAllMocks();
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(dist, { recursive: true, force: true });
});

describe("the built client's files", () => {
  it('answers 404 for a file removed after it was found and before it was opened, and serves the next', async () => {
    // A build replaced under a running server: the file goes between the server's stat and its open.
    const open = fs.createReadStream;
    vi.spyOn(fs, 'createReadStream').mockImplementationOnce(((file: string, options?: Parameters<typeof open>[1]) => {
      fs.rmSync(file);
      return open(file, options);
    }) as typeof open);
    const gone = await fetch(`${base}/assets/app-1.js`);
    expect(gone.status).toBe(404);
    expect(await gone.text()).toBe('Not found');
    const next = await fetch(`${base}/assets/app-2.js`);
    expect(next.status).toBe(200);
    expect(next.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await next.text()).toBe('console.log(2)');
  });
});
