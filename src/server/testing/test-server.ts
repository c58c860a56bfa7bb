import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { inject } from 'vitest';
import { createSessionCache } from '../auth/session-cache';
import { createPublicCache } from '../cache/public-cache';
import { createShareHeadRenderer } from '../catalog/share-head';
import { createAppServer, type ServerDeps } from '../http/server';
import { rateLimiterFor } from '../rate-limits/shared-rate-limiter';
import { TEST_PASSWORD } from './factories';
import { createTestEnv, type TestEnv } from './test-app';

export interface TestServer {
  env: TestEnv;
  port: number;
  close(): Promise<void>;
}

/**
 * A stand-in for the built renderer (dist/ssr/entry-server.js, an ES module exporting `renderPage` and
 * `isAppPath`) and an empty client manifest, where the server looks for them: ../ssr beside the test
 * server's client folder. Returns the renderer's file, for a test that imports it to read its counts.
 */
export function writeStandInRenderer(env: TestEnv, source: string): string {
  const ssr = path.join(env.dir, 'ssr');
  fs.mkdirSync(ssr, { recursive: true });
  fs.writeFileSync(path.join(ssr, 'entry-server.js'), source);
  fs.writeFileSync(path.join(ssr, 'client-manifest.json'), '{}');
  return path.join(ssr, 'entry-server.js');
}

/**
 * The real HTTP server on port 0 over a copy of the test database, with a stand-in built client
 * (an index.html) in the case's folder. `deps` overrides what the server is given (limits, proxy
 * trust, a limiter with other policies...).
 */
export async function startTestServer(deps: Partial<ServerDeps> = {}, env: TestEnv = createTestEnv()): Promise<TestServer> {
  const clientDist = path.join(env.dir, 'client');
  fs.mkdirSync(clientDist, { recursive: true });
  fs.writeFileSync(
    path.join(clientDist, 'index.html'),
    '<!doctype html><html lang="en"><head><title>Marketplace</title><meta name="description" content="Shop from local stores and pay cash on delivery." /></head><body><div id="root"></div></body></html>',
  );
  const server = createAppServer({
    db: env.db,
    config: env.config,
    events: env.events,
    limiter: rateLimiterFor(env.db),
    authSecret: 'test-secret-test-secret-test-secret',
    clientDist,
    publicUrl: undefined,
    renderHead: createShareHeadRenderer(env.db),
    // TEST_CACHES=off: every answer computed and every session read from the database, as with
    // PUBLIC_CACHE_MAX_BYTES=0, OWN_READS_CACHE_MAX_BYTES=0 and SESSION_CACHE_MAX_ENTRIES=0 (a test
    // that brings its own cache keeps it).
    ...(inject('cachesOff')
      ? { publicCache: createPublicCache({ maxBytes: 0, maxAgeMs: 0 }), ownReads: createPublicCache({ maxBytes: 0, maxAgeMs: 0 }), sessionCache: createSessionCache({ maxEntries: 0 }) }
      : {}),
    ...deps,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    env,
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  json<T = unknown>(): T;
}

export interface RawRequest {
  method?: string;
  headers?: Record<string, string>;
  /** A body sent in one piece (with its Content-Length unless headers say otherwise). */
  body?: string | Buffer;
  /** A body sent chunked, `chunks` pieces of `chunkBytes` each, stopping once the server answers. */
  chunked?: { chunks: number; chunkBytes: number };
  /** Only the headers, declaring a body of this many bytes that is never sent. */
  declaredBytes?: number;
}

/**
 * One request over node:http, so every header (Host, Origin, X-Forwarded-For, a Content-Length the
 * body does not match) is sent exactly as given. Resolves with the answer even when the server
 * closes the connection before the whole body was sent, as it does when refusing one.
 */
export function rawRequest(port: number, urlPath: string, options: RawRequest = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.body !== undefined) headers['content-length'] = String(Buffer.byteLength(options.body));
    if (options.declaredBytes !== undefined) headers['content-length'] = String(options.declaredBytes);
    let answered = false;
    const req = http.request({ host: '127.0.0.1', port, path: urlPath, method: options.method ?? 'GET', headers, agent: false }, (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json: <T>() => JSON.parse(text) as T });
      });
      res.on('error', reject);
    });
    // Writing into a connection the server has closed after answering is expected here.
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    if (options.chunked) {
      const chunk = Buffer.alloc(options.chunked.chunkBytes, 'a');
      let left = options.chunked.chunks;
      const write = (): void => {
        while (left > 0 && !answered && !req.destroyed) {
          left -= 1;
          if (!req.write(chunk)) {
            req.once('drain', write);
            return;
          }
        }
        if (!answered && !req.destroyed) req.end();
      };
      write();
    } else if (options.declaredBytes !== undefined) {
      req.flushHeaders();
    } else {
      req.end(options.body);
    }
    // A server that waits for a body it will never get would otherwise hang the test until its timeout.
    setTimeout(() => {
      if (!answered) {
        req.destroy();
        reject(new Error(`no answer to ${options.method ?? 'GET'} ${urlPath}`));
      }
    }, 5000).unref();
  });
}

/** Signs in over HTTP as a browser does (the CSRF token, then the credentials form); the session cookie. */
export async function signInOverHttp(port: number, email: string, password = TEST_PASSWORD): Promise<string> {
  const base = `http://127.0.0.1:${port}`;
  const csrf = await fetch(`${base}/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const reply = await fetch(`${base}/auth/callback/credentials`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-auth-return-redirect': '1',
      origin: base,
      cookie: csrf.headers.getSetCookie().map((c) => c.split(';')[0]).join('; '),
    },
    body: new URLSearchParams({ email, password, csrfToken }).toString(),
  });
  const session = reply.headers.getSetCookie().find((c) => c.startsWith('authjs.session-token='));
  if (!session) throw new Error(`could not sign in ${email}: ${reply.status} ${await reply.text()}`);
  return session.split(';')[0]!;
}

/** A mail program's one-click unsubscribe (RFC 8058): a POST of `List-Unsubscribe=One-Click` to the email's link. */
export function oneClickUnsubscribe(port: number, link: URL): Promise<Response> {
  return fetch(`http://127.0.0.1:${port}${link.pathname}${link.search}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
  });
}
